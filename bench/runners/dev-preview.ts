import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeOpenApiProject } from '../openapi-project.js';
import type { RunnerResult } from './index.js';

const SHEAF = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'sheaf.js');

/** Polls `url` until `ok(body, status)` holds; the milliseconds it took. */
async function until(url: string, ok: (body: string, status: number) => boolean, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const r = await fetch(url).catch(() => undefined);
    const body = r ? await r.text() : '';
    if (r && ok(body, r.status)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer as expected in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * `sheaf dev` through bin/sheaf.js on a copy of a corpus project (or a corpus OpenAPI document
 * wrapped in one), measured over HTTP as a browser sees it: from the command's start to the first
 * page served, then from saving an edit to the page served with it: an MDX page's text, or an
 * operation's summary (`openapi`: the page follows to its new route).
 * Input: `project` (a folder, with `page`: the MDX file to edit and `route`) or `openapiRoot` and `openapi`.
 */
export async function devPreview(input: Readonly<Record<string, string>>): Promise<RunnerResult> {
  const made = input['openapi'] ? makeOpenApiProject(input['openapiRoot'] as string, input['openapi']) : undefined;
  const root = made?.root ?? mkdtempSync(path.join(tmpdir(), 'sheaf-bench-dev-'));
  if (!made) cpSync(input['project'] as string, root, { recursive: true, filter: (f) => !/[/\\](node_modules|\.git|\.sheaf)$/.test(f) });
  const started = performance.now();
  const child = spawn(process.execPath, [SHEAF, 'dev', root, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const seen = (chunk: Buffer) => {
        output += chunk.toString();
        const found = /Serving .* at (http:\/\/\S+)/.exec(output)?.[1];
        if (found) resolve(found);
      };
      child.stdout.on('data', seen);
      child.stderr.on('data', seen);
      child.once('exit', (code) => reject(new Error(`sheaf dev exited with ${code}: ${output}`)));
    });
    let firstMs: number;
    let editMs: number;
    if (made) {
      // The first operation of the document: its page, then its summary changed.
      const spec = path.join(root, made.spec);
      const document = JSON.parse(readFileSync(spec, 'utf8')) as { paths: Record<string, Record<string, { summary?: string }>> };
      const [pathKey, item] = Object.entries(document.paths)[0] as [string, Record<string, { summary?: string }>];
      const method = Object.keys(item).find((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)) as string;
      const navigation = (await (await fetch(new URL('/_sheaf/dev/pages', url))).json()) as { route: string; operation?: { method: string; path: string } }[];
      const page = navigation.find((p) => p.operation?.path === pathKey && p.operation.method === method.toUpperCase());
      if (!page) throw new Error(`no page for ${method} ${pathKey}`);
      firstMs = performance.now() - started + (await until(new URL(page.route + '/', url).href, (_b, s) => s === 200));
      const operation = item[method] as { summary?: string };
      operation.summary = `Edited summary ${Date.now()}`;
      const saved = performance.now();
      writeFileSync(spec, JSON.stringify(document));
      const wanted = operation.summary;
      // The page's new route holds the new title.
      await until(new URL('/_sheaf/dev/pages', url).href, (b) => b.includes(wanted));
      const moved = ((await (await fetch(new URL('/_sheaf/dev/pages', url))).json()) as { route: string; title?: string }[]).find((p) => p.title === wanted);
      await until(new URL((moved?.route ?? '/') + '/', url).href, (b) => b.includes(wanted));
      editMs = performance.now() - saved;
    } else {
      const route = input['route'] as string;
      const file = path.join(root, input['page'] as string);
      firstMs = performance.now() - started + (await until(new URL(route, url).href, (_b, s) => s === 200));
      const marker = `Edited ${Date.now()}`;
      const saved = performance.now();
      writeFileSync(file, readFileSync(file, 'utf8') + `\n\n${marker}\n`);
      editMs = await until(new URL(route, url).href, (b) => b.includes(marker));
      editMs = performance.now() - saved;
    }
    return { items: 1, notes: `first page ${(firstMs / 1000).toFixed(2)} s after start; edit shown ${Math.round(editMs)} ms after the save` };
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('close', resolve));
    rmSync(root, { recursive: true, force: true });
  }
}
