import type { ComponentChildren, JSX } from 'preact';
import { IconSlot } from './icon-slot.js';
import { classes, flag, stringProp } from './props.js';

const COLORS = ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface', 'white-destructive', 'surface-destructive'];
const SIZES = ['xs', 'sm', 'md', 'lg'];
const SHAPES = ['rounded', 'pill'];

function oneOf(value: unknown, allowed: readonly string[], fallback: string): string {
  return typeof value === 'string' && allowed.includes(value) ? value : fallback;
}

export interface BadgeProps {
  readonly children?: ComponentChildren;
  /** gray (default), blue, green, yellow, orange, red, purple, white, surface, white-destructive, surface-destructive. */
  readonly color?: unknown;
  /** xs, sm, md (default), lg. */
  readonly size?: unknown;
  /** rounded (default), pill. */
  readonly shape?: unknown;
  readonly icon?: unknown;
  readonly iconType?: unknown;
  /** Outline instead of a filled background. */
  readonly stroke?: unknown;
  readonly disabled?: unknown;
  readonly className?: unknown;
}

/** `<span class="sheaf-badge" data-badge data-color data-size data-shape [data-stroke] [data-disabled]>`. */
export function Badge(props: BadgeProps): JSX.Element {
  return (
    <span
      class={classes('sheaf-badge', stringProp(props.className))}
      data-badge=""
      data-color={oneOf(props.color, COLORS, 'gray')}
      data-size={oneOf(props.size, SIZES, 'md')}
      data-shape={oneOf(props.shape, SHAPES, 'rounded')}
      data-stroke={flag(props.stroke) ? '' : undefined}
      data-disabled={flag(props.disabled) ? '' : undefined}
    >
      <IconSlot icon={props.icon} iconType={stringProp(props.iconType)} class="sheaf-badge-icon" />
      {props.children}
    </span>
  );
}
