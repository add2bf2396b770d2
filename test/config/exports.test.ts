import { expect, it } from 'vitest';
import * as config from '../../src/config/index.js';

it('src/config exports exactly its public API', () => {
  expect(Object.keys(config).sort()).toEqual([
    'docsConfigJsonSchema',
    'docsConfigSchema',
    'loadConfig',
    'normalizePage',
    'originOf',
    'themes',
    'upgradeMintConfig',
    'validateConfig',
  ]);
});
