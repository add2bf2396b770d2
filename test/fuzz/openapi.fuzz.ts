import { describe, expect, it } from 'vitest';
import { HAS_CORPUS } from '../corpus/corpus-path.js';
import { fuzzKind, runsOf } from './fuzz-property.js';
import { openapiCase } from './inputs.js';
import { MUTATIONS } from './mutations.js';
import { openapiSeeds } from './seeds.js';

describe.runIf(HAS_CORPUS)('fuzz: OpenAPI documents (loadOpenApi, then check)', () => {
  it('never throws, reports internal/*, hangs or crashes on mutated corpus OpenAPI documents (JSON and YAML)', async () => {
    const seeds = openapiSeeds(80_000);
    expect(seeds.length).toBeGreaterThanOrEqual(40);
    const report = await fuzzKind({ kind: 'openapi', seeds, build: openapiCase, runs: runsOf(2_000) });
    expect(report.cases).toBe(runsOf(2_000));
    expect(Object.keys(report.byMutation).sort()).toEqual([...MUTATIONS].sort());
  });
});
