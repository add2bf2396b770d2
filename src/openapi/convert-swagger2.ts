import swagger2openapi from 'swagger2openapi';
import { pointerFrom } from '../diagnostics/positions.js';

/** Where swagger2openapi (with `warnOnly`) records what it could not convert exactly. */
const WARNING_KEY = 'x-s2o-warning';

/** A construct the converter kept but could not convert exactly, at a pointer of the result. */
export interface ConversionNote {
  readonly pointer: string;
  readonly message: string;
}

export type ConvertResult =
  | { readonly ok: true; readonly document: Record<string, unknown>; readonly notes: readonly ConversionNote[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Converts a (bundled) Swagger 2.0 document to OpenAPI 3.0 with swagger2openapi: small errors are
 * patched, shared YAML nodes are copied, and problems it cannot fix (an unresolvable `$ref`, a
 * lossy `collectionFormat`) do not stop it: they come back as notes, removed from the document.
 * A numeric `swagger: 2` (unquoted YAML) is accepted. The converter's module state lives within
 * one synchronous pass, so calls may overlap.
 */
export async function convertSwagger2(document: Record<string, unknown>): Promise<ConvertResult> {
  const input = document.swagger === '2.0' ? document : { ...document, swagger: '2.0' };
  let converted: Record<string, unknown>;
  try {
    const result = await swagger2openapi.convertObj(input, {
      patch: true,
      warnOnly: true,
      anchors: true,
      resolve: false,
      text: '-',
    });
    converted = result.openapi;
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, document: converted, notes: takeNotes(converted) };
}

/** Removes every `x-s2o-warning` from the converted document and returns them in document order. */
function takeNotes(root: unknown): ConversionNote[] {
  const notes: ConversionNote[] = [];
  const keys: string[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (!Array.isArray(node) && typeof record[WARNING_KEY] === 'string') {
      notes.push({ pointer: pointerFrom(keys), message: record[WARNING_KEY] as string });
      delete record[WARNING_KEY];
    }
    for (const key of Object.keys(record)) {
      keys.push(key);
      walk(record[key]);
      keys.pop();
    }
  };
  walk(root);
  return notes;
}
