import type { ComponentChildren, JSX } from 'preact';
import { BuiltinIcon } from './builtin-icon.js';
import { useSettings } from './context.js';
import { IconSlot } from './icon-slot.js';
import { flag, labelText, nodeProp, stringProp } from './props.js';

export interface AccordionProps {
  readonly children?: ComponentChildren;
  readonly title?: unknown;
  /** Text under the title in the summary. */
  readonly description?: unknown;
  readonly defaultOpen?: unknown;
  readonly icon?: unknown;
  readonly iconType?: unknown;
  /** Anchor id; default: the slug of the title. */
  readonly id?: unknown;
}

/**
 * `<details class="sheaf-accordion" id="ID" data-anchor>`: works without JavaScript. The script
 * writes `#ID` to the URL when one opens (`data-anchor`) and opens the one the URL points at.
 */
export function Accordion(props: AccordionProps): JSX.Element {
  const { slug } = useSettings();
  const title = nodeProp(props.title) ?? '';
  const description = nodeProp(props.description);
  const text = labelText(title);
  const id = stringProp(props.id) ?? (text ? slug(text) : undefined);
  return (
    <details class="sheaf-accordion accordion" id={id} data-anchor={id ? '' : undefined} open={flag(props.defaultOpen)}>
      <summary class="sheaf-accordion-summary">
        <BuiltinIcon name="chevron-right" class="sheaf-accordion-chevron" />
        <IconSlot icon={props.icon} iconType={stringProp(props.iconType)} class="sheaf-accordion-icon" />
        <span class="sheaf-accordion-heading">
          <span class="sheaf-accordion-title">{title}</span>
          {description !== undefined ? <span class="sheaf-accordion-description">{description}</span> : null}
        </span>
      </summary>
      <div class="sheaf-accordion-body">{props.children}</div>
    </details>
  );
}

/** `<AccordionGroup>`: accordions joined into one bordered list. */
export function AccordionGroup(props: { readonly children?: ComponentChildren }): JSX.Element {
  return <div class="sheaf-accordion-group accordion-group">{props.children}</div>;
}
