import type { JSX } from 'preact';
import { useSettings } from './context.js';
import { sharedIconStore } from './icons/icon-store.js';
import { resolveIcon } from './icons/resolve-icon.js';
import { svgMarkup } from './icons/svg.js';
import { cssColor } from './props.js';

export interface IconSlotProps {
  /** A library name, an image URL or path, or an inline `<svg>` element. */
  readonly icon?: unknown;
  /** Font Awesome style (`solid`, `regular`, `brands`, …); ignored by the other libraries. */
  readonly iconType?: string | undefined;
  /** The wrapper's class. */
  readonly class: string;
  /** Icon colour (any CSS colour); default `currentColor`. */
  readonly color?: unknown;
  /** Height in CSS pixels; default `1em`. */
  readonly size?: number | undefined;
  /** The icon's accessible name; without one the icon is decorative. */
  readonly label?: string | undefined;
}

/**
 * The one place icons are rendered: `<span class={class}>` holding an inline `<svg>`, an `<img>`
 * or the author's element. A name shown as another icon (a Pro name, see `resolveIcon`) carries
 * `data-icon-for="NAME"` and is told to `reportIcon`. A string that is no icon name renders an
 * empty, hidden span with `data-icon-missing`; no `icon` renders nothing.
 */
export function IconSlot(props: IconSlotProps): JSX.Element | null {
  const settings = useSettings();
  const resolved = resolveIcon(props.icon, props.iconType, settings.iconLibrary, settings.icons ?? sharedIconStore);
  if (!resolved) return null;
  if (resolved.kind === 'svg' && resolved.substitutes !== undefined) settings.reportIcon?.({ requested: resolved.substitutes, library: settings.iconLibrary, file: resolved.file });
  if (resolved.kind === 'missing') return <span class={props.class} data-icon-missing={resolved.name} hidden />;
  const color = cssColor(props.color);
  const style = color ? `color:${color}` : undefined;
  const a11y = props.label ? { role: 'img' as const, 'aria-label': props.label } : { 'aria-hidden': 'true' as const };
  if (resolved.kind === 'image') {
    // Inline style: it must beat the stylesheet's `height: 1em` for icon images.
    const imgStyle = props.size !== undefined ? `height:${props.size}px;width:auto` : undefined;
    return (
      <span class={props.class} style={style}>
        <img src={resolved.src} alt={props.label ?? ''} style={imgStyle} loading="lazy" decoding="async" />
      </span>
    );
  }
  if (resolved.kind === 'element') {
    return (
      <span class={props.class} style={style} {...a11y}>
        {resolved.node}
      </span>
    );
  }
  return (
    <span
      class={props.class}
      style={style}
      data-icon={resolved.file.name}
      data-icon-library={resolved.file.library}
      data-icon-for={resolved.substitutes}
      {...a11y}
      dangerouslySetInnerHTML={{ __html: svgMarkup(resolved.svg, props.size) }}
    />
  );
}
