import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { PROCESS_TESTS } from './process-tests.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

it('lists only test files that exist, once each (a moved file would otherwise leave the process suite and run in npm test)', () => {
  expect(PROCESS_TESTS.filter((file) => !existsSync(path.join(REPO, file)))).toEqual([]);
  expect(new Set(PROCESS_TESTS).size).toBe(PROCESS_TESTS.length);
  expect(PROCESS_TESTS.every((file) => /^test\/.+\.test\.ts$/.test(file))).toBe(true);
});
