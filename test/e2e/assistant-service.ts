import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { AnswerChunk, AnswerInput, AnswerProvider } from '../../src/server/assistant/answer-provider.js';
import { createExtractiveProvider } from '../../src/server/assistant/index.js';
import type { ExportRunner } from '../../src/server/service/export-runner.js';
import type { RunningService } from '../../src/server/service/start-service.js';

/**
 * The extractive provider, recording what each question came with. While `hold` is set, an
 * answer stops after its first chunk until `release()`: a test sees the text of a reply that is
 * still streaming, or cuts it there.
 */
export function heldProvider(): AnswerProvider & { calls: AnswerInput[]; hold: boolean; release: () => void } {
  const extractive = createExtractiveProvider();
  let open: () => void = () => undefined;
  const provider = {
    name: 'held',
    calls: [] as AnswerInput[],
    hold: false,
    release: () => open(),
    async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
      provider.calls.push(input);
      const gate = provider.hold ? new Promise<void>((resolve) => (open = resolve)) : undefined;
      provider.hold = false;
      let first = true;
      for await (const chunk of extractive.answer(input)) {
        yield chunk;
        if (first && gate) await gate;
        first = false;
      }
    },
  };
  return provider;
}

/** An export runner that hands out the search records of a site already built in `siteDir` (no build of its own). */
export function recordsOf(siteDir: string): ExportRunner {
  return async (request) => {
    const bundleFile = path.join(request.workDir, 'site.tar.gz');
    const searchRecordsFile = path.join(request.workDir, 'search-records.json');
    await writeFile(bundleFile, 'bundle');
    await copyFile(path.join(siteDir, '_sheaf', 'search-records.json'), searchRecordsFile);
    return { ok: true, bundleFile, bytes: 6, pageCount: 12, searchRecordsFile, errors: 0, warnings: 0 };
  };
}

/** The value of a store call that must succeed. */
export function must<T>(r: { ok: boolean } & T): T {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r;
}

/**
 * Organization `acme` (enterprise) with the site `domain` of `source` and an admin key; an
 * export job of it run to completion through the HTTP API. The admin key is returned.
 */
export async function exportedSite(service: RunningService, domain: string, source: string, options: { readonly pollMs?: number; readonly polls?: number } = {}): Promise<{ readonly admin: string; readonly jobId: string }> {
  must(await service.store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' }));
  must(await service.store.addSite({ domain, orgId: 'acme', source }));
  const admin = (must(await service.store.createApiKey('acme', 'admin')) as unknown as { key: string }).key;
  return { admin, jobId: await runExport(service, domain, admin, options) };
}

/** Starts an export job of `domain` and waits until it is completed; its id. */
export async function runExport(service: RunningService, domain: string, admin: string, options: { readonly pollMs?: number; readonly polls?: number } = {}): Promise<string> {
  const headers = { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' };
  const started = await fetch(`${service.url}/v1/static-export/jobs`, { method: 'POST', headers, body: JSON.stringify({ domain }) });
  expect(started.status).toBe(202);
  const { jobId } = (await started.json()) as { jobId: string };
  for (let i = 0; ; i++) {
    const status = (await (await fetch(`${service.url}/v1/static-export/jobs/${jobId}`, { headers })).json()) as { status: string };
    if (status.status === 'completed') return jobId;
    if (status.status === 'failed' || i > (options.polls ?? 200)) throw new Error(`export job: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, options.pollMs ?? 25));
  }
}

/**
 * A page's problems (`watchProblems`) but the assistant requests Chromium reports as aborted: a
 * client may stop reading a body once it has the finish chunk, before `[DONE]` (AI SDK 7 does),
 * and a page left right after an answer can show its finished request so. The tests that use
 * this check the stored turns are whole (`stop`), so such a report is no cut answer.
 */
export function pageProblems(problems: readonly string[]): string[] {
  return problems.filter((p) => !(p.startsWith('requestfailed: ') && p.includes('/discovery/v2/') && p.endsWith('net::ERR_ABORTED')));
}
