import path from 'node:path';
import { build, type Loader, type Message, type Plugin } from 'esbuild';
import { createDiagnostic } from '../../../diagnostics/create.js';
import { offsetToPosition, type Position } from '../../../diagnostics/positions.js';
import { DEFAULT_READ_POLICY } from '../../../project-fs/read-policy.js';
import { checkProjectFile, readProjectFile, type ReadScope, type Refusal } from '../../../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../../../project-fs/refusal-diagnostic.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { ReadPolicy } from '../../../model/project.js';
import type { ModuleEnv } from '../compile/compile-module.js';
import { runtimeDiagnostic } from '../compile/module-diagnostics.js';
import { MODULE_SCOPE, PACKAGES } from '../compile/module-scope.js';
import type { SnippetModule } from './snippet-module.js';

const STUB = 'sheaf-stub';
/** What a failed import of a JSX snippet gives: every export renders nothing. */
const STUB_SOURCE = 'module.exports = new Proxy({}, { get: (_, key) => key === "__esModule" ? false : () => null });';

const toPosix = (p: string) => p.split(path.sep).join('/');

/** esbuild's loader for each extension a snippet may import (`.js` may hold JSX, as Mintlify allows). */
const LOADERS: Readonly<Record<string, Loader>> = {
  '.js': 'jsx',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.json': 'json',
  '.css': 'css',
  '.txt': 'text',
};

/** Where an import of `specifier` is written in `text`: its quoted specifier, first occurrence; nothing when it is not found. */
function importPlace(text: string | undefined, specifier: string): Position | undefined {
  if (text === undefined) return undefined;
  const at = [`'${specifier}'`, `"${specifier}"`, `\`${specifier}\``].map((q) => text.indexOf(q)).filter((i) => i >= 0);
  return at.length > 0 ? offsetToPosition(text, Math.min(...at)) : undefined;
}

/** The diagnostic for an import (`specifier`, written at `place` in `importer`) esbuild resolved to a file that may not be read. */
function refusedImport(specifier: string, importer: string, place: Position | undefined, file: string, refusal: Refusal): Diagnostic | undefined {
  if (refusal.kind !== 'outside') return refusalDiagnostic(file, refusal, 'snippet');
  const through = refusal.link ? ` through the symbolic link \`${refusal.link.path}\` → \`${refusal.link.target}\`` : '';
  return createDiagnostic('mdx/import-outside-project', { message: `Import \`${specifier}\` resolves${through}, outside the project folder; it is not read.`, file: importer, ...(place ?? {}) });
}

/**
 * The diagnostic for a file esbuild was about to load that the reader refused (the tree changed
 * since the import was resolved): the refusal's own code — `mdx/import-outside-project` for one
 * now outside the project, `load/not-a-regular-file` or `load/file-too-large`, and
 * `mdx/snippet-not-found` for one gone or unreadable — never `mdx/syntax`.
 */
function refusedLoad(file: string, refusal: Refusal): Diagnostic {
  if (refusal.kind === 'outside') {
    return createDiagnostic('mdx/import-outside-project', { message: `\`${file}\` now resolves outside the project folder; it is not read and its exports render nothing.`, file });
  }
  const refused = refusalDiagnostic(file, refusal, 'snippet');
  if (refused) return refused;
  const why = refusal.kind === 'unreadable' ? `could not be read (${refusal.reason})` : 'is gone';
  return createDiagnostic('mdx/snippet-not-found', { message: `\`${file}\` ${why}; its exports render nothing.`, file });
}

/**
 * Resolves the imports of a JSX snippet: react/preact stay external (served by `PACKAGES`),
 * `/x` is from the project root, nothing may leave the root, other packages are stubbed. Links
 * are kept as written (`preserveSymlinks`) so that each file esbuild resolves is checked like
 * any project file (`checkProjectFile`: no link leading out, a regular file, under the cap),
 * and every file esbuild loads — the entry too — is read here through `readProjectFile`,
 * never by esbuild itself; one refused then is reported with the refusal's code (`refusedLoad`)
 * and loaded as a stub. A refused import is reported at the line of the importing file that
 * writes it.
 */
function importsPlugin(root: string, scope: ReadScope, maxBytes: number, report: (d: Diagnostic) => void): Plugin {
  return {
    name: 'sheaf-snippet-imports',
    setup(b) {
      // The text of each file loaded, by absolute path: where its imports are written.
      const texts = new Map<string, string>();
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === STUB || args.kind === 'entry-point') return undefined;
        const importer = toPosix(path.relative(root, args.importer));
        if (Object.hasOwn(PACKAGES, args.path)) return { path: args.path, external: true };
        const relative = args.path.startsWith('/') ? `.${args.path}` : args.path;
        if (!relative.startsWith('./') && !relative.startsWith('../')) {
          report(createDiagnostic('mdx/unsupported-import', { message: `Import from package \`${args.path}\` is not supported; its bindings render nothing.`, file: importer }));
          return { path: args.path, namespace: STUB };
        }
        const resolveDir = args.path.startsWith('/') ? root : args.resolveDir;
        const target = path.resolve(resolveDir, relative);
        const place = importPlace(texts.get(args.importer), args.path);
        if (target !== root && !target.startsWith(root + path.sep)) {
          report(createDiagnostic('mdx/import-outside-project', { message: `Import \`${args.path}\` resolves outside the project folder; it is not read.`, file: importer, ...(place ?? {}) }));
          return { path: args.path, namespace: STUB };
        }
        const found = await b.resolve(relative, { resolveDir, kind: args.kind, pluginData: STUB });
        if (found.errors.length > 0) return { errors: found.errors };
        const checked = await checkProjectFile(scope, found.path, maxBytes);
        if (!checked.ok && checked.refusal.kind !== 'missing') {
          const refused = refusedImport(args.path, importer, place, toPosix(path.relative(root, found.path)), checked.refusal);
          if (refused) report(refused);
          return { path: args.path, namespace: STUB };
        }
        return { path: found.path };
      });
      b.onLoad({ filter: /.*/, namespace: STUB }, () => ({ contents: STUB_SOURCE, loader: 'js' }));
      b.onLoad({ filter: /.*/, namespace: 'file' }, async (args) => {
        const loader = LOADERS[path.extname(args.path).toLowerCase()];
        if (!loader) return { errors: [{ text: `No loader is configured for "${path.extname(args.path)}" files: ${toPosix(path.relative(root, args.path))}` }] };
        const read = await readProjectFile(scope, args.path, maxBytes);
        if (!read.ok) {
          report(refusedLoad(toPosix(path.relative(root, args.path)), read.refusal));
          return { contents: STUB_SOURCE, loader: 'js' };
        }
        texts.set(args.path, read.bytes.toString('utf8'));
        return { contents: read.bytes, loader };
      });
    },
  };
}

function syntaxOf(message: Message, root: string, file: string): Diagnostic {
  const where = message.location;
  return createDiagnostic('mdx/syntax', {
    message: `Snippet does not compile: ${message.text}`,
    file: where?.file ? toPosix(path.relative(root, path.resolve(root, where.file))) : file,
    ...(where ? { line: where.line, column: where.column + 1 } : {}),
  });
}

/**
 * Loads a `.jsx`/`.tsx`/`.js`/`.ts` snippet: esbuild bundles it (with its relative imports)
 * to CommonJS with preact's automatic JSX runtime, and it is evaluated with `React` and the
 * hooks in scope. Its named exports are components or values for the pages that import it.
 */
export async function loadJsxSnippet(file: string, env: ModuleEnv, policy: ReadPolicy = DEFAULT_READ_POLICY): Promise<SnippetModule> {
  const root = path.resolve(env.root);
  const scope: ReadScope = { root, allowOutside: policy.allowOutside };
  const diagnostics: Diagnostic[] = [];
  let code: string;
  try {
    const result = await build({
      entryPoints: [path.join(root, file)],
      absWorkingDir: root,
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'neutral',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      loader: { '.js': 'jsx' },
      logLevel: 'silent',
      charset: 'utf8',
      preserveSymlinks: true,
      plugins: [importsPlugin(root, scope, policy.maxPageBytes, (d) => diagnostics.push(d))],
    });
    code = result.outputFiles[0]?.text ?? '';
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors ?? [];
    diagnostics.push(...errors.map((m) => syntaxOf(m, root, file)));
    return { file, exports: {}, features: [], failed: true, diagnostics };
  }
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string) => {
    const served = PACKAGES[id];
    if (!served) throw new Error(`Cannot find module '${id}'`);
    return served;
  };
  let failed = false;
  try {
    const names = Object.keys(MODULE_SCOPE);
    new Function('module', 'exports', 'require', ...names, code)(module, module.exports, require, ...names.map((n) => MODULE_SCOPE[n]));
  } catch (error) {
    diagnostics.push(runtimeDiagnostic(error, file, undefined, 'its exports render nothing until this is fixed'));
    failed = true;
  }
  return { file, exports: { ...module.exports }, features: [], failed, diagnostics };
}
