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

/**
 * The page-relative URLs of the background image per mode, as the logo's are chosen: a project
 * file only when it was copied into the site, a remote URL only when pages may use the network
 * (never in air-gapped builds). A mode whose image is missing shows the other one; undefined
 * when neither can be shown.
 */
export function backgroundImageUrls(
  ctx: Pick<LayoutContext, 'base' | 'features' | 'assets'>,
  image: { readonly light: string; readonly dark: string },
): { readonly light: string; readonly dark: string } | undefined {
  const url = (file: string): string | undefined => {
    if (isExternal(file)) return ctx.features.network && /^https?:\/\//i.test(file.trim()) ? file.trim() : undefined;
    return ctx.assets.files.has(normalizeFilePath(file)) ? fileHref(ctx.base, file) : undefined;
  };
  const light = url(image.light);
  const dark = url(image.dark);
  const either = light ?? dark;
  return either ? { light: light ?? either, dark: dark ?? either } : undefined;
}

/**
 * A CSS `url("…")` for a URL: the characters that could end the string or the declaration
 * (quotes, backslashes, angle brackets, white space, parentheses, `;`) are percent-encoded, so the
 * value stays one URL whatever the path holds. The attribute itself is escaped by Preact.
 */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["'\\<>\s();]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}")`;
}
