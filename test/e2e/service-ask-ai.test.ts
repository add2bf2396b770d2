import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractiveProvider } from '../../src/server/assistant/index.js';
import { startService, type RunningService } from '../../src/server/service/start-service.js';
import { must, pageProblems, runExport } from './assistant-service.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

const DOMAIN = 'docs.acme.com';

/**
 * A site with a public assistant key, exported by `sheaf service` (the real sandboxed build),
 * downloaded through its bundle link, unpacked and served by a plain static server on another
 * origin: its Ask AI panel asks the service's own v2 endpoint, as the key's origins allow.
 */
describe('Ask AI in a site exported through the service, in Chromium', () => {
  let dir: string;
  let service: RunningService;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let publicKey: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sheaf-service-ask-ai-'));
    const siteDir = path.join(dir, 'site');
    await mkdir(siteDir);
    // The static server first: its origin is the one the site's key is for.
    site = await serveStatic(siteDir, '/');
    await mkdir(path.join(dir, 'service'));
    service = await startService({ dataDir: path.join(dir, 'service'), port: 0, host: '127.0.0.1', env: {}, log: () => undefined, assistant: { provider: createExtractiveProvider() } });
    // The key before the export: the export job puts it into the pages.
    must(await service.store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' }));
    must(await service.store.addSite({ domain: DOMAIN, orgId: 'acme', source: path.join(REPO, 'fixtures/example') }));
    const admin = (must(await service.store.createApiKey('acme', 'admin')) as unknown as { key: string }).key;
    publicKey = (must(await service.store.setSiteAssistantKey(DOMAIN, [new URL(site.url).origin])) as unknown as { key: string }).key;
    const jobId = await runExport(service, DOMAIN, admin, { pollMs: 100, polls: 1200 });
    const headers = { Authorization: `Bearer ${admin}` };
    const link = (await (await fetch(`${service.url}/v1/static-export/jobs/${jobId}/bundle`, { method: 'POST', headers })).json()) as { bundleUrl: string };
    const bundle = Buffer.from(await (await fetch(link.bundleUrl)).arrayBuffer());
    await writeFile(path.join(dir, 'bundle.tar.gz'), bundle);
    const unpacked = spawnSync('tar', ['-xzf', path.join(dir, 'bundle.tar.gz'), '-C', siteDir], { encoding: 'utf8' });
    expect(unpacked.status, unpacked.stderr).toBe(0);
    browser = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await service?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const ask = async (page: Page, text: string, count: number) => {
    await page.locator('#search-input').fill(text);
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction((n) => document.querySelectorAll('.sheaf-assistant-answer').length === n && !document.querySelector('.sheaf-assistant-answer[aria-busy]'), count);
  };

  it('answers with linked citations and keeps the thread on the page a citation opens', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const problems = watchProblems(page);
    const endpoint = `${service.url}/discovery/v2/assistant/${DOMAIN}/message`;
    const threads: string[] = [];
    page.on('response', (r) => {
      if (r.url() === endpoint && r.request().method() === 'POST') threads.push(r.headers()['x-thread-id'] ?? '');
    });
    await page.goto(`${site.url}quickstart.html`, { waitUntil: 'networkidle' });
    // The export put the site's public key and the service's own endpoint into the page.
    const panel = page.locator('#sheaf-assistant');
    await expect(panel.getAttribute('data-endpoint')).resolves.toBe(endpoint);
    await expect(panel.getAttribute('data-key')).resolves.toBe(publicKey);

    await page.locator('[data-sheaf-assistant-open]').first().click();
    await ask(page, 'Can I restore a deleted note?', 1);
    await expect(page.locator('.sheaf-assistant-status').textContent()).resolves.toBe('Answer ready.');
    await expect(page.locator('.sheaf-assistant-error').first().isHidden()).resolves.toBe(true);
    const cite = page.locator('.sheaf-assistant-cite').first();
    const href = (await cite.getAttribute('href')) ?? '';
    // A cited page links to its .html file, as the export's other links do.
    expect(href).toMatch(/^[^?#]+\.html(#.*)?$/);
    expect(threads[0]).toMatch(/^thr_[0-9a-f]{32}$/);
    await page.screenshot({ path: path.join(SHOTS, 'service-ask-ai-answer.png') });

    await cite.click();
    await page.waitForURL((url) => url.pathname !== '/quickstart.html');
    expect(page.url()).toContain('.html');
    // On that page the panel shows the same conversation, and a follow-up goes on in the thread.
    await page.locator('[data-sheaf-assistant-open]').first().click();
    await expect(page.locator('.sheaf-assistant-question').allTextContents()).resolves.toEqual(['Can I restore a deleted note?']);
    await ask(page, 'And how do I create a note?', 2);
    expect(threads[1]).toBe(threads[0]);
    const { rows } = await sql<{ role: string; end: string | null }>`SELECT role, turn_end AS end FROM assistant_messages WHERE thread_id = ${threads[0] as string} ORDER BY seq`.execute(service.store.db);
    expect(rows.map((r) => `${r.role}:${r.end ?? ''}`)).toEqual(['user:', 'assistant:stop', 'user:', 'assistant:stop']);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(SHOTS, 'service-ask-ai-follow-up-dark.png') });
    expect(pageProblems(problems)).toEqual([]);
    await page.close();
  });
});
