import { cloneElement, toChildArray, type ComponentChildren, type JSX, type VNode } from 'preact';
import { BuiltinIcon } from './builtin-icon.js';
import { InlineMarkdown } from './inline-markdown.js';
import { flag, nodeProp } from './props.js';

export interface FrameProps {
  readonly children?: ComponentChildren;
  /** Markdown shown centred under the content. */
  readonly caption?: unknown;
  /** Text shown before the frame. */
  readonly hint?: unknown;
}

/** A `<video autoPlay>` directly inside a frame also plays inline, loops and is muted (Mintlify's rule). */
function withVideoDefaults(child: ComponentChildren): ComponentChildren {
  if (typeof child !== 'object' || child === null || !('type' in child) || (child as VNode).type !== 'video') return child;
  const p = (child as VNode<Record<string, unknown>>).props;
  if (!flag(p.autoPlay) && !flag(p.autoplay)) return child;
  return cloneElement(child as VNode, { playsInline: true, loop: true, muted: true });
}

/** `<figure class="sheaf-frame frame">` with an optional `<figcaption>`, preceded by a hint paragraph. */
export function Frame(props: FrameProps): JSX.Element {
  const caption = nodeProp(props.caption);
  const hint = nodeProp(props.hint);
  return (
    <>
      {hint !== undefined ? (
        <p class="sheaf-frame-hint">
          <BuiltinIcon name="info" class="sheaf-frame-hint-icon" />
          <span>{hint}</span>
        </p>
      ) : null}
      <figure class="sheaf-frame frame">
        <div class="sheaf-frame-content">{toChildArray(props.children).map(withVideoDefaults)}</div>
        {caption !== undefined ? (
          <figcaption class="sheaf-frame-caption">
            {typeof caption === 'string' ? <InlineMarkdown text={caption} /> : caption}
          </figcaption>
        ) : null}
      </figure>
    </>
  );
}
