import { z } from 'zod';
import { colorPairSchema, hexColorSchema, iconLibraries, lightDarkSchema } from './primitives.js';
import { closed } from './registry.js';

/** `colors`: `primary` is required; `light` and `dark` are the emphasis colours per mode. */
export const colorsSchema = closed(
  z.strictObject({
    primary: hexColorSchema,
    light: hexColorSchema.optional(),
    dark: hexColorSchema.optional(),
  }),
);

/** `logo`: one image path, or `{light, dark, href?}`. */
export const logoSchema = z.union([
  z.string().min(3),
  z.strictObject({ light: z.string(), dark: z.string(), href: z.string().optional() }),
]);

/** `favicon`: one path, or `{light, dark}`. */
export const faviconSchema = z.union([z.string(), lightDarkSchema]);

/** `appearance`: the default colour mode and whether the toggle is hidden. */
export const appearanceSchema = z.strictObject({
  default: z.enum(['system', 'light', 'dark']).optional(),
  strict: z.boolean().optional(),
});

/** `background`: image, decoration and colours behind the content. */
export const backgroundSchema = z.strictObject({
  image: z.union([z.string(), lightDarkSchema]).optional(),
  decoration: z.enum(['gradient', 'grid', 'windows']).optional(),
  color: colorPairSchema.optional(),
});

const fontFields = {
  family: z.string(),
  weight: z.number().optional(),
  source: z.string().min(1).optional(),
  format: z.enum(['woff', 'woff2']).optional(),
};

const fontSchema = z.strictObject(fontFields);

/**
 * `fonts`: one font for everything, optionally with `heading` and `body` overrides (the settings
 * pages document `{ "family": "Inter", "heading": { … } }`; Mintlify's published schema lacks the
 * overrides beside `family`), or `{heading?, body?}` alone. The output is one font, or the
 * `{heading?, body?}` form: a font with overrides is read as `{ heading: override ?? font, body:
 * override ?? font }`, so no later stage reads the mixed form.
 */
export const fontsSchema = z.union([
  z
    .strictObject({ ...fontFields, heading: fontSchema.optional(), body: fontSchema.optional() })
    .transform(({ heading, body, ...font }) => (heading === undefined && body === undefined ? font : { heading: heading ?? font, body: body ?? font })),
  closed(z.strictObject({ heading: fontSchema.optional(), body: fontSchema.optional() })),
]);

/** `icons`: the icon library used for icon names. */
export const iconsSchema = z.strictObject({ library: z.enum(iconLibraries) });

/** `thumbnails`: social preview images. */
export const thumbnailsSchema = z.strictObject({
  appearance: z.enum(['light', 'dark']).optional(),
  background: z.string().optional(),
  fonts: z.strictObject({ family: z.string() }).optional(),
});

/**
 * `banner.color`: `{light?, dark?}`, or one hex colour for both modes (documented on the settings
 * pages; Mintlify's published schema lacks it). The output is always the pair: a single colour is
 * read as `{ light: c, dark: c }`.
 */
const bannerColorSchema = z
  .union([hexColorSchema, colorPairSchema])
  .transform((value) => (typeof value === 'string' ? { light: value, dark: value } : value));

/** `banner`: a site-wide banner (also allowed per language). */
export const bannerSchema = z.strictObject({
  content: z.string().min(1),
  dismissible: z.boolean().optional(),
  type: z.enum(['info', 'warning', 'critical']).optional(),
  color: bannerColorSchema.optional(),
});
