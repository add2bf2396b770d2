import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../src/server/service/start-service.js';
import { heldProvider, must, recordsOf, runExport } from './assistant-service.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

const DOMAIN = 'docs.acme.com';

/**
 * The example built with `--assistant-url` and `--assistant-key` (the compiled CLI), served under
 * `/docs/`, asking `sheaf service` (in-process, on 127.0.0.1) whose export of the domain holds
 * that build's search records; and the example built without the flags.
 */
describe('the Ask AI panel of a built site in Chromium', () => {
  let dir: string;
  let service: RunningService;
  let provider: ReturnType<typeof heldProvider>;
  let assistantKey: string;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let plain: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let endpoint: string;

  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), ...args], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return r;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sheaf-assistant-panel-'));
    const siteDir = path.join(dir, 'site');
    // The export job of the service hands out the records of the site built below.
    const runner = recordsOf(siteDir);
    provider = heldProvider();
    await mkdir(path.join(dir, 'service'));
    service = await startService({ dataDir: path.join(dir, 'service'), port: 0, host: '127.0.0.1', env: {}, log: () => undefined, runner, assistant: { provider } });
    const { store } = service;
    must(await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' }));
    must(await store.addSite({ domain: DOMAIN, orgId: 'acme', source: path.join(REPO, 'fixtures/example') }));
    const admin = must(await store.createApiKey('acme', 'admin')) as unknown as { key: string };
    assistantKey = (must(await store.createApiKey('acme', 'assistant')) as unknown as { key: string }).key;
    endpoint = `${service.url}/discovery/v2/assistant/${DOMAIN}/message`;

    const built = cli('build', path.join(REPO, 'fixtures/example'), '-o', siteDir, '--no-cache', '--assistant-url', endpoint, '--assistant-key', assistantKey);
    expect(built.stderr).toContain(`Ask AI panel: questions go to ${endpoint}`);
    cli('build', path.join(REPO, 'fixtures/example'), '-o', path.join(dir, 'plain'), '--no-cache');

    await runExport(service, DOMAIN, admin.key);
    site = await serveStatic(siteDir, '/docs/');
    plain = await serveStatic(path.join(dir, 'plain'), '/docs/');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await plain?.close();
    await service?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Request bodies the page sent to the endpoint, in order. */
  const recordBodies = (page: Page): { id: string; trigger: string; threadId?: string; currentPath?: string; messages: { id: string; role: string; parts: unknown[] }[] }[] => {
    const bodies: ReturnType<typeof recordBodies> = [];
    page.on('request', (r: Request) => {
      if (r.url() === endpoint && r.method() === 'POST') bodies.push(JSON.parse(r.postData() ?? '{}'));
    });
    return bodies;
  };

  const answers = (page: Page) => page.locator('.sheaf-assistant-answer');
  /** Problems but the false report of microsoft/playwright#42742 (see the first test). */
  const realProblems = (problems: string[]) => problems.filter((p) => p !== `requestfailed: ${endpoint} net::ERR_ABORTED`);

  /** Waits for answer `n` (from 1) to be complete: no longer busy, its sources listed. */
  const done = (page: Page, n: number) => page.locator('.sheaf-assistant-answer:not([aria-busy])').nth(n - 1).locator('.sheaf-assistant-sources a').first().waitFor();

  it('answers as the reply streams, links its citations under the base path, keeps the thread for follow-ups and across pages', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: 'light' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const bodies = recordBodies(page);
    const threadIds: string[] = [];
    page.on('response', (r) => {
      if (r.url() === endpoint && r.request().method() === 'POST') threadIds.push(r.headers()['x-thread-id'] ?? '');
    });
    await page.goto(`${site.url}quickstart/`, { waitUntil: 'networkidle' });
    await expect(page.locator('[data-sheaf-assistant-open]').isVisible()).resolves.toBe(true);

    // Ctrl+K, type: the "Ask AI" option leads the results; the first page found stays selected.
    await page.keyboard.press('Control+k');
    await page.locator('#search-input').fill('Can I restore a deleted note?');
    const option = page.locator('#sheaf-search-results #sheaf-search-action');
    await option.waitFor();
    await expect(option.textContent()).resolves.toContain('Ask AI: Can I restore a deleted note?');
    await page.locator('#sheaf-search-results .sheaf-search-group').first().waitFor();
    await expect(page.locator('#sheaf-search-results [aria-selected="true"]').getAttribute('class')).resolves.toBe('sheaf-search-item');
    await page.screenshot({ path: path.join(SHOTS, 'assistant-search-light.png') });

    // Arrow up to the option, Enter: the panel shows the reply while it is still streaming.
    provider.hold = true;
    await page.keyboard.press('ArrowUp');
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await expect(page.locator('#sheaf-assistant').isVisible()).resolves.toBe(true);
    await page.locator('.sheaf-assistant-answer[aria-busy="true"] .sheaf-assistant-text', { hasText: 'Here is what the documentation says' }).waitFor();
    await expect(page.locator('.sheaf-assistant-answer[aria-busy="true"] .sheaf-assistant-sources').isHidden()).resolves.toBe(true);
    provider.release();
    await done(page, 1);

    const first = answers(page).first();
    await expect(page.locator('.sheaf-assistant-question').first().textContent()).resolves.toBe('Can I restore a deleted note?');
    await expect(first.locator('.sheaf-assistant-text').textContent()).resolves.toContain('Can I restore a deleted note? No: deleting is final.');
    // Citations are links relative to the page, like every other link of the site.
    const cite = first.locator('.sheaf-assistant-cite').first();
    await expect(cite.getAttribute('href')).resolves.toBe('../guides/components/#questions');
    await expect(cite.getAttribute('aria-label')).resolves.toBe('Source 1: Working with notes › Questions');
    await expect(first.locator('.sheaf-assistant-sources li').first().textContent()).resolves.toBe('Working with notes › Questions');
    await expect(page.locator('.sheaf-assistant-status').textContent()).resolves.toBe('Answer ready.');
    await page.screenshot({ path: path.join(SHOTS, 'assistant-answer-light.png') });

    // The request is the v2 body DefaultChatTransport sends, the key as a bearer token, the page's route.
    expect(bodies).toHaveLength(1);
    const body1 = bodies[0] as (typeof bodies)[number] & Record<string, unknown>;
    expect(body1['fp']).toBe('anonymous');
    expect(body1['retrievalPageSize']).toBe(5);
    expect(body1.currentPath).toBe('/quickstart');
    expect(body1.threadId).toBeUndefined();
    expect(body1.messages).toHaveLength(1);
    expect(body1.trigger).toBe('submit-message');
    expect(body1.id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(body1.messages[0]).toEqual({ id: body1.messages[0]?.id, role: 'user', parts: [{ type: 'text', text: 'Can I restore a deleted note?' }] });
    expect(body1.messages[0]?.id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(threadIds[0]).toMatch(/^thr_[0-9a-f]{32}$/);

    // A follow-up, typed in the panel: the same thread, so the service answers with its history.
    await page.locator('#search-input').fill('What is the size limit of a note body?');
    await page.keyboard.press('Enter');
    await done(page, 2);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.threadId).toBe(threadIds[0]);
    expect(bodies[1]?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const types = (bodies[1]?.messages[1]?.parts ?? []).map((p) => (p as { type: string }).type);
    // Only the part kinds Mintlify's v2 request schema lists go back: no tool part.
    expect(types.slice(0, 3)).toEqual(['step-start', 'step-start', 'text']);
    expect(types.length).toBeGreaterThan(3);
    expect(new Set(types.slice(3))).toEqual(new Set(['source-url']));
    expect(bodies[1]?.id).toBe(body1.id);
    expect(threadIds[1]).toBe(threadIds[0]);
    expect(provider.calls.at(-1)?.history.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(provider.calls.at(-1)?.history[0]?.content).toBe('Can I restore a deleted note?');
    const second = answers(page).nth(1);
    await expect(second.locator('.sheaf-assistant-sources').textContent()).resolves.toContain('Notes and notebooks › Limits');

    // The citation opens the cited page.
    await first.locator('.sheaf-assistant-cite').first().click();
    await page.waitForURL(`${site.url}guides/components/#questions`);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Working with notes');
    await expect(page.locator('dialog#sheaf-search').isVisible()).resolves.toBe(false);

    // There, the header button shows the same conversation, and a question continues the thread.
    await page.locator('[data-sheaf-assistant-open]').click();
    await expect(page.locator('.sheaf-assistant-question').allTextContents()).resolves.toEqual(['Can I restore a deleted note?', 'What is the size limit of a note body?']);
    await expect(page.locator('#search-input').getAttribute('placeholder')).resolves.toBe('Ask a follow-up question…');
    await page.locator('#search-input').fill('How do I install the JavaScript client?');
    await page.keyboard.press('Enter');
    await done(page, 3);
    expect(bodies[2]?.threadId).toBe(threadIds[0]);
    expect(bodies[2]?.currentPath).toBe('/guides/components');
    const { rows } = await sql<{ role: string; content: string; end: string | null }>`SELECT role, content, turn_end AS end FROM assistant_messages WHERE thread_id = ${threadIds[0] as string} ORDER BY seq`.execute(service.store.db);
    expect(rows.map((r) => r.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(rows[4]?.content).toBe('How do I install the JavaScript client?');
    // Each answer was sent to its end, and the page shows all of it.
    expect(rows.filter((r) => r.role === 'assistant').map((r) => r.end)).toEqual(['stop', 'stop', 'stop']);
    const shown = (rows[1]?.content ?? '').replace(/\*\*([^*\n]+)\*\*/g, '$1').replace(/\[(\d+)\]/g, '$1');
    await expect(answers(page).first().locator('.sheaf-assistant-text').textContent()).resolves.toBe(shown);

    // A new conversation starts a new thread.
    await page.locator('[data-sheaf-assistant-reset]').click();
    await expect(page.locator('.sheaf-assistant-turn').count()).resolves.toBe(0);
    await page.locator('#search-input').fill('Can I restore a deleted note?');
    await page.keyboard.press('Enter');
    await done(page, 1);
    expect(bodies[3]?.threadId).toBeUndefined();
    expect(threadIds[3]).toMatch(/^thr_/);
    expect(threadIds[3]).not.toBe(threadIds[0]);
    // Playwright reports a no-store response that streamed with a pause (the held answer, at times
    // another) as failed although the page read it to its end (microsoft/playwright#42742). Every
    // answer of the service ended normally, and the page showed each one whole (checked above).
    const { rows: ends } = await sql<{ end: string }>`SELECT turn_end AS end FROM assistant_messages WHERE role = 'assistant'`.execute(service.store.db);
    expect(ends.map((r) => r.end)).toEqual(['stop', 'stop', 'stop', 'stop']);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('works by keyboard alone in dark mode: Ctrl+Enter asks, Tab reaches the citation, Escape closes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${site.url}guides/notes/`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('How are notes and notebooks related?');
    await page.keyboard.press('Control+Enter');
    await done(page, 1);
    await expect(page.locator('.sheaf-assistant-text').first().textContent()).resolves.toContain('A note belongs to exactly one notebook.');
    // The reply's colours come from the dark palette.
    const colours = await page.evaluate(() => {
      const dialog = document.getElementById('sheaf-search') as HTMLElement;
      return getComputedStyle(dialog).backgroundColor;
    });
    expect(colours).toBe('rgb(12, 13, 15)');
    await page.screenshot({ path: path.join(SHOTS, 'assistant-answer-dark.png') });
    // Escape closes; Ctrl+K opens the search view again, the header button the conversation.
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog#sheaf-search').isVisible()).resolves.toBe(false);
    await page.keyboard.press('Control+k');
    await expect(page.locator('#sheaf-assistant').isVisible()).resolves.toBe(false);
    await page.keyboard.press('Escape');
    await page.locator('[data-sheaf-assistant-open]').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#sheaf-assistant').isVisible()).resolves.toBe(true);
    await expect(page.locator('.sheaf-assistant-turn').count()).resolves.toBe(1);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('search-input');
    await page.screenshot({ path: path.join(SHOTS, 'assistant-header-dark.png') });
    // Tab from the field: the Ask AI button, Esc, the citations, the sources, then the panel's buttons.
    const focused: string[] = [];
    while (focused.length < 20 && focused.at(-1) !== 'sheaf-assistant-link') {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => (document.activeElement as HTMLElement).className || (document.activeElement as HTMLElement).tagName));
    }
    expect(focused.slice(0, 3)).toEqual(['sheaf-assistant-ask', 'sheaf-kbd sheaf-search-close', 'sheaf-assistant-cite']);
    expect(focused.slice(-2)).toEqual(['A', 'sheaf-assistant-link']);
    // Enter on a citation opens its page.
    await page.locator('.sheaf-assistant-cite').first().focus();
    const href = await page.locator('.sheaf-assistant-cite').first().getAttribute('href');
    expect(href).toMatch(/^\.\.\/\.\.\//);
    await page.keyboard.press('Enter');
    await page.waitForURL(new URL(href as string, `${site.url}guides/notes/`).href);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('fits a phone screen: the header button is an icon, the panel fills the dialog', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 780 }, colorScheme: 'light' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${site.url}guides/components/`, { waitUntil: 'networkidle' });
    const button = page.locator('[data-sheaf-assistant-open]');
    await expect(button.isVisible()).resolves.toBe(true);
    await expect(page.locator('.sheaf-assistant-open-text').isVisible()).resolves.toBe(false);
    await button.click();
    await page.locator('#search-input').fill('Which clients can I install?');
    await page.keyboard.press('Enter');
    await done(page, 1);
    const box = await page.locator('dialog#sheaf-search').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, 'assistant-phone-light.png') });
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('says in plain words when the service refuses, is busy or cannot be reached', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${site.url}`, { waitUntil: 'networkidle' });
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Retry-After' };
    const ask = async (question: string) => {
      await page.locator('#search-input').fill(question);
      await page.keyboard.press('Enter');
      const error = page.locator('.sheaf-assistant-error').last();
      await error.waitFor();
      return error.textContent();
    };
    await page.locator('[data-sheaf-assistant-open]').click();

    await page.route(endpoint, (route) => route.fulfill({ status: 429, headers: { ...cors, 'retry-after': '17' }, contentType: 'application/json', body: JSON.stringify({ error: 'Too many assistant requests from this IP address.', code: 'rate-limit/ip' }) }));
    await expect(ask('First question')).resolves.toBe('Too many questions: try again in 17 s.');
    // The question goes back in the field, to ask again.
    await expect(page.locator('#search-input').inputValue()).resolves.toBe('First question');
    await page.unroute(endpoint);

    await page.route(endpoint, (route) => route.fulfill({ status: 400, headers: cors, contentType: 'application/json', body: JSON.stringify({ error: 'Invalid request body: fp: is required.', code: 'request/invalid-body' }) }));
    await expect(ask('Second question')).resolves.toBe('Invalid request body: fp: is required.');
    await page.unroute(endpoint);

    await page.route(endpoint, (route) => route.abort('connectionrefused'));
    await expect(ask('Third question')).resolves.toBe(
      'Could not reach the assistant. Check your connection and try again; if it keeps failing, the assistant service may not accept requests from this site.',
    );
    await page.unroute(endpoint);

    // An `error` chunk ends the reply with its message.
    const events = [
      { type: 'start', messageId: 'm1' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Partial <b>text</b>' },
      { type: 'text-end', id: 't' },
      { type: 'error', errorText: 'The provider is down.' },
      { type: 'finish' },
    ];
    await page.route(endpoint, (route) =>
      route.fulfill({ status: 200, headers: { ...cors, 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' }, body: events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n' }),
    );
    await expect(ask('Fourth question')).resolves.toBe('The provider is down.');
    // Model text is text, never markup.
    await expect(page.locator('.sheaf-assistant-text').last().textContent()).resolves.toBe('Partial <b>text</b>');
    await expect(page.locator('.sheaf-assistant-text b').count()).resolves.toBe(0);
    await page.unroute(endpoint);
    await page.screenshot({ path: path.join(SHOTS, 'assistant-errors-light.png') });
    await context.close();
  });

  it('has no Ask AI at all in a build without the flags', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const problems = watchProblems(page);
    await page.goto(`${plain.url}quickstart/`, { waitUntil: 'networkidle' });
    const html = await page.content();
    expect(html).not.toContain('sheaf-assistant');
    expect(html).not.toContain('Ask AI');
    expect(await page.evaluate(() => 'SheafAssistant' in window)).toBe(false);
    await page.keyboard.press('Control+k');
    await page.locator('#search-input').fill('restore deleted');
    await page.locator('#sheaf-search-results .sheaf-search-group').first().waitFor();
    await expect(page.locator('#sheaf-search').textContent()).resolves.not.toContain('Ask AI');
    await expect(page.locator('#sheaf-search-results [role="option"]').first().getAttribute('href')).resolves.toBe('../guides/components/#questions');
    expect(problems).toEqual([]);
    await page.close();
  });
});
