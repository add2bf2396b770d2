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

export function createRenderCache(dir: string | undefined): RenderCache {
  const key = (parts: readonly string[]): string => {
    const h = createHash('sha256');
    for (const p of parts) h.update(p).update('\u0000');
    return h.digest('hex');
  };
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
