import type { ComponentChildren, JSX } from 'preact';
import { numberProp } from './props.js';

export interface ColumnsProps {
  readonly children?: ComponentChildren;
  /** Columns per row on wide screens, 1–4 (default 2); narrow screens show one. */
  readonly cols?: unknown;
}

function columnCount(value: unknown): number {
  const n = Math.round(numberProp(value) ?? 2);
  return Math.min(4, Math.max(1, n));
}

/** `<div class="sheaf-columns columns" data-cols="N">`: a responsive grid. */
export function Columns(props: ColumnsProps): JSX.Element {
  return grid('sheaf-columns columns', props);
}

/**
 * `<CardGroup>`: the legacy name of `<Columns>`, the same grid. It also carries Mintlify's
 * `card-group` class, which its docs keep for this name (custom-scripts.mdx: "Deprecated in favor
 * of `columns`, but preserved for backward compatibility").
 */
export function CardGroup(props: ColumnsProps): JSX.Element {
  return grid('sheaf-columns columns card-group', props);
}

function grid(className: string, props: ColumnsProps): JSX.Element {
  const cols = columnCount(props.cols);
  return (
    <div class={className} data-cols={String(cols)} style={`--sheaf-cols:${cols}`}>
      {props.children}
    </div>
  );
}

/** `<Column>`: one cell of a `<Columns>` grid holding arbitrary content. */
export function Column(props: { readonly children?: ComponentChildren }): JSX.Element {
  return <div class="sheaf-column">{props.children}</div>;
}
