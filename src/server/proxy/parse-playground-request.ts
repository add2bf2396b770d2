import { z } from 'zod';
import type { PlaygroundRequest } from '../../model/playground.js';
import { refuse, success, type Outcome } from './proxy-errors.js';

/** RFC 9110 token: a header name or a method. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What Node accepts in a header value (no CR, LF or NUL: no header injection). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const fields = z.record(z.string(), z.string());

const fileSchema = z.strictObject({
  field: z.string(),
  filename: z.string(),
  contentType: z.string().regex(HEADER_VALUE, 'must be a header value'),
  base64: z.base64(),
});

const bodySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({ type: z.literal('form'), fields }),
  z.strictObject({ type: z.literal('multipart'), fields, files: z.array(fileSchema) }),
  z.strictObject({ type: z.literal('binary'), base64: z.base64(), contentType: z.string().regex(HEADER_VALUE, 'must be a header value') }),
]);

/** `PlaygroundRequest` (src/model/playground.ts), unknown fields refused. */
export const playgroundRequestSchema = z.strictObject({
  method: z
    .string()
    .regex(/^[A-Z][A-Z0-9_-]{0,31}$/, 'must be an uppercase HTTP method')
    .refine((m) => m !== 'CONNECT', 'CONNECT opens a tunnel and is not sent'),
  url: z.string().min(1).max(16_384),
  headers: z.record(z.string().regex(TOKEN, 'is not a valid header name'), z.string().regex(HEADER_VALUE, 'holds a character a header cannot carry (line break or control character)')),
  body: bodySchema,
}) satisfies z.ZodType<PlaygroundRequest>;

/** `headers.X-Key`, `body.files[0].base64`. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => `\`${fieldName([...issue.path, k])}\` is not a known field`).join('; ');
  if (issue.code === 'invalid_key') {
    const inner = issue.issues[0]?.message ?? 'is not valid';
    return `\`${fieldName(issue.path)}\`: ${inner}`;
  }
  const name = fieldName(issue.path);
  return name ? `\`${name}\`: ${issue.message}` : issue.message;
}

/**
 * Reads the proxy's request body: JSON, then the `PlaygroundRequest` shape. A refusal names the
 * fields at fault (never their values: a header may be a secret).
 */
export function parsePlaygroundRequest(text: string): Outcome<PlaygroundRequest> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('proxy/invalid-request', 'The body is not valid JSON.');
  }
  const parsed = playgroundRequestSchema.safeParse(json);
  if (parsed.success) return success(parsed.data);
  const { issues } = parsed.error;
  const problems = issues.slice(0, 3).map(describe);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return refuse('proxy/invalid-request', `The playground request is malformed: ${problems.join('; ')}${more}.`);
}
