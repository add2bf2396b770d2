import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * docs.json `styling.codeblocks` in Chromium: a page of code blocks and an API page's code
 * samples, built by the CLI under "dracula" (one theme) and a github-light / github-dark pair,
 * in the light and the dark colour scheme. Computed colours of a token and of the block's
 * background are asserted; screenshots at 1440 and 390 px go to
 * test-output/screenshots/issue17/code-theme/.
 */

const OUT = path.join(SHOTS, 'issue17', 'code-theme');

const PAGE = `---
title: Code blocks
---

Code blocks take their colours from \`styling.codeblocks\`.

\`\`\`js app.js
const answer = 42; // the answer
function greet(name) {
  return \`Hello, \${name}\`;
}
\`\`\`

<CodeGroup>

\`\`\`python main.py
import requests
r = requests.get("https://api.example.test/pets", timeout=10)
print(r.json())
\`\`\`

\`\`\`bash install.sh
curl -s https://api.example.test/pets | jq '.[0]'
\`\`\`

</CodeGroup>

\`\`\`json
{ "id": 1, "name": "Rex", "tags": ["dog"], "ok": true }
\`\`\`
`;

const OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/pets': {
      post: {
        summary: 'Create a pet',
        operationId: 'createPet',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', example: 'Rex' }, age: { type: 'integer', example: 3 } } } } } },
        responses: { '201': { description: 'Created', content: { 'application/json': { example: { id: 1, name: 'Rex', age: 3 } } } } },
      },
    },
  },
};

const THEMES = {
  dracula: 'dracula',
  'github-pair': { theme: { light: 'github-light', dark: 'github-dark' } },
} as const;
type ThemeName = keyof typeof THEMES;

function buildSite(dir: string, name: ThemeName): string {
  const project = path.join(dir, name);
  const out = path.join(dir, `${name}-site`);
  mkdirSync(project);
  const docs = {
    theme: 'mint',
    name: 'Code themes',
    colors: { primary: '#0D9373' },
    styling: { codeblocks: THEMES[name] },
    navigation: { groups: [{ group: 'Guides', pages: ['index'] }, { group: 'API', openapi: 'openapi.json' }] },
  };
  writeFileSync(path.join(project, 'docs.json'), JSON.stringify(docs, null, 2));
  writeFileSync(path.join(project, 'openapi.json'), JSON.stringify(OPENAPI));
  writeFileSync(path.join(project, 'index.mdx'), PAGE);
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', out, '--no-cache'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return out;
}

/** Computed colour of the first token of the first code line in `scope`, and the block's background. */
const colours = (page: Page, scope: string) =>
  page.evaluate((scope) => {
    const block = document.querySelector(`${scope} .code-block`) as HTMLElement;
    const token = block.querySelector('pre code .line span') as HTMLElement;
    return { token: getComputedStyle(token).color, background: getComputedStyle(block).backgroundColor };
  }, scope);

describe('styling.codeblocks in Chromium', () => {
  let dir: string;
  let browser: Browser;
  const servers: Awaited<ReturnType<typeof serveStatic>>[] = [];
  const urls = new Map<ThemeName, string>();

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-code-theme-'));
    for (const name of Object.keys(THEMES) as ThemeName[]) {
      const server = await serveStatic(buildSite(dir, name), '/');
      servers.push(server);
      urls.set(name, server.url);
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens `route` of the `name` site in a colour scheme and width; screenshots it; returns the page. */
  async function open(name: ThemeName, route: string, scheme: 'light' | 'dark', width: number, shot: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 1000 }, colorScheme: scheme });
    const problems = watchProblems(page);
    await page.goto(`${urls.get(name)}${route}`, { waitUntil: 'networkidle' });
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(scheme === 'dark');
    await page.screenshot({ path: path.join(OUT, `${name}-${shot}-${scheme}-${width}.png`), fullPage: width < 600 });
    return { page, problems };
  }

  // [light, dark] expected computed colours: the first token of the page's first block (`const`),
  // of the API page's request sample (`curl`), and the blocks' background.
  const EXPECTED: Record<ThemeName, { page: [string, string]; api: [string, string]; background: [string, string] }> = {
    dracula: { page: ['rgb(255, 121, 198)', 'rgb(255, 121, 198)'], api: ['rgb(80, 250, 123)', 'rgb(80, 250, 123)'], background: ['rgb(40, 42, 54)', 'rgb(40, 42, 54)'] },
    'github-pair': { page: ['rgb(215, 58, 73)', 'rgb(249, 117, 131)'], api: ['rgb(111, 66, 193)', 'rgb(179, 146, 240)'], background: ['rgb(255, 255, 255)', 'rgb(36, 41, 46)'] },
  };

  for (const name of Object.keys(THEMES) as ThemeName[]) {
    for (const [i, scheme] of (['light', 'dark'] as const).entries()) {
      it(`${name}, ${scheme}: page code blocks and API samples take the theme's colours (1440 and 390 px)`, async () => {
        for (const width of [1440, 390]) {
          const guide = await open(name, '', scheme, width, 'page');
          expect(await colours(guide.page, '#content')).toEqual({ token: EXPECTED[name].page[i], background: EXPECTED[name].background[i] });
          expect(guide.problems).toEqual([]);
          await guide.page.close();
          const api = await open(name, 'api-reference/create-a-pet/', scheme, width, 'api');
          expect(await colours(api.page, '#request-example')).toEqual({ token: EXPECTED[name].api[i], background: EXPECTED[name].background[i] });
          expect(api.problems).toEqual([]);
          await api.page.close();
        }
      });
    }
  }
});
