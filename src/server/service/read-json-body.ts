import type { Context } from 'hono';
import type { z } from 'zod';
import { errorResponse } from './service-error.js';

/** A parsed body, or the error response to send. */
export type BodyResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly response: Response };

const isJsonType = (type: string) => {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return essence === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(essence);
};

/**
 * Reads a JSON body (the size limit is applied before, by middleware) and validates it with a
 * strict zod schema. `allowEmpty`: an empty body counts as `{}`. Errors name the field at fault:
 * 400 `invalid-json` / `invalid-body`, 415 for a non-JSON content type.
 */
export async function readJsonBody<S extends z.ZodType>(c: Context, schema: S, allowEmpty = false): Promise<BodyResult<z.output<S>>> {
  const type = c.req.header('content-type');
  const text = await c.req.text();
  if (text.trim() === '' && allowEmpty) return validate(schema, {}, c);
  if (type !== undefined && !isJsonType(type)) {
    return { ok: false, response: errorResponse(c, 'unsupported-media-type', 'The body must be JSON: send `Content-Type: application/json`.') };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : '';
    return { ok: false, response: errorResponse(c, 'invalid-json', `The body is not valid JSON${detail}.`) };
  }
  return validate(schema, value, c);
}

function validate<S extends z.ZodType>(schema: S, value: unknown, c: Context): BodyResult<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, response: errorResponse(c, 'invalid-body', describeIssue(parsed.error.issues[0], value)) };
}

function describeIssue(issue: z.core.$ZodIssue | undefined, value: unknown): string {
  if (!issue) return 'The body is not valid.';
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `\`${k}\``).join(', ');
    return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${keys} in the body${field ? ` at \`${field}\`` : ''}.`;
  }
  if (issue.path.length === 0) return 'The body must be a JSON object.';
  if (issue.code === 'invalid_type') {
    // Present (even as null) at its path, `paths.1` included: of the wrong type; else missing.
    const present = issue.path.reduce<unknown>((v, key) => (typeof v === 'object' && v !== null && key in v ? (v as Record<PropertyKey, unknown>)[key] : undefined), value) !== undefined;
    return present ? `Field \`${field}\` must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}.` : `Field \`${field}\` is required.`;
  }
  if (issue.code === 'invalid_value' && issue.values.length > 1) {
    return `Field \`${field}\` must be one of ${issue.values.map((v) => `\`${String(v)}\``).join(', ')}.`;
  }
  return `Field \`${field}\`: ${issue.message}.`;
}
