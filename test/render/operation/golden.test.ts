import { describe, it } from 'vitest';
import { expectGolden, renderFixture } from './helpers.js';
import { operationDisplay } from '../../../src/render/operation/render-operation.js';

/**
 * Golden HTML per construct: each fixture test/fixtures/operation-<construct>/openapi.yaml is
 * rendered page by page into expected.html. `UPDATE=1` rewrites them; read the diff.
 */
const CONSTRUCTS = [
  'header-servers',
  'auth',
  'parameters',
  'request-bodies',
  'responses',
  'schema-allof',
  'schema-variants',
  'schema-types',
  'schema-nullable',
  'schema-recursion',
  'callbacks',
  'webhooks',
] as const;

describe('operation page goldens', () => {
  for (const construct of CONSTRUCTS) {
    it(construct, async () => {
      expectGolden(construct, await renderFixture(construct));
    });
  }

  it('parameters expanded (api.params.expanded: all)', async () => {
    expectGolden('parameters-expanded', await renderFixture('parameters', { settings: operationDisplay({ params: { expanded: 'all' } }) }));
  });
});
