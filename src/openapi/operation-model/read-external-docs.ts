import type { ExternalDocsModel } from './model.js';
import { deref, str, text } from './deref.js';

/**
 * An `externalDocs` object (operation or tag) as the model keeps it: its `url` (required by
 * OpenAPI; an object without a non-empty one is left out) and its `description` when it has text.
 */
export function readExternalDocs(doc: unknown, value: unknown): ExternalDocsModel | undefined {
  const object = deref(doc, value);
  const url = str(object?.url)?.trim();
  if (object === undefined || url === undefined || url === '') return undefined;
  const description = text(object.description);
  return description !== undefined ? { url, description } : { url };
}
