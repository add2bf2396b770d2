import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../src/api/build.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let out: string;
let result: BuildResult;
beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), 'sheaf-service-docs-'));
  result = await build({ root: path.join(REPO, 'docs'), outDir: out, cacheDir: false, workers: 0 });
}, 120_000);
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe("Sheaf's own docs (docs/)", () => {
  it('build with Sheaf without errors or warnings', () => {
    expect(result.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${d.code} ${d.file ?? ''}: ${d.message}`)).toEqual([]);
    expect(result.errorCount).toBe(0);
  });

  it('have one API page per endpoint of the service, from its OpenAPI document', () => {
    const operations = (result.site?.pages ?? []).filter((p) => p.kind === 'operation').map((p) => `${p.operation!.method} ${p.operation!.path}`);
    expect(operations.sort()).toEqual([
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
    expect((result.site?.pages ?? []).filter((p) => p.kind === 'mdx').map((p) => p.route).sort()).toEqual(['/', '/api-reference/introduction', '/assistant', '/hosting', '/mcp-server', '/operating', '/quickstart', '/search']);
  });

  it('render the start-job page with its error responses', async () => {
    const page = (result.site?.pages ?? []).find((p) => p.operation?.path === '/v1/static-export/jobs')!;
    const html = await readFile(path.join(out, page.route, 'index.html'), 'utf8');
    expect(html).toContain('Start a static export job');
    expect(html).toContain('429');
    expect(html).toContain('Retry-After');
  });

  it('render the assistant message page: deprecated, the request parts and the stream headers', async () => {
    const page = (result.site?.pages ?? []).find((p) => p.operation?.method === 'POST' && p.operation.path === '/discovery/v1/assistant/{domain}/message')!;
    const html = await readFile(path.join(out, page.route, 'index.html'), 'utf8');
    expect(html).toContain('Send an assistant message (v1)');
    expect(html).toContain('Deprecated');
    expect(html).toContain('X-Thread-Id');
    expect(html).toContain('X-Vercel-AI-Data-Stream');
    expect(html).toContain('thread/not-found');
    expect(html).toContain('AssistantMessageRequest');
  });

  it('render the v2 assistant message page: the UI message stream and where the thread id is', async () => {
    const page = (result.site?.pages ?? []).find((p) => p.operation?.method === 'POST' && p.operation.path === '/discovery/v2/assistant/{domain}/message')!;
    const html = await readFile(path.join(out, page.route, 'index.html'), 'utf8');
    expect(html).toContain('Send an assistant message (v2)');
    expect(html).not.toContain('Deprecated');
    expect(html).toContain('x-vercel-ai-ui-message-stream');
    expect(html).toContain('message.metadata.threadId');
    expect(html).toContain('AssistantMessageV2Request');
  });

  it('render the search page: its scores, filters and errors', async () => {
    const page = (result.site?.pages ?? []).find((p) => p.operation?.method === 'POST' && p.operation.path === '/discovery/v1/search/{domain}')!;
    const html = await readFile(path.join(out, page.route, 'index.html'), 'utf8');
    expect(html).toContain('Search documentation');
    expect(html).toContain('scoreThreshold');
    expect(html).toContain('site/not-built');
    expect(html).toContain('SearchResult');
  });
});
