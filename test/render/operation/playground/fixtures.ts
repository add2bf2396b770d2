import type { MediaModel, OperationModel, ParameterModel, SecuritySchemeModel } from '../../../../src/openapi/operation-model/model.js';

/** Small operation models written for the playground tests, with the documents they point into. */

export const document = {
  openapi: '3.1.0',
  components: {
    schemas: {
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', example: 'Rex' },
          tag: { type: 'string', enum: ['dog', 'cat'] },
        },
      },
      Upload: {
        type: 'object',
        required: ['file'],
        properties: {
          title: { type: 'string', default: 'untitled' },
          file: { type: 'string', format: 'binary' },
          extras: { type: 'array', items: { type: 'string', contentMediaType: 'image/png' } },
          public: { type: 'boolean' },
        },
      },
    },
  },
};

const param = (p: Partial<ParameterModel> & Pick<ParameterModel, 'name' | 'in'>): ParameterModel => ({
  required: false,
  deprecated: false,
  examples: [],
  ...p,
});

const scheme = (s: Partial<SecuritySchemeModel> & Pick<SecuritySchemeModel, 'key' | 'type'>): SecuritySchemeModel => s;

const base: OperationModel = {
  kind: 'operation',
  method: 'POST',
  path: '/pets/{petId}',
  deprecated: false,
  tags: [],
  servers: [{ url: 'https://api.example.com/v1', variables: {} }],
  security: [],
  parameters: [],
  responses: [],
  callbacks: [],
  codeSamples: [],
  pointer: '/paths/~1pets~1{petId}/post',
};

const json = (schema: Record<string, unknown>, examples: MediaModel['examples'] = []): MediaModel => ({ mediaType: 'application/json', schema, examples });

/** Path, query (enum with default, array, integer), header and cookie parameters; JSON body; bearer auth. */
export const bearerJson: OperationModel = {
  ...base,
  operationId: 'updatePet',
  security: [{ schemes: [{ scheme: scheme({ key: 'bearerAuth', type: 'http', scheme: 'bearer', bearerFormat: 'JWT', default: 'demo-token' }), scopes: [] }] }],
  parameters: [
    param({ name: 'petId', in: 'path', required: true, schema: { type: 'integer' }, examples: [{ name: 'example', value: 42 }] }),
    param({ name: 'sort', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } }),
    param({ name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } }),
    param({ name: 'limit', in: 'query', required: true, schema: { type: 'integer', example: 10 } }),
    param({ name: 'X-Request-Id', in: 'header', schema: { type: 'string' }, deprecated: true }),
    param({ name: 'session', in: 'cookie', schema: { type: 'string' } }),
  ],
  requestBody: { required: true, content: [json({ $ref: '#/components/schemas/NewPet' })] },
};

/** The same with `api.examples.prefill`: the path and query examples become values. */
export const noAuthGet: OperationModel = {
  ...base,
  method: 'GET',
  path: '/pets',
  parameters: [param({ name: 'q', in: 'query', schema: { type: 'string' }, examples: [{ name: 'example', value: 'fluffy' }] })],
};

/** Values from `x-default` (parameter schema, form property) that only `api.examples.prefill` uses. */
export const xDefaults: OperationModel = {
  ...base,
  path: '/search',
  parameters: [param({ name: 'q', in: 'query', schema: { type: 'string', example: 'ex', 'x-default': 'from-x-default' } })],
  requestBody: {
    required: false,
    content: [{ mediaType: 'application/x-www-form-urlencoded', schema: { type: 'object', properties: { page: { type: 'integer', example: 2, 'x-default': 7 } } }, examples: [] }],
  },
};

export const apiKey = (where: 'header' | 'query' | 'cookie'): OperationModel => ({
  ...noAuthGet,
  security: [{ schemes: [{ scheme: scheme({ key: `key_${where}`, type: 'apiKey', name: where === 'header' ? 'X-API-Key' : 'api_key', in: where }), scopes: [] }] }],
});

export const basicAuth: OperationModel = {
  ...noAuthGet,
  security: [
    { schemes: [{ scheme: scheme({ key: 'basic', type: 'http', scheme: 'basic', default: 'admin:secret' }), scopes: [] }] },
    { schemes: [] },
  ],
};

export const oauthAndTls: OperationModel = {
  ...noAuthGet,
  security: [
    {
      schemes: [
        { scheme: scheme({ key: 'oauth', type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read' } } } }), scopes: ['read'] },
        { scheme: scheme({ key: 'mtls', type: 'mutualTLS' }), scopes: [] },
        { scheme: scheme({ key: 'digest', type: 'http', scheme: 'Digest' }), scopes: [] },
      ],
    },
  ],
};

export const formBody: OperationModel = {
  ...base,
  path: '/pets',
  requestBody: { required: false, content: [{ mediaType: 'application/x-www-form-urlencoded', schema: { $ref: '#/components/schemas/NewPet' }, examples: [] }] },
};

export const multipartBody: OperationModel = {
  ...base,
  path: '/uploads',
  requestBody: {
    required: true,
    content: [{ mediaType: 'multipart/form-data', schema: { $ref: '#/components/schemas/Upload' }, examples: [], encoding: { file: { contentType: 'image/png' } } }],
  },
};

export const binaryBody: OperationModel = {
  ...base,
  method: 'PUT',
  path: '/files/{name}',
  parameters: [param({ name: 'name', in: 'path', required: true, schema: { type: 'string' } })],
  requestBody: { required: true, content: [{ mediaType: 'application/octet-stream', schema: { type: 'string', format: 'binary' }, examples: [] }] },
};

/** Several content types (JSON with a named example, XML text) and several servers with variables. */
export const manyTypes: OperationModel = {
  ...base,
  path: '/pets',
  servers: [
    { url: 'https://{region}.example.com/{version}', description: 'Production', variables: { region: { default: 'eu', enum: ['eu', 'us'] }, version: { default: 'v1', description: 'API version' } } },
    { url: 'http://localhost:{port}', variables: { port: { default: '8080' } } },
  ],
  requestBody: {
    required: false,
    content: [
      json({ $ref: '#/components/schemas/NewPet' }, [{ name: 'rex', summary: 'A dog', value: { name: 'Rex', tag: 'dog' } }]),
      { mediaType: 'application/xml', examples: [{ name: 'example', value: '<pet><name>Rex</name></pet>' }] },
    ],
  },
};

export const noServers: OperationModel = { ...bearerJson, servers: [] };

export const webhook: OperationModel = { ...base, kind: 'webhook', path: 'newPet', servers: [] };

/** Strings that try to break out of the embedded spec and the markup. */
export const hostile: OperationModel = {
  ...noAuthGet,
  path: '/x/</script><script>alert(1)</script>',
  parameters: [param({ name: '"><img src=x onerror=alert(1)>', in: 'query', schema: { type: 'string', default: '</script><!--' } })],
};
