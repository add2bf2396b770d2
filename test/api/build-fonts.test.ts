import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { check } from '../../src/api/check.js';
import { writeFiles } from '../write-files.js';

/**
 * docs.json `fonts` in a build: a family without `source` loads from Google Fonts (Mintlify's
 * documented behaviour) where pages may use the network, in its `weight` when given, which the
 * stylesheet applies; an air-gapped bundle loads nothing from another host and says so once per
 * font setting. `sheaf check` reports the integrations and contextual-menu diagnostics a cloud
 * build gives.
 */

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

async function project(docs: Record<string, unknown>): Promise<string> {
  const root = await writeFiles(await mkdtemp(path.join(tmpdir(), 'sheaf-fonts-')), {
    'docs.json': JSON.stringify({ theme: 'mint', name: 'Fonts', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] }, ...docs }),
    'index.mdx': '---\ntitle: Home\n---\n\nText.\n',
    'fonts/lora.woff2': 'not really a font',
  });
  roots.push(root);
  return root;
}

const fontCodes = (diagnostics: readonly { code: string; severity: string; message: string; pointer?: string }[]) =>
  diagnostics.filter((d) => d.code === 'bundle/font-offline').map((d) => [d.code, d.severity, d.message]);

describe('docs.json fonts in a build', () => {
  it('cloud: the Google Fonts stylesheet of a family without source, in its weight, applied to headings', async () => {
    const root = await project({ fonts: { heading: { family: 'Inter', weight: 550 }, body: { family: 'Lora', source: '/fonts/lora.woff2' } } });
    const out = path.join(root, '_site');
    const result = await build({ root, outDir: out, cacheDir: false, workers: 0 });
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(html.match(/fonts\.googleapis\.com[^"]*/g)).toEqual(['fonts.googleapis.com/css2?family=Inter:wght@550&display=swap']);
    expect(html).toContain('--sheaf-font-weight-heading:550');
    expect(html).toContain('@font-face{font-family:"Lora";src:url("fonts/lora.woff2") format("woff2")');
    expect(fontCodes(result.diagnostics)).toEqual([]);
  });

  it('air-gapped: nothing from another host, and one info per font loaded from one', async () => {
    const root = await project({ fonts: { heading: { family: 'Inter' }, body: { family: 'Roboto', source: 'https://cdn.example.test/roboto.woff2' } } });
    const out = path.join(root, '_site');
    const result = await build({ root, outDir: out, cacheDir: false, workers: 0, deployment: 'air-gapped' });
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(html).not.toContain('googleapis');
    expect(html).not.toContain('cdn.example.test');
    expect(fontCodes(result.diagnostics)).toEqual([
      ['bundle/font-offline', 'info', 'The font `Inter` is loaded from Google Fonts, which an air-gapped bundle makes no request to; the headings use the system font.'],
      ['bundle/font-offline', 'info', 'The font `Roboto` is loaded from `https://cdn.example.test/roboto.woff2`, which an air-gapped bundle makes no request to; the body text uses the system font.'],
    ]);
    const one = await project({ fonts: { family: 'Inter' } });
    const shared = await build({ root: one, outDir: path.join(one, '_site'), cacheDir: false, workers: 0, deployment: 'air-gapped' });
    expect(fontCodes(shared.diagnostics)).toEqual([['bundle/font-offline', 'info', 'The font `Inter` is loaded from Google Fonts, which an air-gapped bundle makes no request to; the pages use the system font.']]);
    expect(shared.diagnostics.find((d) => d.code === 'bundle/font-offline')?.line).toBe(1);
  });

  it('sheaf check reports the integrations and contextual options a cloud build reports', async () => {
    const root = await project({ integrations: { heap: { appId: '123' } }, contextual: { options: ['copy', 'devin-mcp'] } });
    const checked = await check({ root, cacheDir: false, workers: 0 });
    const built = await build({ root, outDir: path.join(root, '_site'), cacheDir: false, workers: 0 });
    const codes = (ds: readonly { code: string }[]) => ds.map((d) => d.code).filter((c) => /analytics|contextual/.test(c));
    expect(codes(checked.diagnostics)).toEqual(['bundle/analytics-invalid', 'build/contextual-unavailable']);
    expect(codes(built.diagnostics)).toEqual(codes(checked.diagnostics));
  });
});
