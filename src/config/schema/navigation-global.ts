import { z } from 'zod';
import { bannerSchema } from './branding.js';
import { footerSchema, navbarSchema } from './navbar-footer.js';
import { colorPairSchema, directorySchema, foldIconType, iconSchema, iconTypeSchema, languageCodeSchema } from './primitives.js';
import { closed, named } from './registry.js';
import type { GlobalNavigation } from './navigation-types.js';

/** Fields every global link has: it is a link (`href` required) that may be hidden. */
const linkShape = {
  hidden: z.boolean().optional(),
  directory: directorySchema.optional(),
  href: z.string(),
};

/** What a product says about itself, as a division and as a global link (`iconType` folded into `icon` by the element's transform). */
export const productFields = {
  product: z.string().min(1),
  name: z.string().optional(),
  icon: iconSchema.optional(),
  iconType: iconTypeSchema.optional(),
  color: colorPairSchema.optional(),
  description: z.string().optional(),
};

/** `global`: links shown whatever division is active (root navigation and every division). */
export const globalSchema: z.ZodType<GlobalNavigation> = named(
  'global',
  closed(z.strictObject({
    languages: z
      .array(
        z.strictObject({
          language: languageCodeSchema,
          default: z.boolean().optional(),
          banner: bannerSchema.optional(),
          footer: footerSchema.optional(),
          navbar: navbarSchema.optional(),
          ...linkShape,
        }),
      )
      .optional(),
    versions: z
      .array(z.strictObject({ version: z.string().min(1), default: z.boolean().optional(), tag: z.string().optional(), ...linkShape }))
      .optional(),
    tabs: z
      .array(
        z.strictObject({
          tab: z.string().min(1),
          icon: iconSchema.optional(),
          iconType: iconTypeSchema.optional(),
          searchable: z.boolean().optional(),
          align: z.enum(['start', 'end']).optional(),
          ...linkShape,
        }).transform(foldIconType),
      )
      .optional(),
    dropdowns: z
      .array(
        z.strictObject({
          dropdown: z.string().min(1),
          icon: iconSchema.optional(),
          iconType: iconTypeSchema.optional(),
          color: colorPairSchema.optional(),
          description: z.string().optional(),
          ...linkShape,
        }).transform(foldIconType),
      )
      .optional(),
    anchors: z
      .array(
        z
          .strictObject({ anchor: z.string().min(1), icon: iconSchema.optional(), iconType: iconTypeSchema.optional(), color: colorPairSchema.optional(), ...linkShape })
          .transform(foldIconType),
      )
      .optional(),
    products: z
      .array(
        z.strictObject({
          ...productFields,
          ...linkShape,
        }).transform(foldIconType),
      )
      .optional(),
  })),
);
