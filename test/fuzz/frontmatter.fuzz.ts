import { describe, expect, it } from 'vitest';
import { HAS_CORPUS } from '../corpus/corpus-path.js';
import { fuzzKind, runsOf } from './fuzz-property.js';
import { frontmatterCase } from './inputs.js';
import { MUTATIONS } from './mutations.js';
import { frontmatterSeeds } from './seeds.js';

describe.runIf(HAS_CORPUS)('fuzz: frontmatter (parseFrontmatter, then check)', () => {
  it('never throws, reports internal/*, hangs or crashes on mutated corpus frontmatter', async () => {
    const seeds = frontmatterSeeds(400);
    expect(seeds.length).toBeGreaterThanOrEqual(300);
    const report = await fuzzKind({ kind: 'frontmatter', seeds, build: frontmatterCase, runs: runsOf(2_500) });
    expect(report.cases).toBe(runsOf(2_500));
    expect(Object.keys(report.byMutation).sort()).toEqual([...MUTATIONS].sort());
  });
});
