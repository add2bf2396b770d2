import type { JSX } from 'preact';
import { IconSlot } from '../components/icon-slot.js';
import { fileHref, isExternal, normalizeFilePath } from './href.js';
import type { BuildFeatures } from '../../model/build-features.js';

/** URLs, site paths and image file names are images; anything else is a library icon name. */
const IMAGE = /^(?:[a-z][a-z\d+.-]*:|\/|\.\.?\/)|\.(?:svg|png|jpe?g|gif|webp|avif|ico)(?:[?#].*)?$/i;

/**
 * A docs.json icon of the navigation (tab, anchor, group, navbar link): library names render
 * through the components' `IconSlot` (inline SVG), images as `<img>` relative to the page.
 * Remote images are left out without the network (`features.network`: air-gapped). Without a
 * `base` (navigation fragments), a site image is written root-relative as `data-sheaf-src`,
 * and nav.js sets its `src`.
 */
export function NavIcon(props: {
  readonly icon: string | undefined;
  readonly ctx: { readonly base: string | undefined; readonly features: BuildFeatures };
  readonly class?: string;
}): JSX.Element | null {
  const icon = props.icon?.trim();
  if (!icon) return null;
  const cls = props.class ?? 'sheaf-nav-icon';
  if (!IMAGE.test(icon)) return <IconSlot icon={icon} class={cls} />;
  if (isExternal(icon) && !props.ctx.features.network) return null;
  const { base } = props.ctx;
  const source = isExternal(icon) ? { src: icon } : base === undefined ? { 'data-sheaf-src': normalizeFilePath(icon) } : { src: fileHref(base, icon) };
  return (
    <span class={cls} aria-hidden="true">
      <img {...source} alt="" loading="lazy" decoding="async" />
    </span>
  );
}
