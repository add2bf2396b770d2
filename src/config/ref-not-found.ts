import path from 'node:path';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { closest } from './closest.js';
import type { ConfigFileSystem } from './config-fs.js';

/**
 * The `config/ref-not-found` diagnostic for `ref` (as written), which resolved to the missing
 * project-relative `file`. Suggests the nearest `.json` file in the same folder, written the way
 * the user wrote the path.
 */
export async function refNotFound(
  fs: ConfigFileSystem,
  root: string,
  ref: string,
  file: string,
  at: { readonly file: string; readonly pointer: string },
): Promise<Diagnostic> {
  const folder = path.posix.dirname(file);
  const names = (await fs.listDirectory(path.join(root, folder))).filter((name) => name.endsWith('.json'));
  const nearest = closest(path.posix.basename(file), names);
  const written = ref.replace(/\\/g, '/');
  const suggestion = nearest === undefined ? undefined : written.slice(0, written.lastIndexOf('/') + 1) + nearest;
  return createDiagnostic('config/ref-not-found', {
    message: `\`$ref\` \`${ref}\` names \`${file}\`, which does not exist.`,
    file: at.file,
    pointer: at.pointer,
    hint:
      suggestion === undefined
        ? `Check the path: it is relative to the folder of \`${at.file}\`.`
        : `Did you mean \`${suggestion}\`?`,
  });
}
