import type { LinkModel, MediaModel, ResponseModel } from './model.js';
import { deref, entriesOf, str, text } from './deref.js';
import { readContent } from './read-media.js';
import { readHeaders } from './read-parameters.js';
import { isRecord } from '../../parse/is-record.js';

/** The links of a response, `$ref`s followed, in document order. */
export function readLinks(doc: unknown, links: unknown): LinkModel[] {
  const out: LinkModel[] = [];
  for (const [name, raw] of entriesOf(links)) {
    const link = deref(doc, raw);
    if (!link) continue;
    out.push({
      name,
      operationId: str(link.operationId),
      operationRef: str(link.operationRef),
      parameters: isRecord(link.parameters) ? link.parameters : undefined,
      requestBody: link.requestBody,
      description: text(link.description),
    });
  }
  return out;
}

/**
 * Where a status sorts: by class (`2` for `201` and `2XX`), codes before their range, `default`
 * last. Document order cannot be kept: JavaScript objects list integer-like keys (`200`) first.
 */
function statusRank(status: string): [number, number, string] {
  const upper = status.toUpperCase();
  if (/^[1-5]\d\d$/.test(upper)) return [Number(upper[0]), 0, upper];
  if (/^[1-5]XX$/.test(upper)) return [Number(upper[0]), 1, upper];
  return [upper === 'DEFAULT' ? 7 : 6, 0, upper];
}

function compareStatus(a: string, b: string): number {
  const [x, y] = [statusRank(a), statusRank(b)];
  return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
}

/** The responses of an operation by status (see `statusRank`; `$ref`s followed; unresolved ones keep only their status). */
export function readResponses(doc: unknown, responses: unknown): ResponseModel[] {
  return entriesOf(responses)
    .filter(([status]) => !status.startsWith('x-'))
    .sort(([a], [b]) => compareStatus(a, b))
    .map(([status, raw]) => {
      const response = deref(doc, raw) ?? {};
      return {
        status,
        description: text(response.description),
        headers: readHeaders(doc, response.headers),
        content: readContent(doc, response.content),
        links: readLinks(doc, response.links),
      };
    });
}

/** The request body, or `undefined` when there is none or it does not resolve. */
export function readRequestBody(
  doc: unknown,
  raw: unknown,
): { required: boolean; description?: string; content: MediaModel[] } | undefined {
  const body = deref(doc, raw);
  if (!body) return undefined;
  return { required: body.required === true, description: text(body.description), content: readContent(doc, body.content) };
}
