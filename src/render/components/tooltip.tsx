import type { ComponentChildren, JSX } from 'preact';
import { nodeProp, stringProp } from './props.js';

export interface TooltipProps {
  readonly children?: ComponentChildren;
  /** The tooltip text (required by Mintlify; without it only the children render). */
  readonly tip?: unknown;
  /** Bold text before the tip. */
  readonly headline?: unknown;
  /** Link text, shown when `href` is set too. */
  readonly cta?: unknown;
  readonly href?: unknown;
}

/**
 * `<span class="sheaf-tooltip" tabindex="0">` around the term, with a `role="tooltip"` bubble that
 * CSS shows on hover and keyboard focus (no script). Inline markup only, so it fits in a paragraph.
 */
export function Tooltip(props: TooltipProps): JSX.Element {
  const tip = nodeProp(props.tip);
  const headline = nodeProp(props.headline);
  const cta = nodeProp(props.cta);
  const href = stringProp(props.href);
  if (tip === undefined && headline === undefined) return <>{props.children}</>;
  return (
    <span class="sheaf-tooltip tooltip" tabIndex={0}>
      <span class="sheaf-tooltip-trigger">{props.children}</span>
      <span class="sheaf-tooltip-bubble" role="tooltip">
        {headline !== undefined ? <span class="sheaf-tooltip-headline">{headline}</span> : null}
        {tip !== undefined ? <span class="sheaf-tooltip-tip">{tip}</span> : null}
        {cta !== undefined && href !== undefined ? (
          <a class="sheaf-tooltip-cta" href={href}>
            {cta}
          </a>
        ) : null}
      </span>
    </span>
  );
}
