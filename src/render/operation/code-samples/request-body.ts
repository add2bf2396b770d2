import { mediaExample, resolveMerged, type ExampleOptions } from '../../../openapi/examples/index.js';
import type { MediaModel, OperationModel, RawSchema } from '../../../openapi/operation-model/model.js';
import type { HarParam, HarPostData } from './har.js';
import { scalarText } from './parameter-entries.js';
import { toXml } from './to-xml.js';
import { isRecord } from '../../../parse/is-record.js';

/** The file name of file placeholders in multipart bodies. */
const FILE_NAME = 'example-file';
/** The body of binary media types (`application/octet-stream`, `image/png`…) without a string example. */
const BINARY = '<binary>';

type BodyKind = 'json' | 'form' | 'multipart' | 'xml' | 'text' | 'binary';

function kindOf(mediaType: string): BodyKind {
  const m = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (/[/+]json$|^application\/(x-)?ndjson$|\*\/\*/.test(m)) return 'json';
  if (m === 'application/x-www-form-urlencoded') return 'form';
  if (m.startsWith('multipart/')) return 'multipart';
  if (/[/+]xml$/.test(m)) return 'xml';
  if (m.startsWith('text/') || m === 'application/javascript') return 'text';
  return 'binary';
}

/** True for JSON media types: `application/json`, `…+json`, and any-type wildcards (JSON is the likely body). */
export const isJsonBody = (mediaType: string): boolean => kindOf(mediaType) === 'json';

const isTextual = (contentType: string) => /^text\/|json|xml|x-www-form-urlencoded/i.test(contentType);

/**
 * A file field: binary/base64 strings (3.0 `format`, 3.1 `contentEncoding`), 3.1 non-text
 * `contentMediaType`, or arrays of those. The Try-it form shows a file input for the same fields
 * (render/operation/playground/schema-info.ts).
 */
function isFileSchema(node: unknown, document: unknown, depth = 0): boolean {
  const schema = resolveMerged(node, document);
  if (!schema || depth > 2) return false;
  if (schema.format === 'binary' || schema.format === 'base64') return true;
  if (typeof schema.contentEncoding === 'string') return true;
  if (typeof schema.contentMediaType === 'string' && !isTextual(schema.contentMediaType)) return true;
  const isArray = schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
  return isArray && isFileSchema(schema.items, document, depth + 1);
}

/** One part's media type from an encoding's `contentType`: the first of a list, none for a range (`image/*`). */
function partType(contentType: string): string | undefined {
  const first = contentType.split(',')[0]?.trim() ?? '';
  return first === '' || first.includes('*') ? undefined : first;
}

/** A file field's own media type: 3.1 `contentMediaType` (of the items, for an array of files). */
function fileMediaType(node: unknown, document: unknown, depth = 0): string | undefined {
  const schema = resolveMerged(node, document);
  if (!schema || depth > 2) return undefined;
  if (typeof schema.contentMediaType === 'string' && !isTextual(schema.contentMediaType)) return schema.contentMediaType;
  return schema.items !== undefined ? fileMediaType(schema.items, document, depth + 1) : undefined;
}

/**
 * Multipart fields of an example object: a file part (`example-file`) for each file field, with
 * the media type its `encoding` or its schema's `contentMediaType` names; text parts for the rest
 * (arrays repeat the name).
 */
function multipartParams(media: MediaModel, example: unknown, document: unknown): HarParam[] {
  if (!isRecord(example)) return [];
  const properties = resolveMerged(media.schema, document)?.properties;
  const props: Readonly<Record<string, unknown>> = isRecord(properties) ? properties : {};
  return Object.entries(example).flatMap(([name, value]): HarParam[] => {
    const encoded = media.encoding?.[name]?.contentType;
    const contentType = encoded !== undefined ? partType(encoded) : isFileSchema(props[name], document) ? fileMediaType(props[name], document) : undefined;
    if (encoded !== undefined && !isTextual(encoded) && contentType === undefined) return [{ name, fileName: FILE_NAME }];
    if (isFileSchema(props[name], document) || (contentType !== undefined && !isTextual(contentType))) {
      return [{ name, fileName: FILE_NAME, ...(contentType !== undefined ? { contentType } : {}) }];
    }
    return Array.isArray(value) ? value.map((item) => ({ name, value: scalarText(item) })) : [{ name, value: scalarText(value) }];
  });
}

/**
 * Form fields of an example object. Nested objects use bracket names (`address[city]`), as
 * form APIs (Stripe's `deepObject` encoding, PHP, Rails) read them; arrays of scalars repeat
 * the name, arrays of objects index it (`items[0][id]`).
 */
function formParams(example: unknown): HarParam[] {
  const out: HarParam[] = [];
  const add = (name: string, value: unknown): void => {
    if (isRecord(value)) for (const [k, v] of Object.entries(value)) add(`${name}[${k}]`, v);
    else if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) value.forEach((v, i) => add(`${name}[${i}]`, v));
    else if (Array.isArray(value)) for (const v of value) out.push({ name, value: scalarText(v) });
    else out.push({ name, value: scalarText(value) });
  };
  if (isRecord(example)) for (const [name, value] of Object.entries(example)) add(name, value);
  return out;
}

function jsonText(example: unknown): string {
  if (typeof example === 'string') {
    try {
      JSON.parse(example);
      return example;
    } catch {
      return JSON.stringify(example);
    }
  }
  return JSON.stringify(example);
}

function xmlRoot(schema: RawSchema | undefined, document: unknown): string {
  const resolved = resolveMerged(schema, document);
  const xml = resolved?.xml;
  if (isRecord(xml) && typeof xml.name === 'string') return xml.name;
  const ref = typeof schema?.$ref === 'string' ? schema.$ref : '';
  return ref ? ref.slice(ref.lastIndexOf('/') + 1) : 'root';
}

/**
 * The HAR body of the operation's first request content type, from its example (given, else
 * generated): JSON text; form fields (see `formParams`); multipart fields with `example-file` for file fields;
 * XML (see `toXml`) or a string example for XML and text; `<binary>` for other media types.
 * `undefined` when the operation has no request body. The body has no text when no example
 * could be made.
 */
export function requestPostData(model: OperationModel, document: unknown, options: ExampleOptions): HarPostData | undefined {
  const media = model.requestBody?.content[0];
  if (!media) return undefined;
  const mimeType = media.mediaType;
  const kind = kindOf(mimeType);
  const example = mediaExample(media, document, 'request', options);
  if (kind === 'multipart') return { mimeType, params: multipartParams(media, example, document) };
  if (kind === 'form') return { mimeType, params: formParams(example) };
  if (example === undefined) return kind === 'binary' ? { mimeType, text: BINARY } : { mimeType };
  switch (kind) {
    case 'json':
      return { mimeType, text: jsonText(example) };
    case 'xml':
      return { mimeType, text: typeof example === 'string' ? example : toXml(example, xmlRoot(media.schema, document)) };
    case 'text':
      return { mimeType, text: scalarText(example) };
    default:
      return { mimeType, text: typeof example === 'string' ? example : BINARY };
  }
}
