import type { MediaModel } from '../../../openapi/operation-model/model.js';
import { describeSchema } from './schema-info.js';
import type { BodyKind } from '../../../model/playground-spec.js';

const JSON_MEDIA = /^application\/json\b|\+json\b|^application\/(x-)?ndjson\b/i;
const TEXT_MEDIA = /^text\/|^application\/(xml|yaml|x-yaml|javascript|graphql|sql)\b|\+xml\b|\+yaml\b/i;

/**
 * How a request body of this media type is edited and sent: JSON and text in a text area, URL
 * encoded and multipart forms as fields, anything else (octet-stream, images, PDFs…) as a file.
 * A text media type whose schema is a binary string is a file too; a wildcard type (any/any) is
 * JSON unless its schema is a file.
 */
export function bodyKind(media: MediaModel, document: unknown): BodyKind {
  const type = media.mediaType.toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) return 'form';
  if (type.startsWith('multipart/')) return 'multipart';
  const file = media.schema !== undefined && describeSchema(document, media.schema).file;
  if (JSON_MEDIA.test(type)) return 'json';
  if (TEXT_MEDIA.test(type) && !file) return 'text';
  if (/^(\*|application)\/\*/.test(type) && !file) return 'json';
  return 'binary';
}
