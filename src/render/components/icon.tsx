import type { JSX } from 'preact';
import { IconSlot } from './icon-slot.js';
import { classes, numberProp, stringProp } from './props.js';

export interface IconProps {
  /** Library name, URL or path (`src` is the documented alias for images; `name` is accepted). */
  readonly icon?: unknown;
  readonly src?: unknown;
  readonly name?: unknown;
  readonly iconType?: unknown;
  /** CSS colour. */
  readonly color?: unknown;
  /** Size in CSS pixels (default: the surrounding font size). */
  readonly size?: unknown;
  readonly className?: unknown;
}

/** `<Icon>`: an inline icon, `<span class="sheaf-icon icon">`. */
export function Icon(props: IconProps): JSX.Element | null {
  return (
    <IconSlot
      icon={props.icon ?? props.src ?? props.name}
      iconType={stringProp(props.iconType)}
      class={classes('sheaf-icon', 'icon', stringProp(props.className))}
      color={props.color}
      size={numberProp(props.size)}
    />
  );
}
