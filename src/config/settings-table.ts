import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import { pointerFrom } from '../diagnostics/positions.js';
import { isRecord } from '../parse/is-record.js';
import { visitNavigation } from './visit-navigation.js';

/*
 * Every docs.json setting Mintlify documents (each key heading of `organize/settings-reference.mdx`,
 * and each integration of its integrations table), with what Sheaf does with it. The README's
 * settings section is generated from this table (`npm run settings-table`), and the
 * `config/setting-not-rendered` info diagnostics come from it, so the three cannot drift.
 */

/** `honoured`: the documented effect; `partial`: some of it (`unrendered` finds the rest); `not yet`: none. */
export type SettingStatus = 'honoured' | 'partial' | 'not yet';

/** A place in a project's docs.json asking for something Sheaf does not render, and what the site does instead. */
export interface Unrendered {
  /** JSON pointer into the merged docs.json value. */
  readonly pointer: string;
  /** What the site does instead, as a sentence ending with a full stop. */
  readonly instead: string;
}

type Json = Readonly<Record<string, unknown>>;

export interface SettingRow {
  /** The key path as the settings reference writes it: `banner.color`, `navigation.groups[].boost`. */
  readonly key: string;
  readonly status: SettingStatus;
  /** What Sheaf does with the setting, in one line (Markdown, no `|`). */
  readonly does: string;
  /**
   * For `partial` and `not yet` rows: where a docs.json value (the merged value, as written; any
   * part may be malformed) asks for what is not rendered. A `not yet` row without it reports
   * every place its key is set (`instead` says what the site does then). Rows whose gaps are
   * their children's leave both out.
   */
  readonly unrendered?: (config: Json) => readonly Unrendered[];
  readonly instead?: string;
  /**
   * For `partial` rows whose gaps the build reports itself, where it knows them (a file it cannot
   * draw, a server the site lacks): that diagnostic's code. `unrendered` is then left out, so a
   * gap is not reported twice.
   */
  readonly reportedBy?: DiagnosticCode;
}

const record = (value: unknown): Json | undefined => (isRecord(value) ? value : undefined);

/** Every object of `kind` in the navigation tree, with its pointer (global links aside). */
function elements(config: Json, kinds: readonly string[]): [Json, string][] {
  const found: [Json, string][] = [];
  visitNavigation(config['navigation'], '/navigation', (node, kind, pointer) => {
    if (kinds.includes(kind)) found.push([node, pointer]);
  });
  return found;
}

/** The links of `navigation.global.<key>` and of each division's `global.<key>`, with their pointers. */
function globalLinks(config: Json, key: string): [Json, string][] {
  const found: [Json, string][] = [];
  visitNavigation(config['navigation'], '/navigation', (node, _kind, pointer) => {
    const list = record(node['global'])?.[key];
    if (!Array.isArray(list)) return;
    for (const [index, item] of list.entries()) {
      const link = record(item);
      if (link) found.push([link, pointer + pointerFrom(['global', key, index])]);
    }
  });
  return found;
}

/** The icon's `style`/`library` or `iconType` (drawn by name from the site's library, in its default style). */
function iconStyle(node: Json, pointer: string): Unrendered[] {
  const instead = 'The icon is drawn by its name from the site’s icon library, in that library’s default style.';
  const icon = record(node['icon']);
  return [
    ...(node['iconType'] !== undefined ? [{ pointer: pointer + pointerFrom(['iconType']), instead }] : []),
    ...(['style', 'library'] as const).flatMap((k) => (icon?.[k] !== undefined ? [{ pointer: pointer + pointerFrom(['icon', k]), instead }] : [])),
  ];
}

/** `field` of the node when set, with what the site does instead. */
function field(name: string, instead: string, when: (value: unknown) => boolean = (v) => v !== undefined) {
  return (node: Json, pointer: string): Unrendered[] => (when(node[name]) ? [{ pointer: pointer + pointerFrom([name]), instead }] : []);
}

const colour = field('color', 'The element is drawn in the site’s own colours.');
const description = field('description', 'The switcher shows the name and icon only.');
const versionTag = field('tag', 'The version switcher shows the version name without a badge.');
const alignEnd = field('align', 'The tab stays in the row of tabs in order.', (v) => v === 'end');
const unsearchable = field('searchable', 'Its pages stay in search results.', (v) => v === false);
const graphql = field('graphql', 'No pages are generated from the GraphQL schema; the tab’s own groups are built.');
const sdk = field('sdk', 'No pages are generated from the SDK sources; the element’s own pages are built.');

/** Runs each check over `items`. */
function check(items: readonly [Json, string][], ...checks: ((node: Json, pointer: string) => Unrendered[])[]): Unrendered[] {
  return items.flatMap(([node, pointer]) => checks.flatMap((c) => c(node, pointer)));
}

/** A navbar link or button of `type` github/discord: shown with the brand icon, without the live count. */
const brandCount = field(
  'type',
  'The link shows the brand’s icon and its label; the live star or member count is not fetched.',
  (v) => v === 'github' || v === 'discord',
);

function navbarLinks(config: Json): [Json, string][] {
  const links = record(config['navbar'])?.['links'];
  return Array.isArray(links) ? links.flatMap((l, i) => (isRecord(l) ? [[l, pointerFrom(['navbar', 'links', i])] as [Json, string]] : [])) : [];
}

const at = (config: Json, ...path: string[]): unknown => path.reduce<unknown>((node, key) => record(node)?.[key], config);

/** A setting and its status. */
const row = (key: string, status: SettingStatus, does: string, more: Partial<Pick<SettingRow, 'unrendered' | 'instead' | 'reportedBy'>> = {}): SettingRow => ({
  key,
  status,
  does,
  ...more,
});

export const settingsTable: readonly SettingRow[] = [
  row('$ref', 'honoured', 'Includes another JSON file at any level; sibling keys override the included object; cycles and paths outside the project are errors.'),
  row('theme', 'honoured', 'All nine layouts (render/theme/theme-specs.ts): header, search box, tabs, sidebar framing and marks, table of contents, type, radii, surfaces; luma and sequoia, which have no reference picture, are inferred from Mintlify’s descriptions.'),
  row('name', 'honoured', 'The site name: page titles, the header without a logo, social images.'),
  row('colors', 'honoured', 'Brand colours of the layout.'),
  row('colors.primary', 'honoured', 'The accent colour in light mode (and in dark mode without `colors.light`).'),
  row('colors.light', 'honoured', 'The accent colour in dark mode.'),
  row('colors.dark', 'honoured', 'The colour of buttons and hover states.'),
  row('navigation', 'partial', 'The site structure: sidebar, tabs, switchers, page order; see the rows below for what is not drawn.'),
  row('navigation.global', 'partial', 'Links shown whatever division is active; see the rows below.'),
  row('navigation.global.tabs', 'partial', 'Link tabs in the row of tabs; an icon’s style and `align: "end"` are not applied.', {
    unrendered: (c) => check(globalLinks(c, 'tabs'), iconStyle, alignEnd),
  }),
  row('navigation.global.anchors', 'partial', 'Anchor links in the sidebar; anchor colours and icon styles are not applied.', {
    unrendered: (c) => check(globalLinks(c, 'anchors'), colour, iconStyle),
  }),
  row('navigation.global.dropdowns', 'partial', 'Links in the dropdown switcher; descriptions and icon styles are not shown.', {
    unrendered: (c) => check(globalLinks(c, 'dropdowns'), description, iconStyle),
  }),
  row('navigation.global.languages', 'honoured', 'Links in the language switcher.'),
  row('navigation.global.versions', 'partial', 'Links in the version switcher; a `tag` badge is not shown.', {
    unrendered: (c) => check(globalLinks(c, 'versions'), versionTag),
  }),
  row('navigation.global.products', 'partial', 'Links in the product switcher; descriptions and icon styles are not shown.', {
    unrendered: (c) => check(globalLinks(c, 'products'), description, iconStyle),
  }),
  row('navigation.languages', 'partial', 'A language switcher, `<html lang>` and `dir`; a language’s own `banner`, `footer` and `navbar` are not applied.', {
    unrendered: (c) =>
      check(
        elements(c, ['language']),
        ...['banner', 'footer', 'navbar'].map((k) => field(k, `The site-wide \`${k}\` is shown on this language’s pages.`)),
      ),
  }),
  row('navigation.versions', 'partial', 'A version switcher, opening on the `default` version; a `tag` badge is not shown.', {
    unrendered: (c) => check(elements(c, ['version']), versionTag),
  }),
  row('navigation.tabs', 'partial', 'The row of tabs; icon styles, `align: "end"`, `searchable: false` and GraphQL/SDK reference tabs are not applied.', {
    unrendered: (c) => check(elements(c, ['tab']), iconStyle, alignEnd, unsearchable, graphql, sdk),
  }),
  row('navigation.anchors', 'partial', 'Anchors in the sidebar; anchor colours and icon styles are not applied.', {
    unrendered: (c) => check(elements(c, ['anchor']), colour, iconStyle),
  }),
  row('navigation.dropdowns', 'partial', 'A dropdown switcher; descriptions and icon styles are not shown.', {
    unrendered: (c) => check(elements(c, ['dropdown']), description, iconStyle),
  }),
  row('navigation.products', 'partial', 'A product switcher (with `menu` items); descriptions and icon styles are not shown.', {
    unrendered: (c) => check(elements(c, ['product', 'menuItem']), description, iconStyle),
  }),
  row('navigation.groups', 'partial', 'Sidebar groups with icon, tag, root page and `expanded`; `boost`, `searchable: false`, `sdk` and icon styles are not applied.', {
    unrendered: (c) => check(elements(c, ['group']), unsearchable, sdk, iconStyle),
  }),
  row('navigation.groups[].boost', 'not yet', 'Accepted; search ranks every page alike.', {
    unrendered: (c) => check(elements(c, ['group']), field('boost', 'Search ranks the group’s pages like every other page.')),
  }),
  row('navigation.pages', 'honoured', 'Pages and nested groups in order, OpenAPI operations by `METHOD /path`.'),
  row('navigation.directory', 'honoured', 'Group root pages list their children below the content, as an accordion or as cards; inherited, descendants override.'),
  row('description', 'honoured', 'The site’s meta description, llms.txt summary and social images.'),
  row('logo', 'honoured', 'The header logo.'),
  row('logo.light', 'honoured', 'The logo in light mode.'),
  row('logo.dark', 'honoured', 'The logo in dark mode.'),
  row('logo.href', 'honoured', 'Where the logo links to.'),
  row('favicon', 'honoured', 'The favicon.'),
  row('favicon.light', 'honoured', 'The favicon when the system is in light mode.'),
  row('favicon.dark', 'honoured', 'The favicon when the system is in dark mode.'),
  row('appearance', 'honoured', 'Colour mode settings.'),
  row('appearance.default', 'honoured', 'The colour mode before the reader chooses one.'),
  row('appearance.strict', 'honoured', 'Hides the light/dark toggle.'),
  row('fonts', 'honoured', 'Fonts of headings and body text.'),
  row('fonts.family', 'honoured', 'The font family; one without `source` loads from Google Fonts, except in air-gapped builds (`bundle/font-offline`: the system font).'),
  row('fonts.weight', 'honoured', 'The font weight of body text or headings, and the weight loaded from Google Fonts.'),
  row('fonts.source', 'honoured', 'A self-hosted or remote font file as `@font-face` (remote ones left out of air-gapped builds).'),
  row('fonts.format', 'honoured', 'The `@font-face` format.'),
  row('fonts.heading', 'honoured', 'The font of headings.'),
  row('fonts.body', 'honoured', 'The font of body text.'),
  row('icons', 'honoured', 'Icon library settings.'),
  row('icons.library', 'honoured', 'Icon names are read from Font Awesome, Lucide or Tabler, drawn as inline SVG.'),
  row('background', 'honoured', 'Background settings.'),
  row('background.decoration', 'honoured', 'The `gradient`, `grid` or `windows` decoration behind the page.'),
  row('background.color', 'honoured', 'Page background colours.'),
  row('background.color.light', 'honoured', 'The background colour in light mode.'),
  row('background.color.dark', 'honoured', 'The background colour in dark mode.'),
  row('background.image', 'honoured', 'A background image behind the page.'),
  row('background.image.light', 'honoured', 'The background image in light mode.'),
  row('background.image.dark', 'honoured', 'The background image in dark mode.'),
  row('styling', 'honoured', 'Styling settings.'),
  row('styling.eyebrows', 'honoured', 'The line above the page title: the section, or the breadcrumbs.'),
  row('styling.latex', 'honoured', '`true` loads the KaTeX styles on every page, `false` on none; unset, only where a page has math.'),
  row('styling.codeblocks', 'honoured', 'The code theme of MDX code blocks and API code samples: `system`, `dark`, one Shiki theme, or a light/dark pair.'),
  row('styling.codeblocks.theme', 'honoured', 'One Shiki theme for both modes, or `{light, dark}`.'),
  row('styling.codeblocks.languages', 'honoured', 'Custom languages for code blocks.'),
  row('styling.codeblocks.languages.custom', 'honoured', 'TextMate grammar files highlighting more languages.'),
  row('thumbnails', 'partial', 'Social preview images generated at build time for every page (`og:image`), with nothing fetched; see the rows below.'),
  row('thumbnails.appearance', 'honoured', 'Light or dark social images.'),
  row('thumbnails.background', 'partial', 'The background image of social images, from a project file; an absolute URL is not fetched (`build/social-image-asset`), the images are drawn without it.', { reportedBy: 'build/social-image-asset' }),
  row('thumbnails.fonts', 'partial', 'The font of social images; see the rows below.'),
  row(
    'thumbnails.fonts.family',
    'partial',
    'The font family of social images, when docs.json `fonts` names its .ttf, .otf or .woff file in the project (Inter otherwise); a Google Fonts name is not fetched: Inter, with `build/social-image-font`.',
    { reportedBy: 'build/social-image-font' },
  ),
  row('navbar', 'partial', 'The top bar; see the rows below.'),
  row('navbar.links', 'partial', 'Links in the top bar; `github`/`discord` links show the brand icon without the live count; icon styles are not applied.', {
    unrendered: (c) => check(navbarLinks(c), brandCount, iconStyle),
  }),
  row('navbar.primary', 'partial', 'The call-to-action button; `github`/`discord` show the brand icon without the live count.', {
    unrendered: (c) => {
      const primary = record(at(c, 'navbar', 'primary'));
      return primary ? check([[primary, '/navbar/primary']], brandCount) : [];
    },
  }),
  row('footer', 'honoured', 'The footer.'),
  row('footer.socials', 'honoured', 'Social icons in the footer.'),
  row('footer.links', 'honoured', 'Up to four link columns in the footer.'),
  row('banner', 'honoured', 'A banner above the header on every page.'),
  row('banner.content', 'honoured', 'The banner text, with links, bold and italic.'),
  row('banner.dismissible', 'honoured', 'A close button; the banner stays closed for that reader.'),
  row('banner.type', 'honoured', 'The banner colour for `info`, `warning` or `critical`.'),
  row('banner.color', 'honoured', 'A custom banner background (one hex colour, or per mode), over `type`; the text white, as on Mintlify.'),
  row('interaction', 'honoured', 'Navigation interaction settings.'),
  row('interaction.drilldown', 'honoured', '`true`: clicking a closed group opens its first page; `false` (mint’s default): it only expands.'),
  row('contextual', 'honoured', 'The contextual page menu.'),
  row(
    'contextual.options',
    'honoured',
    'Copy the page as Markdown, view the `.md` copy, "open in" links (ChatGPT, Claude, …; never in air-gapped builds), and the options connecting to the site’s MCP server at `<site root>/mcp` (its URL, Cursor’s and VS Code’s install links; `add-mcp` needs npm, never in air-gapped builds); `devin-mcp` is left out, Devin publishes no install link.',
  ),
  row('contextual.display', 'honoured', 'The menu in the page header or above the table of contents.'),
  row('redirects', 'honoured', 'Redirect pages, and redirects with 308/307 in `sheaf host`.'),
  row('variables', 'honoured', '`{{name}}` replaced in MDX pages and snippets.'),
  row('metadata', 'honoured', 'Page metadata settings.'),
  row('metadata.timestamp', 'honoured', 'A last-updated date on every page, from git history (`lastUpdatedDate` frontmatter wins).'),
  row('errors', 'honoured', 'Error page settings.'),
  row('errors.404', 'honoured', 'The 404 page.'),
  row('errors.404.redirect', 'honoured', '`true` (the default): a missing page goes to the home page (the path of `--site-url`, else `/`) from `404.html` and in `sheaf host`.'),
  row('errors.404.title', 'honoured', 'The 404 page’s title.'),
  row('errors.404.description', 'honoured', 'The 404 page’s text, rendered as MDX.'),
  row('api', 'partial', 'API reference settings; see the rows below.'),
  row('api.openapi', 'honoured', 'OpenAPI documents whose operations become pages.'),
  row('api.asyncapi', 'honoured', 'AsyncAPI documents whose channels become pages.'),
  row('api.playground', 'partial', 'The Try-it playground; see the rows below.'),
  row('api.playground.display', 'partial', '`interactive`, `simple` or `none`; `auth` is drawn as `simple`.', {
    unrendered: (c) =>
      at(c, 'api', 'playground', 'display') === 'auth'
        ? [{ pointer: '/api/playground/display', instead: 'A static site has no reader accounts: the playground is shown as `simple`, a request summary.' }]
        : [],
  }),
  row('api.playground.proxy', 'honoured', '`true`: requests go through the site’s `/_svc/api/request` proxy; `false`: straight from the browser.'),
  row('api.playground.credentials', 'honoured', 'Without the proxy, requests include cookies.'),
  row('api.params', 'honoured', 'How parameters are shown.'),
  row('api.params.expanded', 'honoured', '`all` opens nested fields; `closed` does not.'),
  row('api.params.post', 'honoured', 'Each listed schema key’s value as pills after every field name.'),
  row('api.url', 'honoured', '`full`: the base URL before the path on every endpoint line.'),
  row('api.examples', 'honoured', 'Generated code samples.'),
  row('api.examples.languages', 'honoured', 'The code sample languages, in order.'),
  row('api.examples.defaults', 'honoured', '`required` leaves optional parameters out of samples and the playground.'),
  row('api.examples.prefill', 'honoured', 'Playground fields start with the spec’s example values.'),
  row('api.examples.autogenerate', 'honoured', '`false`: only `x-codeSamples` and written request examples are shown.'),
  row('api.mdx', 'honoured', 'Settings of API pages written in MDX.'),
  row('api.mdx.auth', 'honoured', 'Authentication of MDX API pages.'),
  row('api.mdx.auth.method', 'honoured', '`bearer`, `basic`, `key` or `cobo`.'),
  row('api.mdx.auth.name', 'honoured', 'The header or parameter name of the key.'),
  row('api.mdx.server', 'honoured', 'The base URL (or URLs) of relative `api` frontmatter paths.'),
  row('markdown', 'honoured', 'The Markdown copies of pages; see the rows below.'),
  row('markdown.schema', 'honoured', 'On by default: an API page’s `.md` copy ends with its operation (or channel) from the OpenAPI or AsyncAPI document as YAML, with what its `$ref`s reach; not repeated in llms-full.txt. `false` leaves it out.'),
  row('markdown.instructions', 'honoured', 'Instructions for AI agents at the end of every `.md` copy, llms.txt and llms-full.txt.'),
  row('seo', 'honoured', 'Search engine settings.'),
  row('seo.indexing', 'honoured', '`navigable`: pages outside the navigation are `noindex` and out of the sitemap; `all`: every page is indexed.'),
  row('seo.metatags', 'honoured', 'Meta tags on every page.'),
  row('seo.organization', 'honoured', 'The publisher (`id`, `name`, `legalName`, `url`, `logo`, `sameAs`) of the JSON-LD graph of every indexable page: Organization, WebSite, WebPage, BreadcrumbList and TechArticle or APIReference; without it, the site name, docs logo and site URL (`--site-url` or `seo.metatags.canonical`; URLs relative to the page when neither is given).'),
  row('search', 'honoured', 'Search settings.'),
  row('search.prompt', 'honoured', 'The search box placeholder.'),
  row('integrations', 'honoured', 'Analytics and support scripts (none in air-gapped builds); see the rows below.'),
  ...[
    'adobe', 'amplitude', 'clarity', 'clearbit', 'fathom', 'frontchat', 'ga4', 'gtm', 'heap', 'hightouch', 'hotjar', 'intercom',
    'logrocket', 'mixpanel', 'pirsch', 'plausible', 'posthog', 'segment',
  ].map((provider) => row(`integrations.${provider}`, 'honoured', 'Its script tag on every page (not in air-gapped builds).')),
  row('integrations.telemetry', 'honoured', 'Sheaf sends no telemetry and has no feedback widget: `enabled: false` is always the case.'),
  row('integrations.cookies', 'honoured', 'Analytics scripts load only once local storage holds the given key and value (consent).'),
];

/** Rows by key. */
export const settingsByKey: ReadonlyMap<string, SettingRow> = new Map(settingsTable.map((r) => [r.key, r]));
