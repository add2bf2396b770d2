import type { OperationModel, ParameterModel } from './model.js';

/** `application/x-www-form-urlencoded`, with or without parameters. */
const FORM = /^\s*application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * The parameters a request is built from: the operation's, then its OpenAPI 3.2 `in: querystring`
 * parameter when it is form fields (`application/x-www-form-urlencoded`), as the query parameter
 * it amounts to: an object whose properties are the query's pairs (`form` style, exploded). The
 * Try-it form and the code samples send it so, alike. A query string of another media type (JSON
 * text) is not a set of pairs and is left out.
 */
export function requestParameters(model: Pick<OperationModel, 'parameters' | 'querystring'>): ParameterModel[] {
  const qs = model.querystring;
  if (!qs || !FORM.test(qs.mediaType)) return [...model.parameters];
  const asQuery: ParameterModel = {
    name: qs.name,
    in: 'query',
    ...(qs.description !== undefined ? { description: qs.description } : {}),
    required: qs.required,
    deprecated: qs.deprecated,
    schema: qs.schema ?? { type: 'object' },
    style: 'form',
    explode: true,
    examples: qs.examples,
    mediaType: qs.mediaType,
  };
  return [...model.parameters, asQuery];
}
