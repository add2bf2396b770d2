import { createDiagnostic } from '../../../diagnostics/create.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { Point, PointMapper } from '../preprocess/point-mapper.js';
import type { ExpressionSite } from './guard-expressions.js';

/** The shape of the `VFileMessage` MDX (micromark, acorn, unified) throws on a syntax error. */
interface SyntaxMessage {
  readonly reason: string;
  readonly line?: number | null;
  readonly column?: number | null;
  readonly ruleId?: string | null;
  readonly source?: string | null;
  readonly note?: string | null;
}

export function isSyntaxMessage(error: unknown): error is SyntaxMessage {
  return error instanceof Error && 'reason' in error && 'ruleId' in error && 'source' in error;
}

function hintFor(error: SyntaxMessage): string {
  if (error.note) return error.note.replace(/^\s*note:\s*/i, '');
  if (error.source === 'micromark-extension-mdx-jsx') return 'a literal `<` in text must be written `\\<` (or `&lt;`); every JSX tag must be closed';
  if (error.source === 'micromark-extension-mdx-expression') return 'a literal `{` in text must be written `\\{`';
  return 'until it is fixed the page is shown as plain Markdown, without components';
}

/**
 * An `mdx/syntax` diagnostic from a compile error, placed in the file as written (frontmatter
 * lines counted). Errors without a position of their own carry it in the reason: `(3:1-3:5)`.
 */
export function syntaxDiagnostic(error: SyntaxMessage, file: string, mapPoint: PointMapper): Diagnostic {
  let line = error.line ?? undefined;
  let column = error.column ?? undefined;
  const inReason = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(error.reason);
  if ((line === undefined || column === undefined) && inReason) {
    line = Number(inReason[1]);
    column = Number(inReason[2]);
  }
  const place = line !== undefined && column !== undefined ? mapPoint({ line, column }) : {};
  return createDiagnostic('mdx/syntax', {
    message: `MDX syntax error: ${error.reason.split('\n')[0] ?? error.reason}`,
    file,
    ...place,
    hint: hintFor(error),
  });
}

/**
 * Node's permission model refusing page code (`ERR_ACCESS_DENIED`), in one sentence that does not
 * depend on the Node line (20 says "Access to this API has been restricted", 24 adds "Use
 * --allow-fs-read to manage permissions", which is no advice for an author).
 */
function sandboxRefusal(error: unknown): string | undefined {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== 'ERR_ACCESS_DENIED') return undefined;
  const what = (error as { permission?: unknown }).permission;
  const kind = what === 'FileSystemWrite' ? 'writing files' : what === 'FileSystemRead' ? 'reading files' : 'this API';
  return `the export sandbox does not allow ${kind} outside the docs source (access denied)`;
}

/**
 * The `code` of the error the export sandbox throws for a network call: the value of
 * `NETWORK_DISABLED_CODE` in src/export/deny-network.ts, which the render stage may not import
 * (test/render/mdx/expression-guard.test.ts pins that the two agree).
 */
export const SANDBOX_NETWORK_CODE = 'ERR_SHEAF_NETWORK_DISABLED';

/** True for a refusal of the export sandbox: Node's permission model (files) or the network denial. */
export function isSandboxRefusal(error: unknown): boolean {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return code === 'ERR_ACCESS_DENIED' || code === SANDBOX_NETWORK_CODE;
}

/**
 * An `mdx/expression-failed` warning for one content expression that threw (`site`, see
 * guard-expressions.ts): what was written, why it failed, and what is shown instead.
 */
export function expressionDiagnostic(error: unknown, file: string, site: ExpressionSite): Diagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  const firstLine = reason.split('\n')[0] ?? reason;
  const undefinedName = error instanceof ReferenceError ? /^(\S+) is not defined$/.exec(firstLine)?.[1] : undefined;
  const what = site.kind === 'attribute' ? `The value of \`${site.attribute ?? ''}\` (\`${site.source}\`)` : site.kind === 'spread' ? `The spread \`${site.source}\`` : `The expression \`${site.source}\``;
  const why = undefinedName !== undefined ? `reads \`${undefinedName}\`, which nothing defines` : `failed: ${firstLine}`;
  const shown = site.kind === 'content' ? 'it is shown as written' : site.kind === 'attribute' ? 'the attribute is left out' : 'nothing is spread';
  return createDiagnostic('mdx/expression-failed', {
    message: `${what} ${why}; ${shown} and the rest of the page renders.`,
    file,
    ...(site.place ?? {}),
    hint:
      undefinedName !== undefined
        ? `define it (\`export const ${undefinedName} = …\`), or write \`\\{${undefinedName}}\` for literal braces`
        : 'fix the expression, or escape its braces (`\\{`) to show it as text',
  });
}

/**
 * An `mdx/runtime` diagnostic for an error thrown while evaluating or rendering a module.
 * `X is not defined` is placed at the first expression of the module that uses `X`.
 */
export function runtimeDiagnostic(
  error: unknown,
  file: string,
  names?: ReadonlyMap<string, Point>,
  consequence = 'the page is shown as plain Markdown until this is fixed',
): Diagnostic {
  const message = sandboxRefusal(error) ?? (error instanceof Error ? error.message : String(error));
  const undefinedName = /^(\S+) is not defined$/.exec(message)?.[1];
  const place = undefinedName ? names?.get(undefinedName) : undefined;
  return createDiagnostic('mdx/runtime', {
    message: `Rendering failed: ${message.split('\n')[0] ?? message}`,
    file,
    ...(place ?? {}),
    hint: undefinedName
      ? `\`{${undefinedName}}\` reads a name nothing defines: export it (\`export const ${undefinedName} = …\`) or write \`\\{${undefinedName}}\` for literal braces`
      : consequence,
  });
}
