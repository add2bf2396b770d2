import { toChildArray, type ComponentChildren, type JSX, type VNode } from 'preact';
import { BuiltinIcon } from './builtin-icon.js';
import { flag, stringProp, textOf } from './props.js';
import { trimTrailing } from '../../text/linear-text.js';

/**
 * A file tree: `<div class="sheaf-tree"><ul class="sheaf-tree-list">` of `li.sheaf-tree-folder`
 * (a `<details>` unless `openable={false}`) and `li.sheaf-tree-file`. `data-highlight` marks the
 * active item. Children are `Tree.Folder` / `Tree.File`, or a Markdown list (`- docs/`), which is
 * read as a tree: an item with a nested list or a trailing `/` is a folder (open when it has items).
 */

export interface TreeProps {
  readonly children?: ComponentChildren;
  /** Passed through (e.g. `{{"--tree-highlight": "…"}}`). */
  readonly style?: unknown;
}

export interface FolderProps {
  readonly children?: ComponentChildren;
  readonly name?: unknown;
  readonly defaultOpen?: unknown;
  /** `false`: a fixed row that cannot be toggled; its items show only with `defaultOpen`. */
  readonly openable?: unknown;
  readonly highlight?: unknown;
}

export interface FileProps {
  readonly name?: unknown;
  readonly highlight?: unknown;
}

function TreeRoot(props: TreeProps): JSX.Element {
  const style = typeof props.style === 'string' || (typeof props.style === 'object' && props.style !== null) ? props.style : undefined;
  return (
    <div class="sheaf-tree tree" style={style as JSX.HTMLAttributes['style']}>
      <ul class="sheaf-tree-list">{toChildArray(props.children).flatMap(fromMarkdownList)}</ul>
    </div>
  );
}

function Folder(props: FolderProps): JSX.Element {
  const name = stringProp(props.name) ?? '';
  const open = flag(props.defaultOpen);
  const openable = props.openable === undefined || flag(props.openable);
  const row = (
    <>
      <BuiltinIcon name="chevron-right" class="sheaf-tree-chevron" />
      <BuiltinIcon name="folder" class="sheaf-tree-icon sheaf-tree-icon-closed" />
      <BuiltinIcon name="folder-open" class="sheaf-tree-icon sheaf-tree-icon-open" />
      <span class="sheaf-tree-name">{name}</span>
    </>
  );
  const hasItems = toChildArray(props.children).length > 0;
  const items = hasItems ? <ul class="sheaf-tree-list">{props.children}</ul> : null;
  return (
    <li class="sheaf-tree-folder tree-folder" data-highlight={flag(props.highlight) ? '' : undefined}>
      {openable ? (
        <details open={open}>
          <summary class="sheaf-tree-row">{row}</summary>
          {items}
        </details>
      ) : (
        <>
          <div class="sheaf-tree-row" data-static="" data-open={open ? '' : undefined}>
            {row}
          </div>
          {open ? items : null}
        </>
      )}
    </li>
  );
}

function File(props: FileProps): JSX.Element {
  return (
    <li class="sheaf-tree-file tree-file" data-highlight={flag(props.highlight) ? '' : undefined}>
      <div class="sheaf-tree-row">
        <BuiltinIcon name="file" class="sheaf-tree-icon" />
        <span class="sheaf-tree-name">{stringProp(props.name) ?? ''}</span>
      </div>
    </li>
  );
}

function isList(node: unknown): node is VNode<{ children?: ComponentChildren }> {
  return typeof node === 'object' && node !== null && 'type' in node && ((node as VNode).type === 'ul' || (node as VNode).type === 'ol');
}

/** A Markdown list child becomes Folder/File elements; any other child is kept. */
function fromMarkdownList(child: ComponentChildren): ComponentChildren[] {
  if (!isList(child)) return typeof child === 'string' && child.trim() === '' ? [] : [child];
  return toChildArray(child.props.children).flatMap((item) => {
    if (typeof item !== 'object' || (item as VNode).type !== 'li') return [];
    const parts = toChildArray((item as VNode<{ children?: ComponentChildren }>).props.children);
    const nested = parts.filter(isList);
    const label = textOf(parts.filter((p) => !isList(p))).trim();
    const folder = nested.length > 0 || label.endsWith('/');
    const name = trimTrailing(label, '/');
    if (!folder) return [<File name={name} />];
    return [
      <Folder name={name} defaultOpen={nested.length > 0}>
        {nested.flatMap(fromMarkdownList)}
      </Folder>,
    ];
  });
}

/** `Tree` with its members `Tree.Folder` and `Tree.File`. */
export const Tree = Object.assign(TreeRoot, { Folder, File });
