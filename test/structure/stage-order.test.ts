import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../source-files.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The repository's dependency-cruiser config (plain JavaScript, so the `depcruise` CLI reads it too). */
interface StageConfig {
  readonly default: IConfiguration & Required<Pick<IConfiguration, 'forbidden' | 'options'>>;
  readonly STAGE_ORDER: readonly string[];
  readonly BROWSER_FOLDER: string;
}
const { default: config, STAGE_ORDER, BROWSER_FOLDER } = (await import(pathToFileURL(path.join(REPO, '.dependency-cruiser.mjs')).href)) as StageConfig;
const FIXTURES = path.join(REPO, 'test/structure/fixtures');

/** Parsing src/ with TypeScript takes about 5 s alone; on a loaded 2-core machine, more. */
const CRUISE_TIMEOUT_MS = 120_000;

/** Cruises `src` under `baseDir` with the repository's rules and returns the result. */
async function cruiseSrc(baseDir: string): Promise<ICruiseResult> {
  const { output } = await cruise(['src'], { ...config.options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden } });
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report, not a result');
  return output;
}

const describeViolation = (v: IViolation): string => `${v.rule.name}: ${v.from} → ${v.to}`;

describe('stage order of src/', () => {
  it('ranks every folder of src/ (browser code apart) and no other', () => {
    const folders = readdirSync(path.join(REPO, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual([...STAGE_ORDER, BROWSER_FOLDER].sort());
  });

  it('has no import against the order', { timeout: CRUISE_TIMEOUT_MS }, async () => {
    const result = await cruiseSrc(REPO);
    // Every source file was read, so no edge can be missing from the check.
    const cruised = result.modules.map((m) => m.source).filter((s) => s.startsWith('src/')).sort();
    expect(cruised).toEqual(sourceFiles(REPO, 'src'));
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });

});

/**
 * One fixture tree per rule (test/structure/fixtures/<name>/src), each with exactly one import
 * that breaks it, beside allowed ones: the modules read and the one violation expected.
 */
const FAILING: readonly { readonly fixture: string; readonly modules: readonly string[]; readonly violation: string }[] = [
  {
    fixture: 'against-order',
    modules: ['src/client/page.ts', 'src/load/load-project.ts', 'src/model/site.ts', 'src/render/render-page.ts', 'src/resolve/resolve-site.ts'],
    violation: 'stage-order:resolve: src/resolve/resolve-site.ts → src/render/render-page.ts',
  },
  {
    fixture: 'browser-model-value',
    modules: ['src/client/page.ts', 'src/model/site.ts'],
    violation: 'browser:model-types-only: src/client/page.ts → src/model/site.ts',
  },
  {
    fixture: 'browser-outside',
    modules: ['src/client/page.ts', 'src/render/render-page.ts', 'src/search-text/tokenize.ts'],
    violation: 'browser:only-model: src/client/page.ts → src/render/render-page.ts',
  },
  {
    fixture: 'shared-imports-node',
    modules: ['path', 'src/search-text/tokenize.ts'],
    violation: 'browser:shared-self-contained: src/search-text/tokenize.ts → path',
  },
  {
    fixture: 'server-imports-client',
    modules: ['src/client/page.ts', 'src/search-text/tokenize.ts', 'src/server/serve.ts'],
    violation: 'browser:not-imported: src/server/serve.ts → src/client/page.ts',
  },
  {
    fixture: 'version-imports',
    modules: ['src/model/site.ts', 'src/version.ts'],
    violation: 'stage-order:version: src/version.ts → src/model/site.ts',
  },
  {
    fixture: 'imports-public-api',
    modules: ['src/cli/run.ts', 'src/index.ts', 'src/version.ts'],
    violation: 'stage-order:public-api: src/cli/run.ts → src/index.ts',
  },
  {
    fixture: 'second-html-renderer',
    modules: ['../../../../node_modules/preact-render-to-string/dist/index.js', '../../../../node_modules/preact/compat/dist/compat.js', 'src/render/render-page.ts', 'src/render/render-to-string.ts'],
    violation: 'one-html-renderer: src/render/render-page.ts → ../../../../node_modules/preact-render-to-string/dist/index.js',
  },
  {
    fixture: 'unresolvable',
    modules: ['./read-pages.js', 'src/load/load-project.js'],
    violation: 'resolvable: src/load/load-project.js → ./read-pages.js',
  },
];

describe('each rule fails on its fixture, and only there', () => {
  it('has a failing fixture for every rule written by hand, and one for the per-folder stage rules', () => {
    const perFolder = new Set(STAGE_ORDER.map((folder) => `stage-order:${folder}`));
    const ruleNames = config.forbidden.map((rule) => rule.name ?? '(a rule without a name)');
    const covered = new Set(FAILING.map((f) => f.violation.slice(0, f.violation.indexOf(': '))));
    expect(ruleNames.filter((name) => !perFolder.has(name) && !covered.has(name))).toEqual([]);
    expect([...covered].filter((name) => perFolder.has(name))).toEqual(['stage-order:resolve']);
    expect(readdirSync(FIXTURES).sort()).toEqual(FAILING.map((f) => f.fixture).sort());
  });

  for (const { fixture, modules, violation } of FAILING) {
    it(`${fixture}: ${violation}`, { timeout: CRUISE_TIMEOUT_MS }, async () => {
      const result = await cruiseSrc(path.join(FIXTURES, fixture));
      expect(result.modules.map((m) => m.source).sort()).toEqual(modules);
      expect(result.summary.violations.map(describeViolation)).toEqual([violation]);
    });
  }
});
