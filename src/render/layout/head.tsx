import type { JSX } from 'preact';
import { AnalyticsTags } from './analytics.js';
import { brandStyle } from './brand-style.js';
import { fileHref, isExternal, normalizeFilePath } from './href.js';
import type { LayoutContext } from './layout-context.js';

export interface HeadProps {
  readonly ctx: LayoutContext;
  /** The `<title>` text, complete. */
  readonly title: string;
  readonly description?: string;
  readonly noindex: boolean;
  /** `name`/`property` → `content` meta tags (docs.json `seo.metatags`, frontmatter `og:*`). */
  readonly metatags: readonly (readonly [string, string])[];
  /** Page features (`math`, `mermaid`…) whose stylesheets and scripts load on this page. */
  readonly features: readonly string[];
  /** `<link rel="canonical">` URL, for a copy of a page written elsewhere (see LayoutExtras.canonical). */
  readonly canonical?: string;
  /** JSON-LD text (`structuredDataJsonLd`, already safe inside `<script>`); left out on `noindex` pages. */
  readonly structuredData?: string;
  /** `<meta http-equiv="refresh">` target, sent at once (the 404 page with docs.json `errors.404.redirect`). */
  readonly refresh?: string;
}

const ICON_TYPES: Readonly<Record<string, string>> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * `<head>`: meta, the inline theme script (before any stylesheet, so dark mode never flashes),
 * favicons, stylesheets, the brand variables (after the stylesheets, so they override base.css
 * defaults), then deferred scripts (site scripts, feature scripts) and the search index, `async`:
 * it can be large, and search.js reads it only when the dialog opens, so it must not hold back
 * DOMContentLoaded. Every URL is relative to the page (`base + path`).
 */
export function Head({ ctx, title, description, noindex, metatags, features, canonical, structuredData, refresh }: HeadProps): JSX.Element {
  const { base, assets } = ctx;
  const used = [...new Set(features)].flatMap((f) => (assets.features[f] ? [assets.features[f]] : []));
  const css = [...assets.css, ...used.flatMap((f) => f.css ?? [])];
  const js = [...assets.js, ...used.flatMap((f) => f.js ?? [])];
  return (
    <>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {refresh !== undefined ? <meta http-equiv="refresh" content={`0; url=${refresh}`} /> : null}
      {canonical !== undefined ? <link rel="canonical" href={canonical} /> : null}
      {metatags.map(([name, content]) =>
        /^(og|article|profile|book|fb):/.test(name) ? <meta property={name} content={content} /> : <meta name={name} content={content} />,
      )}
      {structuredData !== undefined && !noindex ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} /> : null}
      <script dangerouslySetInnerHTML={{ __html: assets.headScript }} />
      <Favicons ctx={ctx} />
      {[...new Set(css)].map((href) => (
        <link rel="stylesheet" href={base + href} />
      ))}
      <style dangerouslySetInnerHTML={{ __html: brandStyle(ctx.config, base, ctx.features) }} />
      {[...new Set(js)].map((src) => (
        <script defer src={base + src} />
      ))}
      {assets.searchIndex ? <script async src={base + assets.searchIndex} /> : null}
      <AnalyticsTags scripts={ctx.analytics} />
    </>
  );
}

/** docs.json `favicon`: one icon, or a light and a dark one chosen by the system colour scheme. */
function Favicons({ ctx }: { readonly ctx: LayoutContext }): JSX.Element | null {
  const favicon = ctx.config.favicon;
  // Without a favicon, declare an empty one: browsers would otherwise request /favicon.ico,
  // a failed request on every page (and a network request in an air-gapped bundle).
  if (!favicon) return <link rel="icon" href="data:," />;
  const href = (file: string): string | undefined => {
    if (isExternal(file)) return ctx.features.network ? file : undefined;
    return ctx.assets.files.has(normalizeFilePath(file)) ? fileHref(ctx.base, file) : undefined;
  };
  const type = (file: string): string | undefined => ICON_TYPES[/\.([a-z]+)(?:[?#].*)?$/i.exec(file)?.[1]?.toLowerCase() ?? ''];
  const light = href(favicon.light);
  const dark = href(favicon.dark);
  if (light && (favicon.light === favicon.dark || !dark)) return <link rel="icon" href={light} type={type(favicon.light)} />;
  return (
    <>
      {light ? <link rel="icon" href={light} type={type(favicon.light)} media="(prefers-color-scheme: light)" /> : null}
      {dark ? <link rel="icon" href={dark} type={type(favicon.dark)} media="(prefers-color-scheme: dark)" /> : null}
    </>
  );
}
