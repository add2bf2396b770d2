import { createDiagnostic } from '../../../diagnostics/create.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { MdxCache } from '../mdx-cache.js';
import { didYouMean, nearest } from '../nearest.js';
import type { Point, PointMapper } from '../preprocess/point-mapper.js';
import { listSnippetFiles } from '../snippets/snippet-files.js';
import type { LoadSnippet, SnippetFailure, SnippetModule } from '../snippets/snippet-module.js';

/** What a local name bound by an import refers to. */
export interface Binding {
  readonly module: SnippetModule;
  /** The export name, or `*` for a namespace import. */
  readonly name: string;
}

export interface ImportContext {
  readonly root: string;
  readonly file: string;
  readonly cache: MdxCache;
  readonly load: LoadSnippet;
  readonly mapPoint: PointMapper;
  readonly report: (diagnostic: Diagnostic) => void;
}

/** The imports of one module as they are resolved. */
export interface ImportRegistry {
  /** Exports by import key, handed to the compiled code as `arguments[0]._sheafImports`. */
  readonly imports: Record<string, Readonly<Record<string, unknown>>>;
  readonly bindings: Map<string, Binding>;
  readonly modules: SnippetModule[];
  /**
   * Records a loaded snippet (`file`, written `shown`), or reports why it failed at `place`;
   * returns its import key, `none` on failure. `legacy` is for `<Snippet file>` hints.
   */
  readonly use: (loaded: SnippetModule | SnippetFailure, file: string, shown: string, place: Point | undefined, legacy: boolean) => Promise<string>;
}

/** Renders nothing: what the bindings of a failed import are. */
export const Nothing = () => null;
/** The exports of a failed import (key `none`): every name is `Nothing`. */
export const NO_EXPORTS: Readonly<Record<string, unknown>> = new Proxy(Object.freeze({}), { get: () => Nothing });

export function importDiagnostic(
  ctx: ImportContext,
  code: Parameters<typeof createDiagnostic>[0],
  message: string,
  place: Point | undefined,
  hint?: string,
): Diagnostic {
  return createDiagnostic(code, { message, file: ctx.file, ...(place ?? {}), ...(hint ? { hint } : {}) });
}

export function createImportRegistry(ctx: ImportContext): ImportRegistry {
  const imports: Record<string, Readonly<Record<string, unknown>>> = { none: NO_EXPORTS };
  const modules: SnippetModule[] = [];
  const use: ImportRegistry['use'] = async (loaded, file, shown, place, legacy) => {
    if (loaded === 'cycle') {
      ctx.report(importDiagnostic(ctx, 'mdx/import-cycle', `Snippet \`${shown}\` imports itself through other snippets; this import renders nothing.`, place));
      return 'none';
    }
    if (typeof loaded === 'object' && 'kind' in loaded) {
      ctx.report(importDiagnostic(ctx, 'mdx/import-outside-project', loaded.message, place, loaded.hint));
      return 'none';
    }
    if (loaded === 'missing') {
      const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
      const files = await listSnippetFiles(ctx.cache, ctx.root, legacy ? undefined : dir);
      const names = legacy ? files.map((f) => f.replace(/^_?snippets\//, '')) : files.map((f) => `/${f}`);
      const hint = didYouMean(nearest(legacy ? shown : `/${file}`, names));
      ctx.report(importDiagnostic(ctx, 'mdx/snippet-not-found', `Snippet \`${shown}\` does not exist; nothing is shown in its place.`, place, hint));
      return 'none';
    }
    if (!modules.includes(loaded)) modules.push(loaded);
    imports[`file:${file}`] ??= loaded.exports;
    return `file:${file}`;
  };
  return { imports, bindings: new Map(), modules, use };
}
