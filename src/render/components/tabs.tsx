import { toChildArray, type ComponentChildren, type JSX, type VNode } from 'preact';
import { IconSlot } from './icon-slot.js';
import { flag, labelText, nodeProp, numberProp, stringProp } from './props.js';

/**
 * Tabs, and the tab bar shared with CodeGroup and the API examples. Markup contract (read by
 * components.js and components.css):
 *
 *   <div class="sheaf-tabs" data-tabs [data-sync] data-default-tab="N">
 *     <div class="sheaf-tabs-bar" hidden>                        ← shown by components.js
 *       <div class="sheaf-tabs-list" role="tablist">
 *         <button role="tab" class="sheaf-tabs-tab" data-tab-title="T" aria-selected>…</button>
 *       </div>                                                   (or a <select class="sheaf-tabs-select">)
 *     </div>
 *     <div class="sheaf-tab" data-tab-title="T">                 ← one panel per tab, in order
 *       <div class="sheaf-tab-title">T</div>                     ← the heading seen without JS
 *       …content
 *     </div>
 *   </div>
 *
 * Without JavaScript the bar stays hidden and every panel shows under its title. The script sets
 * `data-enhanced` on the container, shows the bar, hides inactive panels and keeps tabs with the
 * same title in sync across `[data-sync]` groups.
 */

/** A tab as the bar shows it. */
export interface TabEntry {
  /** Its text: what `data-tab-title` holds and synced tabs match on. */
  readonly title: string;
  /** What the bar shows when the title is markup (`title={<>…</>}`); default: `title`. */
  readonly label?: ComponentChildren;
  readonly icon?: unknown;
  readonly iconType?: string | undefined;
}

export interface TabBarProps {
  readonly entries: readonly TabEntry[];
  readonly selected: number;
  /** A `<select>` instead of buttons. */
  readonly dropdown?: boolean;
  /** Extra class on the bar (`sheaf-code-group-bar`). */
  readonly class?: string;
  /** Controls after the list (the code group's copy button). */
  readonly children?: ComponentChildren;
}

export function TabBar(props: TabBarProps): JSX.Element {
  const list = props.dropdown ? (
    <select class="sheaf-tabs-select" aria-label="Choose an example">
      {props.entries.map((e, i) => (
        <option value={String(i)} selected={i === props.selected} data-tab-title={e.title}>
          {e.title}
        </option>
      ))}
    </select>
  ) : (
    <div class="sheaf-tabs-list" role="tablist">
      {props.entries.map((e, i) => (
        <button
          type="button"
          role="tab"
          class="sheaf-tabs-tab"
          data-tab-title={e.title}
          aria-selected={i === props.selected ? 'true' : 'false'}
          tabIndex={i === props.selected ? 0 : -1}
        >
          <IconSlot icon={e.icon} iconType={e.iconType} class="sheaf-tabs-icon tab-icon" />
          <span>{e.label ?? e.title}</span>
        </button>
      ))}
    </div>
  );
  return (
    <div class={props.class ? `sheaf-tabs-bar ${props.class}` : 'sheaf-tabs-bar'} hidden>
      {list}
      {props.children}
    </div>
  );
}

/**
 * The `<Tab>` elements among `children`, in order: vnodes of `Tab` itself, or of any component
 * with a `title` prop (a wrapped Tab). Each renders one `.sheaf-tab` panel, which the script pairs
 * with the bar's entries by position.
 */
export function tabEntries(children: ComponentChildren): TabEntry[] {
  return toChildArray(children).flatMap((child) => {
    if (typeof child !== 'object') return [];
    const vnode = child as VNode<Record<string, unknown>>;
    const p = vnode.props;
    if (vnode.type !== Tab && (typeof vnode.type !== 'function' || !('title' in p))) return [];
    const label = nodeProp(p.title);
    const title = labelText(label);
    return [{ title, ...(typeof label === 'object' && label !== null ? { label } : {}), icon: p.icon, iconType: stringProp(p.iconType) }];
  });
}

/** The index of the initially selected tab: `defaultTabIndex` if in range, else 0. */
export function defaultIndex(value: unknown, count: number): number {
  const n = numberProp(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 && n < count ? n : 0;
}

export interface TabsProps {
  readonly children?: ComponentChildren;
  readonly defaultTabIndex?: unknown;
  /** Sync with same-titled tabs and code groups on the page (default true). */
  readonly sync?: unknown;
  readonly borderBottom?: unknown;
}

export function Tabs(props: TabsProps): JSX.Element {
  const entries = tabEntries(props.children);
  const selected = defaultIndex(props.defaultTabIndex, entries.length);
  const sync = props.sync === undefined || flag(props.sync);
  return (
    <div
      class="sheaf-tabs tabs"
      data-tabs=""
      data-sync={sync ? '' : undefined}
      data-default-tab={String(selected)}
      data-border-bottom={flag(props.borderBottom) ? '' : undefined}
    >
      <TabBar entries={entries} selected={selected} />
      {props.children}
    </div>
  );
}

export interface TabProps {
  readonly children?: ComponentChildren;
  readonly title?: unknown;
  /** Anchor id of the panel. */
  readonly id?: unknown;
  readonly icon?: unknown;
  readonly iconType?: unknown;
}

export function Tab(props: TabProps): JSX.Element {
  const label = nodeProp(props.title) ?? '';
  return (
    <div class="sheaf-tab" data-tab-title={labelText(label)} id={stringProp(props.id)}>
      <div class="sheaf-tab-title">
        <IconSlot icon={props.icon} iconType={stringProp(props.iconType)} class="sheaf-tabs-icon tab-icon" />
        <span>{label}</span>
      </div>
      {props.children}
    </div>
  );
}
