import { expect, it } from 'vitest';
import * as playground from '../../../../src/render/operation/playground/index.js';

it('the playground module exports exactly its public API', () => {
  expect(Object.keys(playground).sort()).toEqual(['PLAYGROUND_INPUT_ID', 'TRY_IT_DIALOG_ID', 'buildPlaygroundSpec', 'embedJson', 'hasTryIt', 'playgroundDisplay', 'playgroundSettings', 'renderPlayground', 'renderTryIt', 'tryItButton']);
});
