import type { JSX } from 'preact';
import { htmlLanguage, languageName } from './languages.js';
import type { LayoutContext } from './layout-context.js';
import type { NavSwitcher } from './nav-context.js';
import { NavIcon } from './nav-icon.js';
import { linkAttributes } from './href.js';
import { UiIcon } from './svg.js';

const LABELS: Readonly<Record<string, string>> = {
  version: 'Version',
  language: 'Language',
  product: 'Product',
  dropdown: 'Section',
  'menu-item': 'Menu',
};

/**
 * A menu of sibling divisions (`<details>`: works without script; nav.js closes it on outside
 * click and Escape). Each option links to the first page of its division. The language menu
 * carries Mintlify's `#localization-select-trigger` and `#localization-select-content`.
 */
export function Switcher({ ctx, switcher }: { readonly ctx: LayoutContext; readonly switcher: NavSwitcher }): JSX.Element {
  const label = LABELS[switcher.type] ?? switcher.type;
  const name = (title: string): string => (switcher.type === 'language' ? languageName(title) : title);
  const current = switcher.options.find((o) => o.active);
  const language = switcher.type === 'language';
  return (
    <details class={`sheaf-switcher sheaf-switcher-${switcher.type}`} data-sheaf-switcher>
      <summary class="sheaf-switcher-button" id={language ? 'localization-select-trigger' : undefined} aria-label={`${label}: ${name(switcher.current)}`}>
        <NavIcon ctx={ctx} icon={current?.icon} class="sheaf-switcher-icon" />
        <span class="sheaf-switcher-current">{name(switcher.current)}</span>
        <UiIcon name="chevrons-up-down" class="sheaf-switcher-chevron" />
      </summary>
      <ul class="sheaf-switcher-menu" id={language ? 'localization-select-content' : undefined} aria-label={label}>
        {switcher.options.map((option) => (
          <li>
            <a
              class={option.active ? 'sheaf-switcher-option is-active' : 'sheaf-switcher-option'}
              {...linkAttributes(ctx.base, option.target, ctx.urlStyle)}
              aria-current={option.active ? 'true' : undefined}
              lang={switcher.type === 'language' ? htmlLanguage(option.title).lang : undefined}
            >
              <NavIcon ctx={ctx} icon={option.icon} class="sheaf-switcher-icon" />
              <span>{name(option.title)}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
