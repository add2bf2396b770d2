import { createHash } from 'node:crypto';
import type { JSX } from 'preact';
import type { UrlStyle } from '../../model/url-style.js';
import { renderInlineMarkdown } from './inline-markdown.js';
import type { LayoutConfig } from './layout-config.js';
import { UiIcon } from './svg.js';

/** The id a dismissed banner is remembered by (`localStorage['sheaf-banner']`): changes with its content. */
export function bannerId(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}

const BANNER_ICONS = { info: 'info', warning: 'triangle-alert', critical: 'circle-alert' } as const;

/**
 * docs.json `banner` above the header; a dismiss button when `dismissible` (nav.js remembers it).
 * With `banner.color`, `sheaf-banner-custom` takes its colours from brand-style.ts's variables.
 */
export function Banner({ banner, base, urlStyle }: { readonly banner: NonNullable<LayoutConfig['banner']>; readonly base: string; readonly urlStyle: UrlStyle }): JSX.Element {
  return (
    <div class={`sheaf-banner sheaf-banner-${banner.type}${banner.color ? ' sheaf-banner-custom' : ''}`} id="banner" role="region" aria-label="Announcement" data-sheaf-banner={banner.dismissible ? bannerId(banner.content) : undefined}>
      <UiIcon name={BANNER_ICONS[banner.type]} class="sheaf-banner-icon" />
      <p class="sheaf-banner-content" dangerouslySetInnerHTML={{ __html: renderInlineMarkdown(banner.content, base, urlStyle) }} />
      {banner.dismissible ? (
        <button type="button" class="sheaf-icon-button sheaf-banner-dismiss" data-sheaf-banner-dismiss aria-label="Dismiss">
          <UiIcon name="x" />
        </button>
      ) : null}
    </div>
  );
}
