import type { Diagnostic } from '../../../model/diagnostic.js';
import { runtimeDiagnostic } from '../compile/module-diagnostics.js';

const isClass = (fn: object) => /^class[\s{]/.test(Function.prototype.toString.call(fn));

/**
 * A copy of a snippet's exports for one page render whose functions (content and components)
 * report a thrown error as `mdx/runtime` on the snippet's file and render nothing instead of
 * failing the page. `key` is the import key (`file:path`); other imports are returned as is.
 */
export function guardExports(
  exports: Readonly<Record<string, unknown>>,
  key: string,
  report: (d: Diagnostic) => void,
): Readonly<Record<string, unknown>> {
  if (!key.startsWith('file:')) return exports;
  const file = key.slice('file:'.length);
  const guarded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== 'function' || isClass(value)) {
      guarded[name] = value;
      continue;
    }
    const fn = value as (...args: unknown[]) => unknown;
    const guard = function (this: unknown, ...args: unknown[]) {
      try {
        return fn.apply(this, args);
      } catch (error) {
        report(runtimeDiagnostic(error, file, undefined, 'the snippet renders nothing until this is fixed'));
        return null;
      }
    };
    guarded[name] = Object.assign(guard, fn);
  }
  return guarded;
}
