import type { ComponentChildren, JSX } from 'preact';
import { BuiltinIcon } from './builtin-icon.js';
import { calloutTypes, isCalloutType } from './callout.js';
import { IconSlot } from './icon-slot.js';
import { classes, cssColor, flag, labelText, nodeProp, stringProp } from './props.js';

export interface CardProps {
  readonly children?: ComponentChildren;
  /** A string or markup (`title={<>Run <code>x</code></>}`). */
  readonly title?: unknown;
  readonly icon?: unknown;
  readonly iconType?: unknown;
  /** Icon colour. */
  readonly color?: unknown;
  readonly href?: unknown;
  readonly horizontal?: unknown;
  /** Image shown at the top of the card. */
  readonly img?: unknown;
  /** Call-to-action text shown at the bottom of a link card. */
  readonly cta?: unknown;
  /** Show (`true`) or hide (`false`) the arrow; default: shown for external links only. */
  readonly arrow?: unknown;
  /** Callout-style theme: `note`, `warning`, `info`, `tip`, `check`, `danger`. */
  readonly type?: unknown;
  readonly disabled?: unknown;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/**
 * `<div class="sheaf-card">`. A link card is not an `<a>` around everything (the content may hold
 * links of its own, and nested anchors break the page): the title is the link (`a.sheaf-card-link`)
 * and CSS stretches its hit area over the card. A card without a title gets an empty link labelled
 * by its CTA or href. Attributes: `data-horizontal`, `data-type`, `data-disabled`.
 */
export function Card(props: CardProps): JSX.Element {
  const title = nodeProp(props.title);
  const disabled = flag(props.disabled);
  const href = disabled ? undefined : stringProp(props.href);
  const external = href !== undefined && EXTERNAL.test(href);
  const arrow = href !== undefined && (props.arrow === undefined ? external : flag(props.arrow));
  const cta = nodeProp(props.cta);
  const type = isCalloutType(props.type) ? props.type : undefined;
  const img = stringProp(props.img);
  const linkAttrs = href === undefined ? undefined : { href, ...(external ? { target: '_blank', rel: 'noreferrer' } : {}) };
  const titleNode =
    title === undefined ? null : linkAttrs ? (
      <a class="sheaf-card-link" {...linkAttrs}>
        {title}
      </a>
    ) : (
      title
    );
  const icon =
    props.icon !== undefined ? (
      <IconSlot icon={props.icon} iconType={stringProp(props.iconType)} class="sheaf-card-icon" color={cssColor(props.color)} />
    ) : type ? (
      <BuiltinIcon name={calloutTypes[type].icon} class="sheaf-card-icon" />
    ) : null;
  return (
    <div
      class={classes('sheaf-card', 'card', href !== undefined && 'sheaf-card-linked')}
      data-horizontal={flag(props.horizontal) ? '' : undefined}
      data-type={type}
      data-disabled={disabled ? '' : undefined}
      aria-disabled={disabled ? 'true' : undefined}
    >
      {img !== undefined ? <img class="sheaf-card-img" src={img} alt="" loading="lazy" decoding="async" /> : null}
      <div class="sheaf-card-main">
        {icon}
        <div class="sheaf-card-text">
          {titleNode !== null ? <p class="sheaf-card-title">{titleNode}</p> : null}
          {title === undefined && linkAttrs ? <a class="sheaf-card-link" aria-label={(cta !== undefined ? labelText(cta) : '') || href} {...linkAttrs} /> : null}
          {props.children !== undefined && props.children !== null ? <div class="sheaf-card-content">{props.children}</div> : null}
          {cta !== undefined ? (
            <span class="sheaf-card-cta">
              {cta}
              {arrow ? <BuiltinIcon name="arrow-right" class="sheaf-card-arrow" /> : null}
            </span>
          ) : null}
        </div>
      </div>
      {cta === undefined && arrow ? <BuiltinIcon name={external ? 'arrow-up-right' : 'arrow-right'} class="sheaf-card-corner" /> : null}
    </div>
  );
}
