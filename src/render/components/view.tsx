import type { ComponentChildren, JSX } from 'preact';
import { IconSlot } from './icon-slot.js';
import { stringProp } from './props.js';

export interface ViewProps {
  readonly children?: ComponentChildren;
  /** The option of the page's view selector this content belongs to. */
  readonly title?: unknown;
  readonly icon?: unknown;
  readonly iconType?: unknown;
}

/**
 * `<section class="sheaf-view" data-view="TITLE">` with a visible title. Without JavaScript every
 * view shows under its title. components.js gathers the distinct titles of the page into one
 * selector (`.sheaf-view-switcher`, placed in `[data-view-switcher]` if the layout has one, else
 * before the first view), shows only the chosen view and hides the titles.
 */
export function View(props: ViewProps): JSX.Element {
  const title = stringProp(props.title) ?? '';
  return (
    <section class="sheaf-view multi-view-item" data-view={title}>
      <div class="sheaf-view-title">
        <IconSlot icon={props.icon} iconType={stringProp(props.iconType)} class="sheaf-view-icon" />
        <span>{title}</span>
      </div>
      {props.children}
    </section>
  );
}
