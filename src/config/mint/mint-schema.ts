import { z } from 'zod';

/**
 * A loose schema of legacy mint.json: it checks only the parts the upgrade relies on (the
 * navigation structure, tabs, anchors, versions) and accepts every other key. The upgraded
 * result is then validated strictly as docs.json, with positions mapped back into mint.json.
 */
export type MintGroup = { group: string; pages: (string | MintGroup)[]; icon?: string; iconType?: string; version?: string } & Record<string, unknown>;

export const mintGroupSchema: z.ZodType<MintGroup> = z.looseObject({
  group: z.string(),
  get pages(): z.ZodArray<z.ZodUnion<[z.ZodString, z.ZodType<MintGroup>]>> {
    return z.array(z.union([z.string(), mintGroupSchema]));
  },
  icon: z.string().optional(),
  iconType: z.string().optional(),
  version: z.string().optional(),
});

const sectionShape = {
  name: z.string(),
  url: z.string(),
  version: z.string().optional(),
  isDefaultHidden: z.boolean().optional(),
  openapi: z.string().optional(),
};

export const mintConfigSchema = z.looseObject({
  navigation: z.array(mintGroupSchema),
  tabs: z.array(z.looseObject(sectionShape)).optional(),
  anchors: z.array(z.looseObject({ ...sectionShape, icon: z.string().optional(), iconType: z.string().optional() })).optional(),
  versions: z.array(z.union([z.string(), z.looseObject({ name: z.string(), default: z.boolean().optional() })])).optional(),
  primaryTab: z.looseObject({ name: z.string() }).optional(),
  topAnchor: z.looseObject({ name: z.string(), icon: z.string().optional(), iconType: z.string().optional() }).optional(),
  openapi: z.union([z.string(), z.array(z.string())]).optional(),
});

export type MintConfig = z.output<typeof mintConfigSchema>;
export type MintSection = NonNullable<MintConfig['anchors']>[number];
