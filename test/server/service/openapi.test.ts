import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_ERRORS } from '../../../src/server/service/service-error.js';
import { serviceOpenApiDocument } from '../../../src/server/service/service-openapi.js';
import { fakeRunner, makeWorld, type World } from './helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCS_OPENAPI = path.join(REPO, 'docs/openapi.json');

interface Doc {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } }; responses: Record<string, unknown> };
}

let w: World;
beforeEach(async () => {
  w = await makeWorld();
  w.start(fakeRunner());
});
afterEach(async () => {
  await w.cleanup();
});

describe('the OpenAPI document of the service', () => {
  it('describes exactly the routes the app serves', () => {
    const routes = new Set(
      w.service.app.routes
        .filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    const doc = serviceOpenApiDocument('http://x') as unknown as Doc;
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)));
    expect([...documented].sort()).toEqual([...routes].sort());
    expect([...documented].sort()).toEqual([
      'GET /openapi.json',
      'GET /v1/static-export/bundles/{jobId}/bundle.tar.gz',
      'GET /v1/static-export/jobs/{jobId}',
      'POST /v1/static-export/jobs',
      'POST /v1/static-export/jobs/{jobId}/bundle',
    ]);
  });

  it('documents the error shape with every code, and each status the endpoints answer', () => {
    const doc = serviceOpenApiDocument('http://x') as unknown as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(SERVICE_ERRORS).sort());
    const statuses = (p: string, m: string) => Object.keys(doc.paths[p]![m]!.responses).sort();
    expect(statuses('/v1/static-export/jobs', 'post')).toEqual(['202', '400', '401', '403', '404', '413', '415', '429', '500']);
    expect(statuses('/v1/static-export/jobs/{jobId}', 'get')).toEqual(['200', '400', '401', '403', '404', '500']);
    expect(statuses('/v1/static-export/jobs/{jobId}/bundle', 'post')).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '500']);
    expect(statuses('/v1/static-export/bundles/{jobId}/bundle.tar.gz', 'get')).toEqual(['200', '206', '304', '403', '404', '416', '500']);
    // Every status code of the error catalogue appears in the document.
    const documented = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => Object.keys(op.responses))));
    for (const status of new Set(Object.values(SERVICE_ERRORS))) if (status !== 404) expect(documented.has(String(status)), String(status)).toBe(true);
  });

  it('is served at /openapi.json with the public URL as its server', async () => {
    const res = await w.service.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.servers).toEqual([{ url: 'https://export.example.com', description: 'This service' }]);
    expect(doc).toEqual(JSON.parse(JSON.stringify(serviceOpenApiDocument('https://export.example.com'))));
  });

  it('is the document of the docs site (docs/openapi.json; UPDATE=1 rewrites it)', async () => {
    const expected = JSON.stringify(serviceOpenApiDocument('http://127.0.0.1:8787'), null, 2) + '\n';
    if (process.env['UPDATE'] === '1') await writeFile(DOCS_OPENAPI, expected);
    expect(await readFile(DOCS_OPENAPI, 'utf8')).toBe(expected);
  });
});
