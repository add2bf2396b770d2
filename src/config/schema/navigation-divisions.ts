import { z } from 'zod';
import { bannerSchema } from './branding.js';
import { footerSchema, navbarSchema } from './navbar-footer.js';
import { globalSchema, productFields } from './navigation-global.js';
import { groupSchema, pagesSchema, sdkSchema } from './navigation-group.js';
import {
  asyncapiSchema, colorPairSchema, directorySchema, foldIconType, iconSchema, iconTypeSchema, languageCodeSchema, openapiSchema,
} from './primitives.js';
import { allowedChildren } from './navigation-structure.js';
import { named } from './registry.js';
import type {
  AnchorNode, DropdownNode, LanguageNode, MenuItemNode, ProductNode, TabNode, VersionNode,
} from './navigation-types.js';

/*
 * The navigation divisions. They nest in each other, so they live in one module and refer to
 * each other through `z.lazy`. Each division is a strict object whose children are all optional;
 * that a division holds at most one kind of children (or is a link with `href`) is checked after
 * parsing by `check-navigation.ts`, which can name both conflicting keys.
 */

const child = {
  languages: named('languages', z.lazy(() => z.array(languageSchema).min(1))),
  versions: named('versions', z.lazy(() => z.array(versionSchema).min(1))),
  tabs: named('tabs', z.lazy(() => z.array(tabSchema).min(1))),
  dropdowns: named('dropdowns', z.lazy(() => z.array(dropdownSchema))),
  anchors: named('anchors', z.lazy(() => z.array(anchorSchema).min(1))),
  products: named('products', z.lazy(() => z.array(productSchema))),
  menu: named('menu', z.lazy(() => z.array(menuItemSchema))),
  groups: z.array(groupSchema).min(1),
  pages: pagesSchema,
};

/** Optional child arrays of a division, without its own kind. */
function children<K extends keyof typeof child>(...keys: K[]): { [P in K]: z.ZodOptional<(typeof child)[P]> } {
  const shape: Partial<Record<K, z.ZodOptional<z.ZodType>>> = {};
  for (const key of keys) shape[key] = child[key].optional();
  return shape as { [P in K]: z.ZodOptional<(typeof child)[P]> };
}

/** Fields shared by every division. */
const common = {
  hidden: z.boolean().optional(),
  directory: directorySchema.optional(),
  href: z.string().optional(),
  openapi: openapiSchema.optional(),
  asyncapi: asyncapiSchema.optional(),
  global: globalSchema.optional(),
};

export const tabSchema: z.ZodType<TabNode> = named(
  'tab',
  z.strictObject({
    tab: z.string().min(1),
    icon: iconSchema.optional(),
    iconType: iconTypeSchema.optional(),
    searchable: z.boolean().optional(),
    align: z.enum(['start', 'end']).optional(),
    graphql: z.union([z.string().min(1), z.strictObject({ source: z.string().min(1), directory: z.string().min(1).optional() })]).optional(),
    sdk: sdkSchema.optional(),
    ...common,
    ...children(...allowedChildren.tab),
  }),
).transform(foldIconType);

export const anchorSchema: z.ZodType<AnchorNode> = named(
  'anchor',
  z.strictObject({
    anchor: z.string().min(1),
    icon: iconSchema.optional(),
    iconType: iconTypeSchema.optional(),
    color: colorPairSchema.optional(),
    ...common,
    ...children(...allowedChildren.anchor),
  }),
).transform(foldIconType);

export const dropdownSchema: z.ZodType<DropdownNode> = named(
  'dropdown',
  z.strictObject({
    dropdown: z.string().min(1),
    icon: iconSchema.optional(),
    iconType: iconTypeSchema.optional(),
    color: colorPairSchema.optional(),
    description: z.string().optional(),
    ...common,
    ...children(...allowedChildren.dropdown),
  }),
).transform(foldIconType);

export const versionSchema: z.ZodType<VersionNode> = named(
  'version',
  z.strictObject({
    version: z.string().min(1),
    default: z.boolean().optional(),
    tag: z.string().optional(),
    ...common,
    ...children(...allowedChildren.version),
  }),
);

export const languageSchema: z.ZodType<LanguageNode> = named(
  'language',
  z.strictObject({
    language: languageCodeSchema,
    default: z.boolean().optional(),
    banner: bannerSchema.optional(),
    footer: footerSchema.optional(),
    navbar: navbarSchema.optional(),
    ...common,
    ...children(...allowedChildren.language),
  }),
);

export const productSchema: z.ZodType<ProductNode> = named(
  'product',
  z.strictObject({
    ...productFields,
    ...common,
    ...children(...allowedChildren.product),
  }),
).transform(foldIconType);

export const menuItemSchema: z.ZodType<MenuItemNode> = named(
  'menuItem',
  z.strictObject({
    item: z.string().min(1),
    icon: iconSchema.optional(),
    description: z.string().optional(),
    ...common,
    ...children(...allowedChildren.menuItem),
  }),
);

/** `navigation`: exactly one child kind at the root (checked after parsing), plus `global` and `directory`. */
export const navigationSchema = z.strictObject({
  global: globalSchema.optional(),
  directory: directorySchema.optional(),
  ...children(...allowedChildren.navigation),
});
