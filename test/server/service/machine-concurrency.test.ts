import { describe, expect, it } from 'vitest';
import { machineConcurrency } from '../../../src/server/service/machine-concurrency.js';

const GiB = 1024 ** 3;

describe('machineConcurrency (--concurrency auto)', () => {
  it('runs one build per core while three quarters of the memory holds them', () => {
    expect(machineConcurrency(2048, { cores: 2, memoryBytes: 24 * GiB })).toBe(2);
    expect(machineConcurrency(2048, { cores: 16, memoryBytes: 24 * GiB })).toBe(9);
    expect(machineConcurrency(512, { cores: 8, memoryBytes: 4 * GiB })).toBe(6);
  });

  it('runs at least one, and at most 64', () => {
    expect(machineConcurrency(4096, { cores: 4, memoryBytes: 2 * GiB })).toBe(1);
    expect(machineConcurrency(64, { cores: 128, memoryBytes: 512 * GiB })).toBe(64);
  });
});
