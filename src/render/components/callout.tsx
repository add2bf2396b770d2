import type { ComponentChildren, JSX } from 'preact';
import { BuiltinIcon } from './builtin-icon.js';
import { IconSlot } from './icon-slot.js';
import { cssColor, stringProp } from './props.js';

/** The typed callouts, their preset icon (a lucide name: the same in every site) and label. */
export const calloutTypes = {
  note: { icon: 'info', label: 'Note' },
  warning: { icon: 'triangle-alert', label: 'Warning' },
  info: { icon: 'circle-alert', label: 'Info' },
  tip: { icon: 'lightbulb', label: 'Tip' },
  check: { icon: 'circle-check', label: 'Check' },
  danger: { icon: 'octagon-alert', label: 'Danger' },
} as const;
export type CalloutType = keyof typeof calloutTypes;

export function isCalloutType(value: unknown): value is CalloutType {
  return typeof value === 'string' && Object.hasOwn(calloutTypes, value);
}

export interface CalloutProps {
  readonly children?: ComponentChildren;
  readonly icon?: unknown;
  readonly iconType?: unknown;
  /** Tints border, background and icon (any CSS colour). */
  readonly color?: unknown;
  /** One of the typed callouts; lets `<Callout type="warning">` look like `<Warning>`. */
  readonly type?: unknown;
}

/**
 * `<div class="sheaf-callout" data-callout="TYPE|custom">` with an icon and the content. A custom
 * colour is passed to the CSS as `--sheaf-callout-color`.
 */
export function Callout(props: CalloutProps): JSX.Element {
  const type = isCalloutType(props.type) ? props.type : undefined;
  const color = cssColor(props.color);
  const preset = type ? calloutTypes[type] : undefined;
  const custom = props.icon !== undefined && props.icon !== '';
  return (
    <div
      class="sheaf-callout callout"
      data-callout={type ?? 'custom'}
      role="note"
      aria-label={preset?.label}
      style={color ? `--sheaf-callout-color:${color}` : undefined}
    >
      {custom ? (
        <IconSlot icon={props.icon} iconType={stringProp(props.iconType)} class="sheaf-callout-icon" />
      ) : preset ? (
        <BuiltinIcon name={preset.icon} class="sheaf-callout-icon" />
      ) : null}
      <div class="sheaf-callout-content">{props.children}</div>
    </div>
  );
}

function typed(type: CalloutType): (props: { children?: ComponentChildren }) => JSX.Element {
  const Typed = (props: { children?: ComponentChildren }): JSX.Element => <Callout type={type}>{props.children}</Callout>;
  Object.defineProperty(Typed, 'name', { value: calloutTypes[type].label });
  return Typed;
}

export const Note = typed('note');
export const Warning = typed('warning');
export const Info = typed('info');
export const Tip = typed('tip');
export const Check = typed('check');
export const Danger = typed('danger');
