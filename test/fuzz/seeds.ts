import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CORPUS } from '../corpus/corpus-path.js';

/** One corpus file the fuzz suite starts from. */
export interface Seed {
  /** Corpus-relative path, for messages (`mintlify/mintlify__docs/docs.json`). */
  readonly name: string;
  readonly text: string;
}

/** Files under `dir` (corpus-relative), sorted, skipping folders Mintlify ignores. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(CORPUS, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk(dir);
  return out;
}

const read = (name: string): Seed => ({ name, text: readFileSync(path.join(CORPUS, name), 'utf8') });
const bytesOf = (name: string): number => statSync(path.join(CORPUS, name)).size;

/** Every `count`-th of `list` (at most `max`), so the choice is spread over the corpus and stable. */
function spread<T>(list: readonly T[], max: number): T[] {
  if (list.length <= max) return [...list];
  const step = list.length / max;
  return Array.from({ length: max }, (_, i) => list[Math.floor(i * step)] as T);
}

/** The docs.json (and legacy mint.json) of every corpus project. */
export function configSeeds(): Seed[] {
  return listFiles('mintlify')
    .filter((f) => /^mintlify\/[^/]+\/(docs|mint)\.json$/.test(f))
    .map(read);
}

/** Corpus pages up to `maxBytes` (bytes), at most `max` of them spread over every project. */
export function pageSeeds(max: number, maxBytes: number): Seed[] {
  const pages = listFiles('mintlify').filter((f) => /\.mdx?$/.test(f) && bytesOf(f) <= maxBytes);
  return spread(pages, max).map(read);
}

/** Pages that start with frontmatter: the frontmatter block and up to 400 characters of body. */
export function frontmatterSeeds(max: number): Seed[] {
  const pages = listFiles('mintlify').filter((f) => /\.mdx?$/.test(f) && bytesOf(f) <= 64_000);
  const withFrontmatter = pages.map(read).filter((s) => /^---\r?\n[\s\S]*?\r?\n---/.test(s.text));
  return spread(withFrontmatter, max).map((s) => {
    const end = s.text.indexOf('\n---', 4) + 4;
    return { name: s.name, text: s.text.slice(0, end + 400) };
  });
}

/** Single-file OpenAPI documents (JSON or YAML) up to `maxBytes` (bytes). */
export function openapiSeeds(maxBytes: number): Seed[] {
  return ['small', 'edge', 'v31', 'swagger2', 'medium']
    .flatMap((dir) => listFiles(`openapi/${dir}`))
    .filter((f) => /\.(json|ya?ml)$/.test(f) && bytesOf(f) <= maxBytes)
    .map(read);
}
