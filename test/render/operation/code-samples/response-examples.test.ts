import { describe, expect, it } from 'vitest';
import { responseExamples } from '../../../../src/render/operation/code-samples/index.js';
import type { OperationModel, ResponseModel } from '../../../../src/openapi/operation-model/model.js';
import { loadFixture, modelOf } from './helpers.js';

const loaded = loadFixture('samples-basic');
const doc = loaded.document;
const base = modelOf(loaded, 'search');
const withResponses = (responses: ResponseModel[]): OperationModel => ({ ...base, responses });
const response = (status: string, content: ResponseModel['content']): ResponseModel => ({ status, headers: [], content, links: [] });

describe('responseExamples', () => {
  it('generates from the schema (writeOnly left out) and keeps given examples, pretty JSON', () => {
    expect(responseExamples(modelOf(loaded, 'updatePet'), doc)).toEqual([
      {
        status: '200',
        language: 'json',
        code: '{\n  "id": 123,\n  "name": "Rex",\n  "tag": "dog",\n  "born": "2023-12-25",\n  "owner": {\n    "email": "jsmith@example.com",\n    "pets": []\n  }\n}',
      },
      { status: '404', language: 'json', code: '{\n  "message": "no such pet"\n}' },
    ]);
  });

  it('shows non-JSON strings as written and leaves out responses without content', () => {
    expect(responseExamples(modelOf(loaded, 'createToken'), doc)).toEqual([{ status: '200', language: 'text', code: 'tok_123' }]);
    expect(responseExamples(modelOf(loaded, 'uploadAvatar'), doc)).toEqual([]);
  });

  it('prefers a JSON media type, re-prints JSON held in a string, and reads XML strings as XML', () => {
    const model = withResponses([
      response('200', [
        { mediaType: 'application/xml', examples: [{ name: 'x', value: '<a/>' }] },
        { mediaType: 'application/vnd.api+json', examples: [{ name: 'j', value: '{"a":[1]}' }] },
      ]),
      response('201', [{ mediaType: 'application/json', examples: [{ name: 's', value: 'plain words' }] }]),
      response('202', [{ mediaType: 'text/xml', examples: [{ name: 'x', value: '<b/>' }] }]),
      response('204', [{ mediaType: 'application/json', examples: [] }]),
    ]);
    expect(responseExamples(model, doc)).toEqual([
      { status: '200', language: 'json', code: '{\n  "a": [\n    1\n  ]\n}' },
      { status: '201', language: 'json', code: '"plain words"' },
      { status: '202', language: 'xml', code: '<b/>' },
    ]);
  });
});
