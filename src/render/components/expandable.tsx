import type { ComponentChildren, JSX } from 'preact';
import { BuiltinIcon } from './builtin-icon.js';
import { flag, nodeProp } from './props.js';

export interface ExpandableProps {
  readonly children?: ComponentChildren;
  /** What is inside (default `properties`); the summary reads "Show TITLE" / "Hide TITLE" via CSS. */
  readonly title?: unknown;
  readonly defaultOpen?: unknown;
}

/** `<details class="sheaf-expandable">`: nested fields of a ParamField / ResponseField. */
export function Expandable(props: ExpandableProps): JSX.Element {
  return (
    <details class="sheaf-expandable expandable" open={flag(props.defaultOpen)}>
      <summary class="sheaf-expandable-summary">
        <BuiltinIcon name="chevron-right" class="sheaf-expandable-chevron" />
        <span class="sheaf-expandable-title">{nodeProp(props.title) ?? 'properties'}</span>
      </summary>
      <div class="sheaf-expandable-body">{props.children}</div>
    </details>
  );
}
