import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderedBody } from '../model/render.js';

/**
 * A content-addressed cache of rendered bodies on disk. The key of a page hashes everything its
 * body depends on (the renderer fingerprint, the page source, the variables, every snippet); a
 * hit returns the stored body, so unchanged pages are not rendered again.
 */
export interface RenderCache {
  key(parts: readonly string[]): string;
  get(key: string): Promise<RenderedBody | undefined>;
  set(key: string, body: RenderedBody): Promise<void>;
}

/**
 * The key of what a body, file or page is made from (the render cache's, an incremental build's):
 * SHA-256 over the parts, a string as it is, anything else as its JSON, each part ended by a NUL
 * (so `['ab', 'c']` and `['a', 'bc']` differ).
 */
export function digestOf(...parts: readonly unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(typeof part === 'string' ? part : (JSON.stringify(part, setsAsLists) ?? 'undefined')).update('\u0000');
  return hash.digest('hex');
}

/** JSON of sets and maps as their entries (JSON.stringify writes them as `{}`). */
const setsAsLists = (_key: string, value: unknown): unknown => (value instanceof Set ? [...value] : value instanceof Map ? [...value] : value);

export function createRenderCache(dir: string | undefined): RenderCache {
  const key = (parts: readonly string[]): string => digestOf(...parts);
  if (!dir) return { key, get: async () => undefined, set: async () => {} };
  const file = (k: string) => path.join(dir, k.slice(0, 2), `${k}.json`);
  return {
    key,
    get: async (k) => {
      try {
        return JSON.parse(await readFile(file(k), 'utf8')) as RenderedBody;
      } catch {
        return undefined;
      }
    },
    set: async (k, body) => {
      // Bodies with errors are not cached: the next build must report them again.
      if (body.diagnostics.some((d) => d.severity === 'error')) return;
      await mkdir(path.dirname(file(k)), { recursive: true });
      await writeFile(file(k), JSON.stringify(body));
    },
  };
}
