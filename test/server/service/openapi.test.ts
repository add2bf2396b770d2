import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processDataStream } from '@ai-sdk/ui-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExtractiveProvider } from '../../../src/server/assistant/index.js';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai6';
import { parseMessageBody, parseMessageBodyV2 } from '../../../src/server/assistant/message-body.js';
import { mountAssistant } from '../../../src/server/service/mount-assistant.js';
import { SERVICE_ERRORS } from '../../../src/server/service/service-error.js';
import { serviceOpenApiDocument } from '../../../src/server/service/service-openapi.js';
import { SHEAF_VERSION } from '../../../src/version.js';
import { expectGolden } from '../../golden.js';
import { fakeRunner, makeWorld, type World } from './helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCS_OPENAPI = path.join(REPO, 'docs/openapi.json');
const ASSISTANT_SOURCE = path.join(REPO, 'src/server/assistant');
const ASSISTANT = '/discovery/v1/assistant/{domain}/message';
const ASSISTANT_V2 = '/discovery/v2/assistant/{domain}/message';

interface Media {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId: string;
  description?: string;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, Media> }>;
}
type ServiceErrorSchema = { properties: { code: { enum: string[] } } };
type AssistantErrorSchema = { required: string[]; properties: { error: { type: string }; code: { enum: string[] } } };
interface Doc {
  openapi: string;
  servers: { url: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: { Error: ServiceErrorSchema; AssistantError: AssistantErrorSchema };
    responses: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; scheme: string }>;
  };
}

let w: World;
beforeEach(async () => {
  w = await makeWorld();
  // The app as `sheaf service` serves it: the export API and the assistant endpoint.
  w.start(fakeRunner(), undefined, (app) =>
    mountAssistant(app as never, { store: w.store, blobs: w.blobs, dataDir: w.dir, clock: () => w.now, log: () => {}, settings: { provider: createExtractiveProvider() } }),
  );
});
afterEach(async () => {
  await w.cleanup();
});

describe('the OpenAPI document of the service', () => {
  it('describes exactly the routes the app serves', async () => {
    const routes = new Set(
      w.service.app.routes
        .filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    const doc = serviceOpenApiDocument('http://x') as unknown as Doc;
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)));
    expect([...documented].sort()).toEqual([
      'GET /openapi.json',
      'GET /v1/static-export/bundles/{jobId}/bundle.tar.gz',
      'GET /v1/static-export/jobs/{jobId}',
      'OPTIONS /discovery/v1/assistant/{domain}/message',
      'OPTIONS /discovery/v1/page/{domain}',
      'OPTIONS /discovery/v1/search/{domain}',
      'OPTIONS /discovery/v2/assistant/{domain}/message',
      'POST /discovery/v1/assistant/{domain}/message',
      'POST /discovery/v1/page/{domain}',
      'POST /discovery/v1/search/{domain}',
      'POST /discovery/v2/assistant/{domain}/message',
      'POST /v1/static-export/jobs',
      'POST /v1/static-export/jobs/{jobId}/bundle',
    ]);
    // The health and readiness probes are for the operator's load balancer or orchestrator, not
    // part of the API: served, and left out of the document.
    const probes = ['GET /_svc/health', 'GET /_svc/ready'];
    for (const probe of probes) {
      expect(routes.has(probe), probe).toBe(true);
      expect(documented.has(probe), probe).toBe(false);
    }
    // Routes that only refuse their method (405) are not operations; the operation description says so.
    const refusing = [...routes].filter((r) => !documented.has(r) && !probes.includes(r)).sort();
    const discovery = ['/discovery/v1/page/{domain}', '/discovery/v1/search/{domain}'];
    expect(refusing).toEqual([ASSISTANT, ASSISTANT_V2, ...discovery].flatMap((p) => ['DELETE', 'GET', 'HEAD', 'PATCH', 'PUT'].map((m) => `${m} ${p}`)).sort());
    for (const route of refusing) {
      const [method, p] = route.split(' ') as [string, string];
      const allowed = Object.keys(doc.paths[p]!).map((m) => m.toUpperCase()).sort();
      const res = await w.service.app.request(p.replace('{domain}', 'docs.acme.com'), { method });
      expect(res.status, route).toBe(405);
      expect(res.headers.get('allow')?.split(/,\s*/).sort(), route).toEqual(allowed);
      if (method !== 'HEAD') expect(((await res.json()) as { code: string }).code).toBe('request/method-not-allowed');
    }
    for (const p of [ASSISTANT, ASSISTANT_V2, ...discovery]) expect(doc.paths[p]!['post']!.description).toContain('405 `request/method-not-allowed` with `Allow: POST, OPTIONS`');
    // The preflight is answered by the CORS middleware (an `ALL` route), not by a route of its own.
    expect([...documented].filter((d) => !routes.has(d)).sort()).toEqual([ASSISTANT, ASSISTANT_V2, ...discovery].map((p) => `OPTIONS ${p}`).sort());
    for (const p of [ASSISTANT, ASSISTANT_V2, ...discovery]) {
      const preflight = await w.service.app.request(p.replace('{domain}', 'docs.acme.com'), {
        method: 'OPTIONS',
        headers: { Origin: 'https://docs.acme.com', 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST,OPTIONS');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type');
    }
  });

  it('documents the error shape with every code, and each status the endpoints answer', () => {
    const doc = serviceOpenApiDocument('http://x') as unknown as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.Error.properties.code.enum).toEqual(Object.keys(SERVICE_ERRORS).sort());
    const statuses = (p: string, m: string) => Object.keys(doc.paths[p]![m]!.responses).sort();
    expect(statuses('/v1/static-export/jobs', 'post')).toEqual(['202', '400', '401', '403', '413', '415', '429', '500']);
    expect(statuses('/v1/static-export/jobs/{jobId}', 'get')).toEqual(['200', '401', '403', '404', '500']);
    expect(statuses('/v1/static-export/jobs/{jobId}/bundle', 'post')).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '500']);
    expect(statuses('/v1/static-export/bundles/{jobId}/bundle.tar.gz', 'get')).toEqual(['200', '206', '304', '403', '404', '416', '500']);
    for (const p of [ASSISTANT, ASSISTANT_V2]) {
      expect(statuses(p, 'post')).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '429', '500']);
      expect(statuses(p, 'options')).toEqual(['204']);
    }
    // Every status code of the error catalogue appears in the document.
    const documented = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => Object.keys(op.responses))));
    for (const status of new Set(Object.values(SERVICE_ERRORS))) if (status !== 404) expect(documented.has(String(status)), String(status)).toBe(true);
  });

  it('documents every error code the assistant module answers with, under the status it is sent with', async () => {
    const doc = serviceOpenApiDocument('http://x') as unknown as Doc;
    const declared = /export type AssistantErrorCode =([^;]+);/.exec(await readFile(path.join(ASSISTANT_SOURCE, 'http-error.ts'), 'utf8'))?.[1] ?? '';
    const codes = [...declared.matchAll(/'([^']+)'/g)].map((m) => m[1]!).sort();
    expect(codes).toHaveLength(16);
    // `{"error": "<message>", "code": "<code>"}`: the message as a string, the code beside it.
    expect(doc.components.schemas.AssistantError.required).toEqual(['error', 'code']);
    expect(doc.components.schemas.AssistantError.properties.error.type).toBe('string');
    expect(doc.components.schemas.AssistantError.properties.code.enum).toEqual(codes);
    // Each code as the module's source sends it: `errorResponse(404, 'site/not-found', …)`,
    // `fail(409, …)`, admission's `error(403, …)`, and the 401s of `authenticate` (`status: 401, code: '…'`).
    const sent = new Set<string>();
    for (const file of (await readdir(ASSISTANT_SOURCE)).filter((f) => f.endsWith('.ts'))) {
      const source = await readFile(path.join(ASSISTANT_SOURCE, file), 'utf8');
      for (const m of source.matchAll(/(?:errorResponse|fail|\berror)\(\s*(\d{3}),\s*'([a-z/-]+)'|status:\s*(\d{3}),\s*code:\s*'([a-z/-]+)'/g)) {
        sent.add(`${m[1] ?? m[3]} ${m[2] ?? m[4]}`);
      }
    }
    // Every declared code is sent somewhere, so the scan found them all.
    expect([...new Set([...sent].map((s) => s.split(' ')[1]!))].sort()).toEqual(codes);
    for (const p of [ASSISTANT, ASSISTANT_V2]) {
      const post = doc.paths[p]!['post']!;
      for (const pair of sent) {
        const [status, code] = pair.split(' ') as [string, string];
        if (status === '405') continue; // not an operation's response: checked with the routes
        const examples = post.responses[status]?.content?.['application/json']?.examples ?? {};
        expect(Object.keys(examples), pair).toContain(code);
        expect((examples[code]?.value as { code: string }).code).toBe(code);
      }
      // Only v1's answers carry the deprecation headers.
      expect(Object.keys(post.responses['404']!.headers ?? {}).includes('Deprecation')).toBe(p === ASSISTANT);
    }
    expect([...sent].filter((s) => s.startsWith('405 '))).toEqual(['405 request/method-not-allowed']);
  });

  it('describes the assistant endpoint: deprecated, its own key, the data stream and its headers', async () => {
    const doc = serviceOpenApiDocument('http://x') as unknown as Doc;
    const post = doc.paths[ASSISTANT]!['post']!;
    expect(post.deprecated).toBe(true);
    expect(doc.paths[ASSISTANT]!['options']!.deprecated).toBe(true);
    expect(post.security).toEqual([{ assistantKey: [] }]);
    expect(doc.security).toEqual([{ adminKey: [] }]);
    expect(doc.components.securitySchemes['assistantKey']).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'svc_dsc_…' });
    expect(Object.keys(post.responses['200']!.headers ?? {}).sort()).toEqual(
      ['Cache-Control', 'Deprecation', 'Link', 'RateLimit-Limit', 'RateLimit-Policy', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Thread-Id', 'X-Vercel-AI-Data-Stream'],
    );
    expect(Object.keys(post.responses['429']!.headers ?? {})).toContain('Retry-After');
    // The example stream is one the AI SDK v4 client reads, ending with the finish data part.
    const stream = post.responses['200']!.content!['text/plain']!.example as string;
    let text = '';
    const data: unknown[] = [];
    const sources: string[] = [];
    await processDataStream({
      stream: new Response(stream).body!,
      onTextPart: (t) => void (text += t),
      onDataPart: (d) => void data.push(...d),
      onSourcePart: (s) => void sources.push(s.url),
    });
    expect(text).toContain('npm install -g acme-cli');
    expect(sources).toEqual(['/quickstart#install']);
    expect(data).toEqual([{ type: 'finish', threadId: 'thr_5f0c3b2a9d8e7f6a5b4c3d2e1f0a9b8c' }]);
    // The request examples are bodies the endpoint accepts.
    const examples = post.requestBody!.content['application/json']!.examples!;
    expect(Object.keys(examples)).toEqual(['question', 'followUp']);
    for (const [name, example] of Object.entries(examples)) expect(parseMessageBody(example.value), name).toHaveProperty('request');
  });

  it('describes the v2 endpoint: its own key, the UI message stream the AI SDK reads, and bodies it accepts', async () => {
    const doc = serviceOpenApiDocument('http://x') as unknown as Doc;
    const post = doc.paths[ASSISTANT_V2]!['post']!;
    expect(post.deprecated).toBeUndefined();
    expect(post.security).toEqual([{ assistantKey: [] }]);
    expect(Object.keys(post.responses['200']!.headers ?? {}).sort()).toEqual(
      ['Cache-Control', 'RateLimit-Limit', 'RateLimit-Policy', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Thread-Id', 'x-vercel-ai-ui-message-stream'],
    );
    expect((post.responses['200'] as { description: string }).description).toContain('read it as `message.metadata.threadId`');
    // The example stream, given to AI SDK 6's transport as a response, is read without a refused chunk.
    const stream = post.responses['200']!.content!['text/event-stream']!.example as string;
    expect(stream.endsWith('data: [DONE]\n\n')).toBe(true);
    const transport = new DefaultChatTransport({ api: 'http://x/', fetch: (async () => new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } })) as typeof fetch });
    const chunks = await transport.sendMessages({ chatId: 'c', messages: [], trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
    const errors: unknown[] = [];
    let message: UIMessage<{ threadId: string; usage: unknown }> | undefined;
    for await (const m of readUIMessageStream<UIMessage<{ threadId: string; usage: unknown }>>({ stream: chunks, onError: (e) => errors.push(e) })) message = m;
    expect(errors).toEqual([]);
    expect(message?.metadata).toEqual({ threadId: 'thr_5f0c3b2a9d8e7f6a5b4c3d2e1f0a9b8c', usage: { inputTokens: 126, outputTokens: 35, totalTokens: 161 } });
    expect(message?.parts.map((p) => p.type)).toEqual(['step-start', 'tool-search', 'step-start', 'text', 'source-url']);
    const examples = post.requestBody!.content['application/json']!.examples!;
    expect(Object.keys(examples)).toEqual(['question', 'followUp']);
    for (const [name, example] of Object.entries(examples)) expect(parseMessageBodyV2(example.value), name).toHaveProperty('request');
  });

  it('describes the deployment profile of a start request and a job, with examples the endpoint accepts', async () => {
    const doc = serviceOpenApiDocument('http://x') as unknown as Doc & { components: { schemas: Record<string, { enum?: string[]; default?: string; required?: string[]; properties?: Record<string, unknown> }> } };
    const schemas = doc.components.schemas;
    expect(schemas['Deployment']).toMatchObject({ type: 'string', enum: ['cloud', 'client-hosted', 'air-gapped'], default: 'cloud' });
    expect(schemas['StartJobRequest']!.required).toEqual(['domain']);
    expect(schemas['StartJobRequest']!.properties!['deployment']).toEqual({ $ref: '#/components/schemas/Deployment' });
    expect(schemas['Job']!.required).toContain('deployment');
    expect(schemas['Job']!.properties!['deployment']).toMatchObject({ $ref: '#/components/schemas/Deployment' });
    const examples = doc.paths['/v1/static-export/jobs']!['post']!.requestBody!.content['application/json']!.examples!;
    expect(Object.keys(examples)).toEqual(['cloud', 'airGapped', 'pages']);
    const seen: unknown[] = [];
    for (const example of Object.values(examples)) {
      const res = await w.service.app.request('/v1/static-export/jobs', { method: 'POST', headers: { Authorization: `Bearer ${w.keys.acme}`, 'Content-Type': 'application/json' }, body: JSON.stringify(example.value) });
      expect(res.status).toBe(202);
      seen.push(((await res.json()) as { deployment: unknown }).deployment);
    }
    expect(seen).toEqual(['cloud', 'air-gapped', 'cloud']);
    // The job examples have every required field, the profile included.
    const queued = doc.paths['/v1/static-export/jobs']!['post']!.responses['202']!.content!['application/json']!.example as Record<string, unknown>;
    expect(Object.keys(queued)).toEqual(expect.arrayContaining(schemas['Job']!.required!));
    const polled = doc.paths['/v1/static-export/jobs/{jobId}']!['get']!.responses['200']!.content!['application/json']!.example as Record<string, unknown>;
    expect(Object.keys(polled)).toEqual(expect.arrayContaining(schemas['Job']!.required!));
  });

  it('carries the assistant interface version 1.0.0 beside Sheaf’s own version', async () => {
    const res = await w.service.app.request('/openapi.json');
    const doc = (await res.json()) as { info: Record<string, unknown>; tags: { name: string; description: string }[] };
    // The interface ("Versioning", item 3): the assistant API's description is at interface version 1.0.0.
    expect(doc.info['x-assistant-interface-version']).toBe('1.0.0');
    expect(doc.info['version']).toBe(SHEAF_VERSION);
    expect(doc.tags.find((t) => t.name === 'Assistant')!.description).toBe(
      'The assistant message endpoints: answers from the documentation, for AI SDK 5+ chat clients (v2) and AI SDK v4 ones (v1, deprecated). Assistant interface version 1.0.0.',
    );
    const docs = JSON.parse(await readFile(DOCS_OPENAPI, 'utf8')) as { info: Record<string, unknown> };
    expect(docs.info['x-assistant-interface-version']).toBe('1.0.0');
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
    expectGolden(DOCS_OPENAPI, expected);
  });
});
