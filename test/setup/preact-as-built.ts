/**
 * Vitest setup file: loads preact/compat before any test, as every build does (the MDX stage
 * imports it, src/render/mdx/compile/module-scope.ts, for `React` and `react` imports on
 * pages). Loading it installs a hook on preact's global `options` that normalises the props of
 * every element rendered afterwards in the process: `class` goes last, camelCase SVG
 * attributes become dashed (`strokeWidth` → `stroke-width`), `onChange` on inputs becomes
 * `onInput`. Without this file a test's HTML would depend on whether some module it imported
 * happened to load compat (and, with test files sharing a worker, on which file ran before it);
 * with it, tests see the bytes `sheaf build` writes.
 */
import 'preact/compat';
