import path from 'node:path';
import type { DocsConfig } from '../config/loaded-config.js';
import { normalizeFileToken } from './reference.js';

/** One OpenAPI source named by a navigation element or `api.openapi`. */
export interface OpenApiSource {
  /** Normalised project-relative POSIX path, or an http(s) URL. */
  readonly source: string;
  /** Output folder of generated pages; `api-reference` when unset. */
  readonly directory?: string;
}

const isUrl = (s: string): boolean => /^https?:\/\//i.test(s);

/** Normalises a source path the way Mintlify does: leading `/` and `./` dropped, `..` folded. */
export function normalizeSource(source: string): string {
  if (isUrl(source)) return source;
  return path.posix.normalize(normalizeFileToken(source)).replace(/^\.\/?$/, '');
}

/**
 * Reads an `openapi` field in any of its three forms (string, array of strings or objects,
 * object) into a list of sources. Invalid shapes give an empty list (config validation reports
 * them).
 */
export function readOpenApiField(value: unknown): OpenApiSource[] {
  const one = (v: unknown): OpenApiSource | undefined => {
    if (typeof v === 'string' && v.trim()) return { source: normalizeSource(v.trim()) };
    if (v && typeof v === 'object' && typeof (v as { source?: unknown }).source === 'string') {
      const { source, directory } = v as { source: string; directory?: unknown };
      return {
        source: normalizeSource(source),
        ...(typeof directory === 'string' ? { directory: normalizeFileToken(directory).replace(/\/$/, '') } : {}),
      };
    }
    return undefined;
  };
  const list = Array.isArray(value) ? value.map(one) : [one(value)];
  return list.filter((s): s is OpenApiSource => s !== undefined);
}

/**
 * Every OpenAPI source named anywhere in a configuration (navigation and `api.openapi`), each
 * with the JSON pointers (in the merged configuration) of the `openapi` fields naming it.
 * Sorted by source.
 */
export function collectOpenApiSources(config: DocsConfig): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const note = (value: unknown, pointer: string): void => {
    for (const { source } of readOpenApiField(value)) found.set(source, [...(found.get(source) ?? []), pointer]);
  };
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const child = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === 'openapi') note(value, child);
      else visit(value, child);
    }
  };
  visit(config['navigation'], '/navigation');
  const api = config['api'] as { openapi?: unknown } | undefined;
  if (api?.openapi !== undefined) note(api.openapi, '/api/openapi');
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
