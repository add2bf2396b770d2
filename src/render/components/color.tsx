import { createContext, type ComponentChildren, type JSX } from 'preact';
import { useContext } from 'preact/hooks';
import { cssColor, stringProp } from './props.js';

/**
 * Colour swatches. `Color variant="compact"`: `<div class="sheaf-color" data-variant="compact">`
 * holding a grid of items. `variant="table"`: a `<table>` whose `Color.Row`s are `<tr>`s (title
 * cell, then the items). Each `Color.Item` is a `<button data-copy="VALUE">` (components.js copies
 * the value); a `{light, dark}` value shows the one matching the colour mode (both in the HTML).
 */

type Variant = 'compact' | 'table';
const VariantContext = createContext<Variant>('compact');

export interface ColorProps {
  readonly children?: ComponentChildren;
  readonly variant?: unknown;
}

function ColorRoot(props: ColorProps): JSX.Element {
  const variant: Variant = props.variant === 'table' ? 'table' : 'compact';
  return (
    <VariantContext.Provider value={variant}>
      <div class="sheaf-color color" data-variant={variant}>
        {variant === 'table' ? (
          <table class="sheaf-color-table">
            <tbody>{props.children}</tbody>
          </table>
        ) : (
          <div class="sheaf-color-grid">{props.children}</div>
        )}
      </div>
    </VariantContext.Provider>
  );
}

function Row(props: { readonly children?: ComponentChildren; readonly title?: unknown }): JSX.Element {
  const variant = useContext(VariantContext);
  const title = stringProp(props.title);
  if (variant !== 'table') {
    return (
      <div class="sheaf-color-row color-row">
        {title !== undefined ? <p class="sheaf-color-row-title">{title}</p> : null}
        <div class="sheaf-color-grid">{props.children}</div>
      </div>
    );
  }
  return (
    <tr class="sheaf-color-row color-row">
      <th scope="row" class="sheaf-color-row-title">
        {title ?? ''}
      </th>
      <td>
        <div class="sheaf-color-grid">{props.children}</div>
      </td>
    </tr>
  );
}

export interface ColorItemProps {
  readonly name?: unknown;
  /** A CSS colour, or `{light, dark}`. */
  readonly value?: unknown;
}

function lightDark(value: unknown): { light: string; dark: string } | undefined {
  const single = cssColor(value);
  if (single !== undefined) return { light: single, dark: single };
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { light?: unknown; dark?: unknown };
  const light = cssColor(v.light);
  const dark = cssColor(v.dark);
  return light !== undefined && dark !== undefined ? { light, dark } : undefined;
}

function Item(props: ColorItemProps): JSX.Element | null {
  const value = lightDark(props.value);
  const name = stringProp(props.name);
  if (!value) return null;
  const themed = value.light !== value.dark;
  return (
    <button
      type="button"
      class="sheaf-color-item color-item"
      data-copy={value.light}
      data-copy-dark={themed ? value.dark : undefined}
      title={`Copy ${value.light}`}
      style={`--sheaf-swatch-light:${value.light};--sheaf-swatch-dark:${value.dark}`}
    >
      <span class="sheaf-color-swatch" aria-hidden="true" />
      {name !== undefined ? <span class="sheaf-color-name">{name}</span> : null}
      {themed ? (
        <>
          <span class="sheaf-color-value" data-mode="light">
            {value.light}
          </span>
          <span class="sheaf-color-value" data-mode="dark">
            {value.dark}
          </span>
        </>
      ) : (
        <span class="sheaf-color-value">{value.light}</span>
      )}
    </button>
  );
}

/** `Color` with its members `Color.Row` and `Color.Item`. */
export const Color = Object.assign(ColorRoot, { Row, Item });
