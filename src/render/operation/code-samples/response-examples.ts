import { mediaExample } from '../../../openapi/examples/index.js';
import type { MediaModel, OperationModel } from '../../../openapi/operation-model/model.js';

/** One tab of the response panel. */
export interface ResponseSample {
  /** `200`, `4XX`, `default`… */
  readonly status: string;
  /** Code-block language id: `json`, `xml` or `text`. */
  readonly language: string;
  readonly code: string;
}

const isJson = (mediaType: string) => /[/+]json\b|\*\/\*/i.test(mediaType);

/** Responses are pretty-printed with this indent, in spaces. */
const INDENT = 2;

/**
 * One example per response that has content, in the document's order: for its first JSON
 * media type (else its first one), the first given example, else one generated from the schema
 * (`mediaExample`, response mode: `writeOnly` left out). JSON comes pretty-printed (a string
 * holding JSON is parsed and re-printed, any other string is a JSON string); other media show a
 * string example as written, other values as JSON. Responses with nothing to show are left out.
 * Never throws.
 */
export function responseExamples(model: OperationModel, document: unknown): ResponseSample[] {
  return model.responses.flatMap((response): ResponseSample[] => {
    const media = response.content.find((m) => isJson(m.mediaType)) ?? response.content[0];
    if (!media) return [];
    const sample = sampleOf(media, document);
    return sample ? [{ status: response.status, ...sample }] : [];
  });
}

function sampleOf(media: MediaModel, document: unknown): { language: string; code: string } | undefined {
  const value = mediaExample(media, document, 'response');
  if (value === undefined) return undefined;
  try {
    if (isJson(media.mediaType)) return { language: 'json', code: JSON.stringify(typeof value === 'string' ? parseOr(value) : value, null, INDENT) };
    if (typeof value === 'string') return { language: /xml/i.test(media.mediaType) ? 'xml' : /html/i.test(media.mediaType) ? 'html' : 'text', code: value };
    return { language: 'json', code: JSON.stringify(value, null, INDENT) };
  } catch {
    // A value JSON cannot hold (a YAML alias cycle): nothing to show.
    return undefined;
  }
}

/** A string example of a JSON media type: the JSON it holds, else the string itself (a JSON string). */
function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
