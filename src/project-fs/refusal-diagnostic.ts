import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { describeBytes } from './read-policy.js';
import type { Refusal } from './refusal.js';

/** What a refused file was read as: names it in the message and picks the flag that raises its cap. */
export type FileRole = 'config' | 'openapi' | 'page' | 'snippet' | 'asset';

const ROLE: Readonly<Record<FileRole, { readonly name: string; readonly flag: string }>> = {
  config: { name: 'configuration files', flag: '--max-config-bytes' },
  openapi: { name: 'OpenAPI documents', flag: '--max-openapi-bytes' },
  page: { name: 'pages', flag: '--max-page-bytes' },
  snippet: { name: 'snippets', flag: '--max-page-bytes' },
  asset: { name: 'custom CSS and JavaScript files', flag: '--max-page-bytes' },
};

const OUTSIDE_HINT =
  'Replace the link with a copy of the file. In a monorepo, `sheaf build` and `sheaf check` accept `--allow-outside <folder>` for a folder beside the docs; the export service never reads outside the source.';

/** The `load/link-outside-project` diagnostic for a symbolic link (project-relative path, target as written). */
export function linkOutsideDiagnostic(link: string, target: string, behind?: string): Diagnostic {
  const what = behind !== undefined && behind !== link ? `\`${behind}\` lies behind the symbolic link \`${link}\` → \`${target}\`, which leads` : `\`${link}\` is a symbolic link to \`${target}\`,`;
  return createDiagnostic('load/link-outside-project', {
    message: `${what} outside the project folder; it is neither read nor copied.`,
    file: link,
    hint: OUTSIDE_HINT,
  });
}

/** The `load/not-a-regular-file` diagnostic for a FIFO, socket or device file. */
export function specialFileDiagnostic(file: string, type: string): Diagnostic {
  return createDiagnostic('load/not-a-regular-file', {
    message: `\`${file}\` is a ${type}, not a regular file; it is never opened.`,
    file,
    hint: 'Delete it from the project folder, or list it in `.mintignore`.',
  });
}

/**
 * The diagnostic for a file that was not read, or `undefined` for `missing` and `unreadable`
 * (the caller reports those as it always has: a missing snippet, OpenAPI file, `$ref`…).
 * Refusals never carry a line: nothing may open the file to show a code frame.
 */
export function refusalDiagnostic(file: string, refusal: Refusal, role: FileRole): Diagnostic | undefined {
  switch (refusal.kind) {
    case 'outside':
      if (refusal.link) return linkOutsideDiagnostic(refusal.link.path, refusal.link.target, file);
      return createDiagnostic('load/link-outside-project', {
        message: `\`${file}\` resolves outside the project folder; it is neither read nor copied.`,
        file,
        hint: OUTSIDE_HINT,
      });
    case 'special':
      return specialFileDiagnostic(file, refusal.type);
    case 'too-large': {
      const { name, flag } = ROLE[role];
      return createDiagnostic('load/file-too-large', {
        message: `\`${file}\` is ${refusal.bytes.toLocaleString('en-US')} bytes, over the limit of ${describeBytes(refusal.limit)} for ${name}; it is not read.`,
        file,
        hint: `Split or shrink the file, or raise the limit with \`${flag}\`.`,
      });
    }
    default:
      return undefined;
  }
}
