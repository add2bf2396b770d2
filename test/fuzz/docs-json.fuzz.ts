import { describe, expect, it } from 'vitest';
import { HAS_CORPUS } from '../corpus/corpus-path.js';
import { fuzzKind, runsOf } from './fuzz-property.js';
import { docsJsonCase } from './inputs.js';
import { MUTATIONS } from './mutations.js';
import { configSeeds } from './seeds.js';

describe.runIf(HAS_CORPUS)('fuzz: docs.json (loadConfig, then check)', () => {
  it('never throws, reports internal/*, hangs or crashes on mutated corpus docs.json and mint.json files', async () => {
    const seeds = configSeeds();
    expect(seeds.length).toBeGreaterThanOrEqual(5);
    const report = await fuzzKind({ kind: 'docs-json', seeds, build: docsJsonCase, runs: runsOf(2_500) });
    expect(report.cases).toBe(runsOf(2_500));
    expect(Object.keys(report.byMutation).sort()).toEqual([...MUTATIONS].sort());
  });
});
