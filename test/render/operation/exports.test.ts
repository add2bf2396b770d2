import { describe, expect, it } from 'vitest';
import * as api from '../../../src/render/operation/index.js';

describe('src/render/operation public surface', () => {
  it('exports the model builder, the page renderer and the build glue', () => {
    expect(Object.keys(api).sort()).toEqual(['buildOperationModel', 'operationDisplay', 'renderOperationBody', 'renderOperationPage', 'withOperation']);
  });
});
