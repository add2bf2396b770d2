import path from 'node:path';
import type { ReadPolicy } from '../model/project.js';
import { mapLimited } from '../project-fs/map-limited.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectText, resolveScope, type ReadScope } from '../project-fs/read-project-file.js';

/** Files read at the same time by `readProjectTexts`. */
const CONCURRENCY = 16;

/**
 * The byte cap a project file is read under when a later stage needs its text again (positions
 * of diagnostics, code frames, where a broken link is written), by what it is: a JSON or YAML
 * file under the larger of the configuration and OpenAPI caps (it may be either), anything else
 * under the page cap.
 */
export function textCapOf(file: string, policy: ReadPolicy): number {
  return /\.(json|ya?ml)$/i.test(file) ? Math.max(policy.maxConfigBytes, policy.maxOpenApiBytes) : policy.maxPageBytes;
}

/**
 * A reader of project files' texts by project-relative path, through `readProjectText` (inside
 * the project, a regular file, under `textCapOf`), each file read at most once; `undefined` for
 * a file refused or missing. For the stages after load that need a file's text again.
 */
export function projectTextReader(root: string, policy: ReadPolicy = DEFAULT_READ_POLICY): (file: string) => Promise<string | undefined> {
  let scope: Promise<ReadScope> | undefined;
  const texts = new Map<string, Promise<string | undefined>>();
  return (file) => {
    let text = texts.get(file);
    if (!text) {
      scope ??= resolveScope({ root, allowOutside: policy.allowOutside });
      text = scope.then(async (s) => {
        const read = await readProjectText(s, path.join(root, file), textCapOf(file, policy));
        return read.ok ? read.text : undefined;
      });
      texts.set(file, text);
    }
    return text;
  };
}

/** The texts of `files` (project-relative) read by `projectTextReader`, those refused or missing left out. */
export async function readProjectTexts(root: string, files: Iterable<string>, policy: ReadPolicy = DEFAULT_READ_POLICY): Promise<Map<string, string>> {
  const read = projectTextReader(root, policy);
  const unique = [...new Set(files)];
  const texts = await mapLimited(unique, CONCURRENCY, read);
  return new Map(unique.flatMap((f, i) => (texts[i] === undefined ? [] : [[f, texts[i] as string] as const])));
}
