import { z } from 'zod';
import { toOpenApiSources } from './openapi-source.js';
import { closed, named } from './registry.js';

/** `#rgb` or `#rrggbb`, as docs.json requires for every colour. */
export const hexColorSchema = z
  .string()
  .regex(/^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$/, { message: 'a hex colour such as `#0D9373`' });

/** `{light?, dark?}` hex colours. */
export const colorPairSchema = closed(
  z.strictObject({
    light: hexColorSchema.optional(),
    dark: hexColorSchema.optional(),
  }),
);

/** `{light, dark}` image paths or URLs. */
export const lightDarkSchema = z.strictObject({ light: z.string(), dark: z.string() });

export const iconLibraries = ['fontawesome', 'lucide', 'tabler'] as const;

export const iconStyles = [
  'brands',
  'duotone',
  'light',
  'regular',
  'sharp-duotone-solid',
  'sharp-light',
  'sharp-regular',
  'sharp-solid',
  'sharp-thin',
  'solid',
  'thin',
] as const;

/** An icon name, URL or path, or `{name, style?, library?}`. */
export const iconSchema = named(
  'icon',
  z.union([
    z.string(),
    z.strictObject({
      name: z.string(),
      style: z.enum(iconStyles).optional(),
      library: z.enum(iconLibraries).optional(),
    }),
  ]),
);

/** `iconType`: the Font Awesome style of an element's `icon` (the settings pages document it beside `icon`). */
export const iconTypeSchema = z.enum(iconStyles);

type IconStyle = (typeof iconStyles)[number];
type IconValue = string | { name: string; style?: IconStyle | undefined; library?: (typeof iconLibraries)[number] | undefined };

/**
 * An element with `icon` and `iconType` (the documented form) as the `icon` object form: a string
 * icon becomes `{ name, style: iconType }`, an object icon without a style gets it (its own style
 * wins). `iconType` without an `icon` styles nothing. The output never has `iconType`, so no
 * later stage reads both forms.
 */
export function foldIconType<T extends { icon?: IconValue | undefined; iconType?: IconStyle | undefined }>(value: T): Omit<T, 'iconType'> {
  const { iconType, ...rest } = value;
  const written: IconValue | undefined = value.icon;
  if (iconType === undefined || written === undefined) return rest;
  const icon = typeof written === 'string' ? { name: written, style: iconType } : { ...written, style: written.style ?? iconType };
  return { ...rest, icon } as Omit<T, 'iconType'>;
}

/** How a group's root page lists its children. */
export const directorySchema = z.enum(['none', 'accordion', 'card']);

/** `{source, directory?, overlays?}`: one OpenAPI document and where its pages go. */
export const openapiSourceSchema = closed(
  z.strictObject({
    source: z.string().min(1),
    directory: z.string().optional(),
    overlays: z.array(z.string().min(1)).optional(),
  }),
);

/**
 * The three forms of `openapi` (on every navigation division, on groups and in `api.openapi`):
 * a path or URL, an array of paths/URLs/source objects, or one source object. The output is the
 * list of sources, normalised (`toOpenApiSources`), so no later stage reads the written forms.
 */
export const openapiSchema = named(
  'openapi',
  z.union([z.string().min(1), z.array(z.union([z.string().min(1), openapiSourceSchema])), openapiSourceSchema]),
).transform(toOpenApiSources);

/** The forms of `asyncapi`: a path or URL, an array of them, or `{source, directory?}`. */
export const asyncapiSchema = named(
  'asyncapi',
  z.union([
    z.string().min(1),
    z.array(z.string().min(1)),
    closed(z.strictObject({ source: z.string().min(1), directory: z.string().optional() })),
  ]),
);

/** Language codes accepted by `language` (from Mintlify's locale list). */
export const languageCodes = [
  'en', 'cn', 'zh', 'zh-Hans', 'zh-Hant', 'zh-CN', 'zh-TW', 'es', 'fr', 'fr-CA', 'fr-ca', 'ja', 'jp',
  'ja-jp', 'ja-JP', 'pt', 'pt-BR', 'de', 'ko', 'it', 'ru', 'ro', 'cs', 'id', 'ar', 'tr', 'hi', 'sv',
  'no', 'da', 'lv', 'nl', 'uk', 'vi', 'pl', 'uz', 'he', 'ca', 'fi', 'hu',
] as const;

export const languageCodeSchema = z.enum(languageCodes);
