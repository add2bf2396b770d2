import { expect, it } from 'vitest';
import * as layout from '../../../src/render/layout/index.js';

it('exports the layout API', () => {
  expect(Object.keys(layout).sort()).toEqual(['createLayoutMemo', 'documentTitle', 'navigationIconDiagnostics', 'readPageDisplay', 'render404', 'renderDocument', 'renderNavFragments', 'renderRedirectPage']);
});
