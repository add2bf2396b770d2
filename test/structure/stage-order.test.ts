import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The repository's dependency-cruiser config (plain JavaScript, so the `depcruise` CLI reads it too). */
interface StageConfig {
  readonly default: IConfiguration & Required<Pick<IConfiguration, 'forbidden' | 'options'>>;
  readonly STAGE_ORDER: readonly string[];
  readonly BROWSER_FOLDER: string;
}
const { default: config, STAGE_ORDER, BROWSER_FOLDER } = (await import(pathToFileURL(path.join(REPO, '.dependency-cruiser.mjs')).href)) as StageConfig;
const FIXTURE = path.join(REPO, 'test/structure/fixtures/against-order');

/** Parsing src/ with TypeScript takes about 5 s alone; on a loaded 2-core machine, more. */
const CRUISE_TIMEOUT_MS = 120_000;

/** Cruises `src` under `baseDir` with the repository's rules and returns the result. */
async function cruiseSrc(baseDir: string): Promise<ICruiseResult> {
  const { output } = await cruise(['src'], { ...config.options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden } });
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report, not a result');
  return output;
}

const describeViolation = (v: IViolation): string => `${v.rule.name}: ${v.from} → ${v.to}`;

/** The TypeScript sources under `dir`, repository-relative (declaration files left out, as the config does). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(REPO, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

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
    expect(cruised).toEqual(sourceFiles('src'));
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });

  it('fails on one import against the order, and only on it', { timeout: CRUISE_TIMEOUT_MS }, async () => {
    const result = await cruiseSrc(FIXTURE);
    expect(result.summary.totalCruised).toBe(5);
    expect(result.summary.violations.map(describeViolation)).toEqual([
      'stage-order:resolve: src/resolve/resolve-site.ts → src/render/render-page.ts',
    ]);
  });
});
