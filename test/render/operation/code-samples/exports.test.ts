import { describe, expect, it } from 'vitest';
import * as api from '../../../../src/render/operation/code-samples/index.js';

describe('src/render/operation/code-samples public surface', () => {
  it('exports exactly the samples, the response examples and the panel', () => {
    expect(Object.keys(api).sort()).toEqual(['codeSamplesFor', 'renderSamplesPanel', 'responseExamples']);
  });
});
