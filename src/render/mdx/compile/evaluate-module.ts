import type { ExpressionGuard } from './expression-guard.js';
import { GUARD_NAME } from './guard-expressions.js';
import { JSX_RUNTIME, MODULE_SCOPE } from './module-scope.js';

type AsyncBody = (...args: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...params: string[]) => AsyncBody;

export interface ModuleRuntime {
  /** The `function-body` code MDX compiled. */
  readonly code: string;
  /** Names the module declares at its top level (they shadow `MODULE_SCOPE`). */
  readonly declared: ReadonlySet<string>;
  /** Exports of its imports by key (`arguments[0]._sheafImports`). */
  readonly imports: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** What `useMDXComponents()` returns to it. */
  readonly components: Readonly<Record<string, unknown>>;
  /** What its guarded content expressions call (`_sheafExpression`); default: evaluate, and rethrow. */
  readonly guard?: ExpressionGuard;
}

const unguarded: ExpressionGuard = (run) => run();

/**
 * Runs a compiled module and returns its exports (`default` is the content component). The
 * `MODULE_SCOPE` names it does not declare itself are passed in as parameters. Throws what the
 * module's top-level code throws.
 */
export async function evaluateModule(runtime: ModuleRuntime): Promise<Record<string, unknown>> {
  const names = Object.keys(MODULE_SCOPE).filter((n) => !runtime.declared.has(n));
  const body = new AsyncFunction('_sheafArguments', ...names, GUARD_NAME, runtime.code);
  const args = {
    ...JSX_RUNTIME,
    useMDXComponents: () => runtime.components,
    _sheafImports: runtime.imports,
  };
  const exports = await body(args, ...names.map((n) => MODULE_SCOPE[n]), runtime.guard ?? unguarded);
  return exports && typeof exports === 'object' ? (exports as Record<string, unknown>) : {};
}
