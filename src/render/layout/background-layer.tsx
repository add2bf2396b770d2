import type { JSX } from 'preact';
import { fileHref, isExternal, normalizeFilePath } from './href.js';
import type { LayoutContext } from './layout-context.js';

/**
 * docs.json `background.decoration` and `background.image`: one fixed layer behind the whole
 * page (Mintlify's `#background-color` element), drawn under the header, sidebar and content,
 * never catching the pointer. background.css draws the decoration from `data-decoration`
 * (CSS only, no image) and shows the image of the current mode. Absent when docs.json sets
 * neither, or when the image cannot be shown and there is no decoration.
 */
export function BackgroundLayer({ ctx }: { readonly ctx: LayoutContext }): JSX.Element | null {
  const { decoration, backgroundImage } = ctx.config;
  const images = backgroundImage ? backgroundImageUrls(ctx, backgroundImage) : undefined;
  if (!decoration && !images) return null;
  return (
    <div class="sheaf-background" id="background-color" data-decoration={decoration} aria-hidden="true">
      {images ? (
        <>
          <div class="sheaf-background-image sheaf-background-image-light" style={`background-image:${cssUrl(images.light)}`} />
          {images.dark !== images.light ? <div class="sheaf-background-image sheaf-background-image-dark" style={`background-image:${cssUrl(images.dark)}`} /> : null}
        </>
      ) : null}
    </div>
  );
}

/** Why a mode's background image cannot be shown: no such copied file, a URL in an air-gapped build, a URL that is not http(s). */
export type BackgroundImageProblem = 'missing' | 'offline' | 'not-http';

type ImageSite = { readonly base: string; readonly network: boolean; readonly files: ReadonlySet<string> };

/** The page-relative URL of one mode's image, or why it cannot be shown (the rules of `backgroundImageUrls`). */
function imageUrl(site: ImageSite, file: string): { readonly url: string } | { readonly problem: BackgroundImageProblem } {
  if (isExternal(file)) {
    if (!/^https?:\/\//i.test(file.trim())) return { problem: 'not-http' };
    return site.network ? { url: file.trim() } : { problem: 'offline' };
  }
  return site.files.has(normalizeFilePath(file)) ? { url: fileHref(site.base, file) } : { problem: 'missing' };
}

/**
 * The page-relative URLs of the background image per mode, as the logo's are chosen: a project
 * file only when it was copied into the site, a remote URL only when pages may use the network
 * (never in air-gapped builds). A mode whose image is missing shows the other one; undefined
 * when neither can be shown (`backgroundImageProblems` says why, for the build's diagnostics).
 */
export function backgroundImageUrls(
  ctx: Pick<LayoutContext, 'base' | 'features' | 'assets'>,
  image: { readonly light: string; readonly dark: string },
): { readonly light: string; readonly dark: string } | undefined {
  const site = { base: ctx.base, network: ctx.features.network, files: ctx.assets.files };
  const url = (file: string) => {
    const found = imageUrl(site, file);
    return 'url' in found ? found.url : undefined;
  };
  const light = url(image.light);
  const dark = url(image.dark);
  const either = light ?? dark;
  return either ? { light: light ?? either, dark: dark ?? either } : undefined;
}

/**
 * Why the background image of each mode is not shown, for the build to report: `network`, pages
 * may use the network; `files`, the project files copied into the site. Empty when both show.
 */
export function backgroundImageProblems(
  site: { readonly network: boolean; readonly files: ReadonlySet<string> },
  image: { readonly light: string; readonly dark: string },
): { readonly light?: BackgroundImageProblem; readonly dark?: BackgroundImageProblem } {
  const problem = (file: string) => {
    const found = imageUrl({ ...site, base: '' }, file);
    return 'problem' in found ? found.problem : undefined;
  };
  const light = problem(image.light);
  const dark = problem(image.dark);
  return { ...(light ? { light } : {}), ...(dark ? { dark } : {}) };
}

/**
 * A CSS `url("…")` for a URL: the characters that could end the string or the declaration
 * (quotes, backslashes, angle brackets, white space, parentheses, `;`) are percent-encoded, so the
 * value stays one URL whatever the path holds. The attribute itself is escaped by Preact.
 */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["'\\<>\s();]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}")`;
}
