import type { JSX } from 'preact';
import type { IconFile } from '../components/icons/icon-files.js';
import { sharedIconStore } from '../components/icons/icon-store.js';
import { svgMarkup } from '../components/icons/svg.js';
import type { ItemAction, MenuItem, MenuPlan } from './contextual-plan.js';
import { markdownHref } from './contextual-plan.js';
import type { LayoutContext } from './layout-context.js';
import { NavIcon } from './nav-icon.js';

/**
 * The contextual menu (docs.json `contextual`, mintlify__docs `ai/contextual-menu.mdx`).
 *
 * `header` display: Mintlify's `#page-context-menu` beside the page title, a split button: the
 * first option (`#page-context-menu-button`) and, with more than one, a menu button
 * (`aria-haspopup="menu"`) opening `#sheaf-contextual-menu` (`role="menu"`, each entry a
 * `menuitem` with its title and description). `toc` display: the entries as a list under the
 * table of contents (`ContextualList`).
 *
 * What the page's script (src/client/contextual/) reads: `[data-sheaf-contextual]` on the root,
 * with `data-markdown` (the page's `.md` copy) and `data-mcp` (the site's MCP server), both
 * relative to the page; on entries `data-sheaf-contextual-action` (`copy-page`, `copy-text` with
 * `data-sheaf-contextual-text` and `data-sheaf-contextual-copied`, `print`) and, on links built in the browser,
 * `data-sheaf-contextual-href` (a `ContextualHref` as JSON). The Ask AI entry carries the header
 * button's `data-sheaf-search-open data-sheaf-assistant-open`, which search.js and assistant.js act on.
 */

/** An icon file of the packages as inline SVG; empty when the file is missing. */
function fileIconMarkup(file: IconFile): string {
  const icon = sharedIconStore.read(file);
  return icon ? svgMarkup(icon) : '';
}

function ItemIcon({ item, ctx }: { readonly item: MenuItem; readonly ctx: LayoutContext }): JSX.Element | null {
  if (!item.icon) return <span class="sheaf-contextual-icon" aria-hidden="true" />;
  if ('file' in item.icon) return <span class="sheaf-contextual-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: fileIconMarkup(item.icon.file) }} />;
  return <NavIcon icon={item.icon.custom} ctx={ctx} class="sheaf-contextual-icon" />;
}

const EXTERNAL = { library: 'lucide', variant: '', name: 'arrow-up-right' } as const;
const CHEVRON = { library: 'lucide', variant: '', name: 'chevron-down' } as const;

/** The attributes of an entry's element for its action (a `<button>` or, for links, an `<a>`). */
function actionAttributes(action: ItemAction): Record<string, string | boolean | undefined> {
  switch (action.kind) {
    case 'copy-page':
    case 'print':
      return { type: 'button', 'data-sheaf-contextual-action': action.kind };
    case 'copy-text':
      return { type: 'button', 'data-sheaf-contextual-action': 'copy-text', 'data-sheaf-contextual-text': action.text, 'data-sheaf-contextual-copied': action.copied };
    case 'assistant':
      return { type: 'button', 'data-sheaf-search-open': true, 'data-sheaf-assistant-open': true, 'aria-haspopup': 'dialog', 'aria-controls': 'sheaf-search' };
    case 'link':
      return {
        href: action.href,
        ...(action.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
        ...(action.download ? { download: '' } : {}),
        ...(action.template ? { 'data-sheaf-contextual-href': JSON.stringify(action.template) } : {}),
      };
  }
}

/** One entry: icon, title (with ↗ for another site or app) and, in the menu, the description. */
function Entry(props: { readonly item: MenuItem; readonly ctx: LayoutContext; readonly class: string; readonly menu: boolean; readonly id?: string }): JSX.Element {
  const { item, ctx } = props;
  const Tag = item.action.kind === 'link' ? 'a' : 'button';
  const attrs: Record<string, string | number | boolean | undefined> = { ...actionAttributes(item.action), ...(props.menu ? { role: 'menuitem', tabIndex: -1 } : {}), ...(props.id ? { id: props.id } : {}) };
  return (
    <Tag class={props.class} data-option={item.id} {...attrs}>
      <ItemIcon item={item} ctx={ctx} />
      <span class="sheaf-contextual-label">
        <span class="sheaf-contextual-title">
          <span data-sheaf-contextual-title>{item.title}</span>
          {item.external ? <span class="sheaf-contextual-external" aria-hidden="true" dangerouslySetInnerHTML={{ __html: fileIconMarkup(EXTERNAL) }} /> : null}
        </span>
        {props.menu && item.description ? <span class="sheaf-contextual-description">{item.description}</span> : null}
      </span>
    </Tag>
  );
}

/** What every display's root carries for the script. */
function rootData(ctx: LayoutContext, route: string): Record<string, string | boolean> {
  return { 'data-sheaf-contextual': true, 'data-markdown': markdownHref(ctx.base, route), 'data-mcp': `${ctx.base}mcp` };
}

/** The header display: a split button beside the title. Nothing when no entry is left. */
export function ContextualMenu({ ctx, plan, route }: { readonly ctx: LayoutContext; readonly plan: MenuPlan; readonly route: string }): JSX.Element | null {
  const [first] = plan.items;
  if (!first) return null;
  return (
    <div class="sheaf-contextual" id="page-context-menu" {...rootData(ctx, route)}>
      <Entry item={first} ctx={ctx} class="sheaf-contextual-primary" menu={false} id="page-context-menu-button" />
      {plan.items.length > 1 ? (
        <>
          <button
            type="button"
            class="sheaf-contextual-toggle"
            aria-label="More page actions"
            aria-haspopup="menu"
            aria-expanded="false"
            aria-controls="sheaf-contextual-menu"
            data-sheaf-contextual-toggle
            dangerouslySetInnerHTML={{ __html: fileIconMarkup(CHEVRON) }}
          />
          <div class="sheaf-contextual-menu" id="sheaf-contextual-menu" role="menu" aria-label="Page actions" hidden>
            {plan.items.map((item) => (
              <Entry item={item} ctx={ctx} class="sheaf-contextual-item" menu={true} />
            ))}
          </div>
        </>
      ) : null}
      <span class="sheaf-visually-hidden" role="status" data-sheaf-contextual-status />
    </div>
  );
}

/** The `toc` display: the entries as a list under the table of contents. */
export function ContextualList({ ctx, plan, route }: { readonly ctx: LayoutContext; readonly plan: MenuPlan; readonly route: string }): JSX.Element | null {
  if (plan.items.length === 0) return null;
  return (
    <nav class="sheaf-contextual-toc" aria-label="Page actions" {...rootData(ctx, route)}>
      <ul class="sheaf-contextual-list">
        {plan.items.map((item) => (
          <li>
            <Entry item={item} ctx={ctx} class="sheaf-contextual-list-item" menu={false} />
          </li>
        ))}
      </ul>
      <span class="sheaf-visually-hidden" role="status" data-sheaf-contextual-status />
    </nav>
  );
}
