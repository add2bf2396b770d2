import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { exportBundle } from '../../src/api/export-bundle.js';
import { createProgram } from '../../src/cli/program.js';
import { clientBundle } from '../client/client-bundle.js';
import { readTarGz } from '../bundle/read-archive.js';
import { siteFiles, siteScript, siteStyles } from '../site-files.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROJECT = path.join(REPO, 'test/bundle/fixtures/bundle-gating');
const ENDPOINT = 'https://assistant.example.com/discovery/v2/assistant/docs.example.com/message';
const V1_ENDPOINT = 'https://assistant.example.com/discovery/v1/assistant/docs.example.com/message';
const KEY = 'svc_dsc_public0123456789';
const ADMIN = 'svc_secret0123456789';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-assistant-build-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Runs the real CLI program in-process. */
async function sheaf(args: string[]) {
  let stdout = '';
  let stderr = '';
  let code = -1;
  const program = createProgram({ stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), color: false }, (c) => (code = c));
  await program.parseAsync(['node', 'sheaf', ...args]);
  return { code, stdout, stderr };
}

describe('building with the Ask AI panel', () => {
  it('puts the panel in every page, its script and styles in the site’s files, and reports the endpoint', async () => {
    const outDir = path.join(tmp, 'with');
    const result = await build({ root: PROJECT, outDir, cacheDir: false, assistant: { endpoint: ENDPOINT, key: KEY } });
    expect(result.errorCount).toBe(0);
    expect(result.assistant).toEqual({ endpoint: ENDPOINT });
    expect(result.diagnostics.map((d) => d.code)).not.toContain('bundle/assistant-off');
    const files = await siteFiles(outDir);
    const pages = [...files].filter(([p]) => p.endsWith('.html') && p !== '404.html');
    expect(pages.length).toBeGreaterThan(1);
    for (const [p, html] of pages) {
      expect(html, p).toContain(`<section id="sheaf-assistant" aria-label="Ask AI" data-endpoint="${ENDPOINT}" data-key="${KEY}" hidden`);
      expect(html, p).toContain('data-sheaf-assistant-open');
    }
    expect(files.get('404.html')).toContain('id="sheaf-assistant"');
    expect(siteScript(files)).toContain(clientBundle('assistant'));
    expect(siteStyles(files)).toContain('.sheaf-assistant-log {');
    // The key is in the pages (it is public), nowhere else.
    const elsewhere = [...files].filter(([p, text]) => !p.endsWith('.html') && text.includes(KEY)).map(([p]) => p);
    expect(elsewhere).toEqual([]);
  });

  it('leaves every trace of it out without the settings', async () => {
    const outDir = path.join(tmp, 'without');
    const result = await build({ root: PROJECT, outDir, cacheDir: false });
    expect(result.assistant).toBeUndefined();
    const files = await siteFiles(outDir);
    for (const [p, text] of files) {
      expect(text, p).not.toContain('sheaf-assistant');
      expect(text, p).not.toContain('SheafAssistant');
      expect(text, p).not.toContain('Ask AI');
    }
  });

  it('builds an air-gapped site without the panel, with a warning', async () => {
    const outDir = path.join(tmp, 'gapped');
    const result = await build({ root: PROJECT, outDir, cacheDir: false, deployment: 'air-gapped', assistant: { endpoint: ENDPOINT, key: KEY } });
    expect(result.errorCount).toBe(0);
    expect(result.diagnostics.filter((d) => d.code.startsWith('bundle/assistant'))).toMatchObject([{ code: 'bundle/assistant-off', severity: 'warning' }]);
    expect(result.assistant).toBeUndefined();
    for (const [p, text] of await siteFiles(outDir)) {
      expect(text, p).not.toContain('sheaf-assistant');
      expect(text, p).not.toContain(KEY);
    }
  });

  it('writes nothing when the key is an admin key, and never repeats it', async () => {
    const outDir = path.join(tmp, 'admin');
    const result = await build({ root: PROJECT, outDir, cacheDir: false, assistant: { endpoint: ENDPOINT, key: ADMIN } });
    expect(result.errorCount).toBe(1);
    expect(result.diagnostics.map((d) => d.code)).toContain('bundle/assistant-admin-key');
    expect(result.stats).toBeUndefined();
    expect(existsSync(outDir)).toBe(false);
    expect(JSON.stringify(result.diagnostics)).not.toContain(ADMIN);
  });

  it('passes the panel through exportBundle into the archive', async () => {
    const output = path.join(tmp, 'site.tar.gz');
    const { build: built, archive } = await exportBundle({ root: PROJECT, output, cacheDir: false, deployment: 'client-hosted', assistant: { endpoint: ENDPOINT, key: KEY } });
    expect(archive).toBeDefined();
    expect(built.assistant).toEqual({ endpoint: ENDPOINT });
    const entries = await readTarGz(output);
    const index = entries.find((e) => e.name === 'index.html');
    expect(index?.content.toString('utf8')).toContain(`data-endpoint="${ENDPOINT}"`);
  });
});

describe('sheaf build and sheaf export --assistant-url --assistant-key', () => {
  it('builds with the panel and names its endpoint in the report, never the key', async () => {
    const r = await sheaf(['build', PROJECT, '-o', path.join(tmp, 'cli'), '--no-cache', '--assistant-url', ENDPOINT, '--assistant-key', KEY]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`  Ask AI panel: questions go to ${ENDPOINT}\n`);
    expect(r.stderr).not.toContain(KEY);
    expect(await readFile(path.join(tmp, 'cli', 'index.html'), 'utf8')).toContain(`data-key="${KEY}"`);
  });

  it('takes a v1 endpoint as its v2 successor and says so, in the build’s report and the pages', async () => {
    const r = await sheaf(['build', PROJECT, '-o', path.join(tmp, 'cli-v1'), '--no-cache', '--assistant-url', V1_ENDPOINT, '--assistant-key', KEY]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`is the deprecated v1 endpoint; the Ask AI panel speaks v2 (AI SDK 5 and later), so it sends to \`${ENDPOINT}\`.  [bundle/assistant-v1-endpoint]`);
    expect(r.stderr).toContain(`  Ask AI panel: questions go to ${ENDPOINT}\n`);
    expect(await readFile(path.join(tmp, 'cli-v1', 'index.html'), 'utf8')).toContain(`data-endpoint="${ENDPOINT}"`);
  });

  it('exits 1 with one flag alone, or an admin key, and says why', async () => {
    const alone = await sheaf(['build', PROJECT, '-o', path.join(tmp, 'cli-alone'), '--no-cache', '--assistant-url', ENDPOINT]);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain('only the endpoint (`--assistant-url`) was given.  [bundle/assistant-incomplete]');
    const admin = await sheaf(['export', PROJECT, '-o', path.join(tmp, 'cli-admin.tar.gz'), '--no-cache', '--assistant-url', ENDPOINT, '--assistant-key', ADMIN, '--format', 'json']);
    expect(admin.code).toBe(1);
    const out = JSON.parse(admin.stdout) as { ok: boolean; bundle?: unknown; diagnostics: { code: string }[] };
    expect(out.ok).toBe(false);
    expect(out.bundle).toBeUndefined();
    expect(out.diagnostics.map((d) => d.code)).toEqual(['bundle/assistant-admin-key']);
    expect(admin.stdout + admin.stderr).not.toContain(ADMIN);
    expect(existsSync(path.join(tmp, 'cli-admin.tar.gz'))).toBe(false);
  });

  it('exports with the panel; the JSON report has the endpoint', async () => {
    const r = await sheaf(['export', PROJECT, '-o', path.join(tmp, 'cli.zip'), '--no-cache', '--deployment', 'client-hosted', '--assistant-url', ENDPOINT, '--assistant-key', KEY, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { assistant?: { endpoint: string }; features: { assistant: boolean } };
    expect(out.assistant).toEqual({ endpoint: ENDPOINT });
    expect(out.features.assistant).toBe(true);
  });
});
