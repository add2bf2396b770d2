import type { MediaModel } from '../../openapi/operation-model/model.js';

/** Media types that show the same thing: one schema (the same object or the same `$ref`), no examples, encodings or item schema of their own. */
export interface MediaGroup {
  readonly types: readonly string[];
  /** The first media type of the group (its schema, examples and encoding stand for all). */
  readonly media: MediaModel;
}

/**
 * Groups media types with the same schema, keeping first-seen order, so that a body accepted as
 * `image/png`, `image/jpeg`… (YouTube lists 106 types for one schema) is described once. Media
 * with examples, encodings or an OpenAPI 3.2 `itemSchema` stay on their own.
 */
export function groupMedia(content: readonly MediaModel[]): MediaGroup[] {
  const groups: { types: string[]; media: MediaModel }[] = [];
  const byKey = new Map<unknown, { types: string[]; media: MediaModel }>();
  for (const media of content) {
    const ref = media.schema?.['$ref'];
    const key = typeof ref === 'string' ? `ref ${ref}` : (media.schema ?? 'none');
    const shareable = media.examples.length === 0 && media.encoding === undefined && media.itemSchema === undefined;
    const group = shareable ? byKey.get(key) : undefined;
    if (group) group.types.push(media.mediaType);
    else {
      const created = { types: [media.mediaType], media };
      groups.push(created);
      if (shareable) byKey.set(key, created);
    }
  }
  return groups;
}

/** A tab title for a group: its types, or the first ones and a count when there are many. */
export function groupTitle(types: readonly string[]): string {
  return types.length <= 3 ? types.join(', ') : `${types.slice(0, 2).join(', ')} and ${types.length - 2} more`;
}
