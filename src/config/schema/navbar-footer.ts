import { z } from 'zod';
import { foldIconType, iconSchema, iconTypeSchema } from './primitives.js';
import { closed, named } from './registry.js';

/** Platforms accepted as keys of `footer.socials`. */
export const socialPlatforms = [
  'x', 'website', 'facebook', 'youtube', 'discord', 'slack', 'github', 'linkedin', 'instagram',
  'hacker-news', 'medium', 'telegram', 'twitter', 'x-twitter', 'earth-americas', 'bluesky', 'threads',
  'reddit', 'podcast',
] as const;

const icon = { icon: iconSchema.optional(), iconType: iconTypeSchema.optional() };

/** A navbar link; `iconType` is folded into `icon` (`foldIconType`). */
const navbarLinkSchema = z.union([
  z.strictObject({ ...icon, href: z.string(), label: z.string().optional(), type: z.literal('github') }).transform(foldIconType),
  z.strictObject({ ...icon, href: z.string(), label: z.string().optional(), type: z.literal('discord') }).transform(foldIconType),
  z.strictObject({ ...icon, href: z.string(), label: z.string(), type: z.string().optional() }).transform(foldIconType),
]);

const navbarPrimarySchema = z.union([
  z.strictObject({ type: z.literal('button'), label: z.string(), href: z.string() }),
  z.strictObject({ type: z.literal('github'), label: z.string().optional(), href: z.string() }),
  z.strictObject({ type: z.literal('discord'), label: z.string().optional(), href: z.string() }),
]);

/** `navbar`: top bar links and the primary call to action (also allowed per language). */
export const navbarSchema = named(
  'navbar',
  z.strictObject({ links: z.array(navbarLinkSchema).optional(), primary: navbarPrimarySchema.optional() }),
);

const footerLinkColumnSchema = z.strictObject({
  header: z.string().min(1).optional(),
  items: z.array(z.strictObject({ label: z.string().min(1), href: z.string() })).min(1),
});

/** `footer`: social links keyed by platform and up to 4 link columns (also allowed per language). */
export const footerSchema = named(
  'footer',
  z.strictObject({
    socials: closed(z.partialRecord(z.enum(socialPlatforms), z.url())).optional(),
    links: z.array(footerLinkColumnSchema).min(1).max(4).optional(),
  }),
);
