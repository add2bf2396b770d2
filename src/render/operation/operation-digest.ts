import { createHash } from 'node:crypto';
import type { LoadedOpenApi } from '../../model/openapi.js';
import type { PageOperation } from '../../model/site.js';
import { pointerFrom } from '../../diagnostics/positions.js';
import { fragmentPointer, resolvePointer } from '../../openapi/resolve-pointer.js';

/**
 * What the page of one operation is made from in its OpenAPI document, as a digest: the path item
 * (or webhook) holding it, every part of the document it reaches through `$ref`s and discriminator
 * mappings (transitively), and the document's top level besides `paths`, `webhooks` and
 * `components` (servers, security, info, tags…) with `components.securitySchemes` (named by
 * security requirements, not by `$ref`). An edit elsewhere in the document (another operation,
 * a schema it does not use) leaves it unchanged: an incremental build renders again only the
 * operations an edit reaches, and every operation using a changed shared schema.
 */
export interface OperationDigests {
  of(operation: PageOperation): string;
}

export function operationDigests(documents: readonly LoadedOpenApi[]): OperationDigests {
  const byFile = new Map(documents.map((d) => [d.index.file, documentDigests(d.document)]));
  return {
    of: (operation) => byFile.get(operation.document)?.(operation) ?? `missing:${operation.document}`,
  };
}

type Json = unknown;

function documentDigests(document: Readonly<Record<string, unknown>>): (operation: PageOperation) => string {
  const shared = createHash('sha256');
  for (const key of Object.keys(document).sort()) {
    if (key === 'paths' || key === 'webhooks' || key === 'components') continue;
    shared.update(key).update('\u0000').update(JSON.stringify(document[key]) ?? '').update('\u0000');
  }
  const components = document['components'];
  const schemes = components && typeof components === 'object' ? (components as Record<string, unknown>)['securitySchemes'] : undefined;
  shared.update(JSON.stringify(schemes ?? null) ?? '');
  const base = shared.digest('hex');
  // Each pointer's node once: the digest of its JSON text and the pointers it names (an operation
  // then hashes digests, not texts: GitHub's operations reach a few hundred shared schemas each).
  const nodes = new Map<string, { digest: string; refs: readonly string[] }>();
  const node = (pointer: string, value?: () => Json): { digest: string; refs: readonly string[] } => {
    let found = nodes.get(pointer);
    if (!found) {
      const at = value ? value() : resolvePointer(document, fragmentPointer(pointer))?.value;
      found = { digest: createHash('sha256').update(JSON.stringify(at) ?? 'undefined').digest('hex'), refs: refsOf(at) };
      nodes.set(pointer, found);
    }
    return found;
  };
  return (operation) => {
    const holder = operation.method === 'WEBHOOK' ? 'webhooks' : 'paths';
    // The path item by its key as written (a key is no URI fragment: `%` stays as it is).
    const start = `#${pointerFrom([holder, operation.path])}`;
    node(start, () => {
      const items = document[holder];
      return items && typeof items === 'object' ? (items as Record<string, unknown>)[operation.path] : undefined;
    });
    const seen = new Set<string>([start]);
    const queue = [start];
    while (queue.length) {
      for (const ref of node(queue.pop() as string).refs) {
        if (seen.has(ref)) continue;
        seen.add(ref);
        queue.push(ref);
      }
    }
    const hash = createHash('sha256').update(base);
    for (const pointer of [...seen].sort()) hash.update('\u0000').update(pointer).update('\u0000').update(node(pointer).digest);
    return hash.digest('hex');
  };
}

/** The internal pointers a value names: `$ref`s, and discriminator mappings (a pointer, or a schema's name). */
function refsOf(value: Json): string[] {
  const out: string[] = [];
  const walk = (v: Json): void => {
    if (Array.isArray(v)) {
      v.forEach(walk);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const record = v as Record<string, unknown>;
    const ref = record['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#')) out.push(ref);
    const discriminator = record['discriminator'];
    if (discriminator && typeof discriminator === 'object') {
      const mapping = (discriminator as Record<string, unknown>)['mapping'];
      if (mapping && typeof mapping === 'object') {
        for (const target of Object.values(mapping as Record<string, unknown>)) {
          if (typeof target !== 'string') continue;
          out.push(target.startsWith('#') ? target : `#${pointerFrom(['components', 'schemas', target])}`);
        }
      }
    }
    for (const key in record) walk(record[key]);
  };
  walk(value);
  return out;
}
