import { describe, expect, it } from 'vitest';
import { HAS_CORPUS } from '../corpus/corpus-path.js';
import { fuzzKind, runsOf } from './fuzz-property.js';
import { mdxCase } from './inputs.js';
import { MUTATIONS } from './mutations.js';
import { pageSeeds } from './seeds.js';

describe.runIf(HAS_CORPUS)('fuzz: MDX pages (compile, evaluate and render)', () => {
  it('never throws, reports internal/*, hangs or crashes on mutated corpus pages', async () => {
    const seeds = pageSeeds(400, 6_000);
    expect(seeds.length).toBeGreaterThanOrEqual(300);
    const report = await fuzzKind({ kind: 'mdx', seeds, build: mdxCase, runs: runsOf(2_000) });
    expect(report.cases).toBe(runsOf(2_000));
    expect(Object.keys(report.byMutation).sort()).toEqual([...MUTATIONS].sort());
  });
});
