/**
 * How a site's pages are laid out as files and linked (`sheaf build --url-style`,
 * `sheaf export --url-style`):
 * - `directory`: `/guides/x` is written to `guides/x/index.html` and linked as the folder
 *   `guides/x/` (what `sheaf build` writes by default);
 * - `html`: `/guides/x` is written to `guides/x.html` and linked as that file, as Mintlify's
 *   static export lays its bundles out (what `sheaf export` and the export jobs write by
 *   default), so a plain static server needs no rewrite rule for any link of the site.
 * The home page is `index.html` in both. Canonical, sitemap and llms.txt URLs do not follow the
 * style: they are Mintlify's extensionless URLs (`/guides/x`).
 */
export type UrlStyle = 'directory' | 'html';

/** Every URL style, for the CLI's choices. */
export const URL_STYLES: readonly UrlStyle[] = ['directory', 'html'];
