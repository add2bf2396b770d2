import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadOpenApi } from '../../src/openapi/load-openapi.js';

/** A new folder under the system's temporary folder holding `files` (project-relative paths). */
export function tempProject(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sheaf-openapi-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** Loads `name` of a new project holding `files` as the named OpenAPI source. */
export function loadText(name: string, files: Record<string, string>) {
  return loadOpenApi(tempProject(files), { files: [], named: [name], allowNetwork: false });
}
