import path from 'node:path';
import { build, type Message, type Plugin } from 'esbuild';
import { createDiagnostic } from '../../../diagnostics/create.js';
import type { Diagnostic } from '../../../model/diagnostic.js';
import type { ModuleEnv } from '../compile/compile-module.js';
import { runtimeDiagnostic } from '../compile/module-diagnostics.js';
import { MODULE_SCOPE, PACKAGES } from '../compile/module-scope.js';
import type { SnippetModule } from './snippet-module.js';

const STUB = 'sheaf-stub';
/** What a failed import of a JSX snippet gives: every export renders nothing. */
const STUB_SOURCE = 'module.exports = new Proxy({}, { get: (_, key) => key === "__esModule" ? false : () => null });';

const toPosix = (p: string) => p.split(path.sep).join('/');

/**
 * Resolves the imports of a JSX snippet: react/preact stay external (served by `PACKAGES`),
 * `/x` is from the project root, nothing may leave the root, other packages are stubbed.
 */
function importsPlugin(root: string, report: (d: Diagnostic) => void): Plugin {
  return {
    name: 'sheaf-snippet-imports',
    setup(b) {
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
        if (target !== root && !target.startsWith(root + path.sep)) {
          report(createDiagnostic('mdx/import-outside-project', { message: `Import \`${args.path}\` resolves outside the project folder; it is not read.`, file: importer }));
          return { path: args.path, namespace: STUB };
        }
        const found = await b.resolve(relative, { resolveDir, kind: args.kind, pluginData: STUB });
        return found.errors.length > 0 ? { errors: found.errors } : { path: found.path };
      });
      b.onLoad({ filter: /.*/, namespace: STUB }, () => ({ contents: STUB_SOURCE, loader: 'js' }));
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
export async function loadJsxSnippet(file: string, env: ModuleEnv): Promise<SnippetModule> {
  const root = path.resolve(env.root);
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
      plugins: [importsPlugin(root, (d) => diagnostics.push(d))],
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
