import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where corpus-site.ts keeps one build of each corpus project for the whole run. */
    corpusSites: string;
  }
}

/**
 * Global setup of the corpus suite: one temporary folder for the corpus projects' built sites,
 * shared by every test file of the run (test files run in separate module graphs, so a build
 * kept in a module variable would be made again by each file) and removed at the end.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'sheaf-corpus-sites-'));
  project.provide('corpusSites', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
