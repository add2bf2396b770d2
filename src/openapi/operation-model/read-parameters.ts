import type { ParameterModel, QuerystringModel } from './model.js';
import { deref, entriesOf, str, text, type Obj } from './deref.js';
import { rawSchema, readContent, readExamples } from './read-media.js';

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

/** One Parameter (or Header, with `name` and `in` given) object as the model shows it. */
export function readParameter(doc: unknown, param: Obj, name: string, location: ParameterModel['in']): ParameterModel {
  // A parameter described by `content` (one media type) takes that media type's schema and examples.
  const media = readContent(doc, param.content)[0];
  const examples = readExamples(doc, param);
  return {
    name,
    in: location,
    description: text(param.description),
    required: location === 'path' || param.required === true,
    deprecated: param.deprecated === true,
    schema: rawSchema(param.schema) ?? media?.schema,
    style: str(param.style),
    explode: typeof param.explode === 'boolean' ? param.explode : undefined,
    examples: examples.length > 0 ? examples : (media?.examples ?? []),
    ...(media ? { mediaType: media.mediaType } : {}),
  };
}

/**
 * Path-item and operation parameters merged: path-item ones first in their order, an operation
 * parameter with the same `name` and `in` taking the place of the path-item one, then the other
 * operation parameters. `$ref`s are followed; entries without a name or a known location are left out.
 */
export function readParameters(doc: unknown, pathItemParams: unknown, operationParams: unknown): ParameterModel[] {
  const merged = new Map<string, ParameterModel>();
  for (const list of [pathItemParams, operationParams]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = deref(doc, raw);
      const name = str(param?.name);
      const location = str(param?.in);
      if (!param || name === undefined || location === undefined || !LOCATIONS.has(location)) continue;
      merged.set(`${location}\u0000${name}`, readParameter(doc, param, name, location as ParameterModel['in']));
    }
  }
  return [...merged.values()];
}

/**
 * The `in: querystring` parameter (OpenAPI 3.2) of the path item or the operation (the
 * operation's wins), read from its `content`'s first media type; `undefined` when there is none
 * or it has no `content` (the schema requires one).
 */
export function readQuerystring(doc: unknown, pathItemParams: unknown, operationParams: unknown): QuerystringModel | undefined {
  let found: QuerystringModel | undefined;
  for (const list of [pathItemParams, operationParams]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = deref(doc, raw);
      const name = str(param?.name);
      if (!param || name === undefined || param.in !== 'querystring') continue;
      const media = readContent(doc, param.content)[0];
      if (!media) continue;
      const examples = readExamples(doc, param);
      found = {
        name,
        description: text(param.description),
        required: param.required === true,
        deprecated: param.deprecated === true,
        mediaType: media.mediaType,
        ...(media.schema ? { schema: media.schema } : {}),
        examples: examples.length > 0 ? examples : media.examples,
      };
    }
  }
  return found;
}

/** The headers of a response (`Content-Type` is ignored, as the specification says). */
export function readHeaders(doc: unknown, headers: unknown): ParameterModel[] {
  const out: ParameterModel[] = [];
  for (const [name, raw] of entriesOf(headers)) {
    const header = deref(doc, raw);
    if (!header || name.toLowerCase() === 'content-type') continue;
    out.push(readParameter(doc, header, name, 'header'));
  }
  return out;
}
