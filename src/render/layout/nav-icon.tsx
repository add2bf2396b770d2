import type { JSX } from 'preact';
import { IconSlot } from '../components/icon-slot.js';
import { fileHref, isExternal } from './href.js';
import type { LayoutContext } from './layout-context.js';

/** URLs, site paths and image file names are images; anything else is a library icon name. */
const IMAGE = /^(?:[a-z][a-z\d+.-]*:|\/|\.\.?\/)|\.(?:svg|png|jpe?g|gif|webp|avif|ico)(?:[?#].*)?$/i;

/**
 * A docs.json icon of the navigation (tab, anchor, group, navbar link): library names render
 * through the components' `IconSlot` (inline SVG), images as `<img>` relative to the page.
 * Remote images are left out of air-gapped sites.
 */
export function NavIcon(props: { readonly icon: string | undefined; readonly ctx: LayoutContext; readonly class?: string }): JSX.Element | null {
  const icon = props.icon?.trim();
  if (!icon) return null;
  const cls = props.class ?? 'sheaf-nav-icon';
  if (!IMAGE.test(icon)) return <IconSlot icon={icon} class={cls} />;
  if (isExternal(icon) && props.ctx.deployment === 'air-gapped') return null;
  const src = isExternal(icon) ? icon : fileHref(props.ctx.base, icon);
  return (
    <span class={cls} aria-hidden="true">
      <img src={src} alt="" loading="lazy" decoding="async" />
    </span>
  );
}
