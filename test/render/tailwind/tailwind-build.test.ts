import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';

/**
 * The Tailwind stylesheet in a build: collected from the page bodies, generated once, written at
 * a fixed name, linked after Sheaf's own stylesheet from the pages whose classes need it, and
 * `build/tailwind-class` for what Tailwind warns about. Each project is written to a temporary
 * folder and built with the API, with no render cache.
 */

const DOCS = {
  theme: 'mint',
  name: 'Tailwind',
  colors: { primary: '#166E3F', light: '#26BD6C', dark: '#166E3F' },
  navigation: { groups: [{ group: 'Start', pages: ['index', 'plain', 'custom'] }] },
};

const HOME = `---
title: Home
---

export const HeroCard = ({ title, href }) => (
  <a className="group block rounded-xl border p-5 hover:border-primary/60" href={href}>
    <h3 className="mt-2 font-medium group-hover:text-primary">{title}</h3>
  </a>
);

<div className="mx-auto flex max-w-5xl flex-col gap-14 dark:text-gray-50">
  <HeroCard title="Quickstart" href="/plain" />
  <div className="not-prose"><p>Plain text</p></div>
</div>
`;

/** Headings and code only: the classes Sheaf itself puts in bodies (`heading-anchor`, `shiki`, `line`). */
const PLAIN = '---\ntitle: Plain\n---\n\n## A heading\n\n```js\nconst a = 1;\n```\n';
/** Classes of the project's own CSS, none of them Tailwind's. */
const CUSTOM = '---\ntitle: Custom\n---\n\n<div className="uo-card uo-grid">Own classes</div>\n';

function writeProject(dir: string, pages: Record<string, string>, docs: object = DOCS): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs));
  for (const [name, text] of Object.entries(pages)) writeFileSync(path.join(dir, `${name}.mdx`), text);
}

const stylesheets = (html: string): string[] => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] as string);

describe('the Tailwind stylesheet of a build', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'sheaf-tailwind-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes _sheaf/tailwind.css once and links it after Sheaf\'s stylesheet on the pages that use Tailwind classes only', async () => {
    const root = path.join(tmp, 'site');
    writeProject(root, { index: HOME, plain: PLAIN, custom: CUSTOM });
    const out = path.join(tmp, 'out');
    const result = await build({ root, outDir: out, cacheDir: false });
    expect(result.diagnostics.filter((d) => d.code.startsWith('build/tailwind'))).toEqual([]);
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(stylesheets(home)).toEqual([expect.stringMatching(/^_sheaf\/sheaf\.[0-9a-f]{10}\.css$/), '_sheaf/tailwind.css']);
    expect(stylesheets(readFileSync(path.join(out, 'plain/index.html'), 'utf8'))).toEqual([expect.stringMatching(/^\.\.\/_sheaf\/sheaf\.[0-9a-f]{10}\.css$/)]);
    expect(stylesheets(readFileSync(path.join(out, 'custom/index.html'), 'utf8'))).toHaveLength(1);
    const css = readFileSync(path.join(out, '_sheaf/tailwind.css'), 'utf8').split('\n');
    const S = ':is(.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline)';
    expect(css).toContain(`${S} .gap-14{gap:3.5rem}`);
    expect(css).toContain(`${S} .max-w-5xl{max-width:64rem}`);
    expect(css).toContain(`${S} .hover\\:border-primary\\/60:hover{border-color:rgb(22 110 63 / 0.6)}`);
    expect(css).toContain(`${S} .group:hover .group-hover\\:text-primary{--tw-text-opacity:1;color:rgb(22 110 63 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(':where(.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline) :where(.not-prose,.not-prose *):where(a){color:inherit;text-decoration:inherit}');
    // Classes of the other pages are not candidates: `uo-card` is no utility, `heading-anchor` is Sheaf's.
    expect(css.join('\n')).not.toMatch(/uo-card|heading-anchor|\.line\b|\.shiki\b/);
  });

  it('gives a heading inside a link no anchor link of its own (no <a> in an <a>, which splits the card)', async () => {
    const home = readFileSync(path.join(tmp, 'out/index.html'), 'utf8');
    // A heading the author's component renders is left as rendered: no id and no anchor link (as on
    // Mintlify, whose table of contents is read from the MDX tree, where it is not visible).
    expect(home).toContain('<h3 class="mt-2 font-medium group-hover:text-primary">Quickstart</h3></a>');
    expect(home).not.toContain('<a class="heading-anchor" href="#quickstart"');
    // A heading outside links keeps its anchor.
    expect(readFileSync(path.join(tmp, 'out/plain/index.html'), 'utf8')).toContain('<a class="heading-anchor" href="#a-heading"');
  });

  it('writes no stylesheet and no link when no page uses a Tailwind class', async () => {
    const root = path.join(tmp, 'none');
    writeProject(root, { index: PLAIN.replace('Plain', 'Home'), plain: PLAIN, custom: CUSTOM });
    const out = path.join(tmp, 'none-out');
    await build({ root, outDir: out, cacheDir: false });
    expect(existsSync(path.join(out, '_sheaf/tailwind.css'))).toBe(false);
    for (const page of ['index.html', 'plain/index.html', 'custom/index.html']) expect(readFileSync(path.join(out, page), 'utf8')).not.toContain('tailwind');
  });

  it('rewrites only the page that adds a class, and the stylesheet: every other page keeps its bytes', async () => {
    const root = path.join(tmp, 'grow');
    writeProject(root, { index: HOME, plain: PLAIN, custom: CUSTOM });
    const before = path.join(tmp, 'grow-1');
    const after = path.join(tmp, 'grow-2');
    await build({ root, outDir: before, cacheDir: false });
    writeFileSync(path.join(root, 'custom.mdx'), CUSTOM.replace('uo-grid', 'uo-grid rounded-full bg-primary-light/20'));
    await build({ root, outDir: after, cacheDir: false });
    const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');
    expect(read(after, 'index.html')).toBe(read(before, 'index.html'));
    expect(read(after, 'plain/index.html')).toBe(read(before, 'plain/index.html'));
    expect(stylesheets(read(after, 'custom/index.html'))).toEqual([expect.stringMatching(/sheaf\.[0-9a-f]{10}\.css$/), '../_sheaf/tailwind.css']);
    expect(read(before, '_sheaf/tailwind.css')).not.toContain('rounded-full');
    expect(read(after, '_sheaf/tailwind.css')).toContain(':is(.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline) .rounded-full{border-radius:9999px}');
  });

  it('reports what Tailwind warns about as build/tailwind-class on the page using the class, and refused class names', async () => {
    const root = path.join(tmp, 'warn');
    const long = `p-${'x'.repeat(240)}`;
    writeProject(root, {
      index: HOME,
      plain: PLAIN,
      custom: `---\ntitle: Custom\n---\n\n<div className="w-[theme(nothing.here)] p-4 ${long}">Ambiguous</div>\n`,
    });
    const result = await build({ root, outDir: path.join(tmp, 'warn-out'), cacheDir: false });
    const found = result.diagnostics.filter((d) => d.code === 'build/tailwind-class');
    expect(found.map(({ code, severity, file, line, column }) => ({ code, severity, file, line, column }))).toEqual([
      { code: 'build/tailwind-class', severity: 'warning', file: 'custom.mdx', line: 1, column: 1 },
      { code: 'build/tailwind-class', severity: 'warning', file: 'custom.mdx', line: 1, column: 1 },
    ]);
    expect(found[0]?.message).toBe('Tailwind CSS warns about a class: The utility `w-[theme(nothing.here)]` contains an invalid theme value and was not generated.');
    expect(found[1]?.message).toBe(
      `The class name \`p-${'x'.repeat(58)}…\` is not generated as Tailwind CSS: longer than 200 characters, holding \`<\` or a control character, or past the site's limit of distinct classes.`,
    );
  });
});
