import type { JSX } from 'preact';
import { linkAttributes, resolveHref } from './href.js';
import type { LayoutContext } from './layout-context.js';
import { SocialIcon } from './svg.js';

const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  x: 'X', 'x-twitter': 'X', twitter: 'Twitter', github: 'GitHub', linkedin: 'LinkedIn', youtube: 'YouTube',
  'hacker-news': 'Hacker News', 'earth-americas': 'Website', website: 'Website', bluesky: 'Bluesky',
};

const platformName = (p: string): string => PLATFORM_NAMES[p] ?? p.charAt(0).toUpperCase() + p.slice(1);

/**
 * docs.json `footer`: the site name with social links, and up to four link columns. Mintlify's
 * hooks: `#footer`, `.footer`, and `.advanced-footer` when it has columns.
 */
export function Footer({ ctx }: { readonly ctx: LayoutContext }): JSX.Element {
  const { config, base } = ctx;
  return (
    <footer class={config.footerColumns.length > 0 ? 'sheaf-footer footer advanced-footer' : 'sheaf-footer footer'} id="footer">
      <div class="sheaf-footer-brand">
        <span class="sheaf-footer-name">{config.name}</span>
        {config.socials.length > 0 ? (
          <ul class="sheaf-socials">
            {config.socials.map(([platform, url]) => (
              <li>
                <a class="sheaf-social" href={resolveHref(base, url, ctx.urlStyle)} aria-label={platformName(platform)} title={platformName(platform)}>
                  <SocialIcon platform={platform} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {config.footerColumns.length > 0 ? (
        <div class="sheaf-footer-columns">
          {config.footerColumns.map((column) => (
            <div class="sheaf-footer-column">
              {column.header ? <p class="sheaf-footer-heading">{column.header}</p> : null}
              <ul>
                {column.items.map((item) => (
                  <li>
                    <a {...linkAttributes(base, { href: item.href }, ctx.urlStyle)}>{item.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </footer>
  );
}
