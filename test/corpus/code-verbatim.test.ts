import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/api/analyze.js';
import { htmlPathOf } from '../../src/emit/paths.js';
import { missingBlocks, pageBlocks, preTexts, type ReadProjectFile, type SkipReason } from './code-blocks.js';
import { CORPUS, HAS_CORPUS } from './corpus-path.js';
import { corpusSite } from './corpus-site.js';

/**
 * Issue 11, "Done when": code samples byte for byte as written, on every corpus project (item 5:
 * link rewriting once reached into code samples). Each project is built once by the compiled CLI
 * (corpus-site.ts, shared with the other corpus files that read built sites), and every fenced
 * code block of every MDX page must be on that page as written.
 *
 * Which blocks (code-blocks.ts says it in full): the `code` nodes of the page's MDX tree, read by
 * MDX's own parser from the text Sheaf compiles, so blocks in a component's children
 * (`<CodeGroup>`, `<Tabs>`, `<Accordion>`, `<Steps>`…) count and code inside a JSX expression, a
 * prop or an `export` does not; the blocks of the MDX snippets the page shows count too, where it
 * shows them. Left out, counted and pinned by reason: blocks inside `<Visibility for="agents">`
 * (not on the HTML page by design), blocks holding a docs.json `{{variable}}` (replaced in code
 * too, by design), pages that do not parse as MDX (shown as plain Markdown).
 *
 * The comparison: each block's text (the lines between its fences, less the fence's indentation)
 * equals the text of one `<pre>` of the page's `index.html` as a reader sees and copies it, each
 * `<pre>` matched once. A block that differs fails with its page, its index and its place.
 * The numbers of blocks compared and left out are pinned per project, so a parser that finds
 * nothing cannot pass; `withLinks` counts the blocks holding a root-relative `href="/` or
 * `src="/`, the ones link rewriting used to reach.
 */

const ROOT = path.join(CORPUS, 'mintlify');
const PROJECTS = HAS_CORPUS
  ? readdirSync(ROOT).filter((n) => ['docs.json', 'mint.json'].some((f) => existsSync(path.join(ROOT, n, f)))).sort()
  : [];

interface Counts {
  readonly pages: number;
  readonly compared: number;
  readonly fromSnippets: number;
  readonly withLinks: number;
  readonly skipped: Partial<Record<SkipReason, number>>;
}

const PINNED: Record<string, Counts> = {
  'langgenius__dify-docs': { pages: 861, compared: 2468, fromSnippets: 0, withLinks: 0, skipped: {} },
  mem0ai__mem0: { pages: 243, compared: 1275, fromSnippets: 0, withLinks: 11, skipped: {} },
  'mem0ai__mem0__mintjson-2025-02': { pages: 104, compared: 396, fromSnippets: 0, withLinks: 0, skipped: {} },
  // The `mint signup` block of quickstart, in 4 languages, is for agents only. Its root `skill.md`
  // (3 blocks) is a skill file, copied as written to /skill.md, not a page (issue 22).
  mintlify__docs: { pages: 1061, compared: 3322, fromSnippets: 0, withLinks: 124, skipped: { agents: 4 } },
  'pipecat-ai__docs': { pages: 470, compared: 2519, fromSnippets: 0, withLinks: 1, skipped: {} },
  'triggerdotdev__trigger.dev': { pages: 325, compared: 1921, fromSnippets: 107, withLinks: 0, skipped: {} },
};

/** Reads files of the project at `root` by project-relative path, each once; none outside it. */
function projectReader(root: string): ReadProjectFile {
  const texts = new Map<string, string | undefined>();
  return (file) => {
    if (!texts.has(file)) {
      const full = path.resolve(root, file);
      const inside = !path.relative(root, full).startsWith('..');
      texts.set(file, inside && existsSync(full) ? readFileSync(full, 'utf8') : undefined);
    }
    return texts.get(file);
  };
}

describe('missingBlocks (the comparison of the corpus test below)', () => {
  const block = (index: number, text: string) => ({ index, file: 'components/cards.mdx', line: 10 + index, lang: 'mdx', text });
  const written = '<Card title="Columns" href="/components/columns">\n  Text\n</Card>';

  it('reports a block whose link was rewritten inside the code, with its page and index', () => {
    const shown = written.replace('"/components/columns"', '"../../components/columns/"');
    expect(missingBlocks('/components/cards', [block(0, 'npm i'), block(1, written)], ['npm i', shown])).toEqual([
      '/components/cards: block 1 (components/cards.mdx:11, mdx) differs from every <pre> of the page; nearest differs at character 28: written "/components/columns\\">\\n  Text\\n</Card>", shown "../../components/columns/\\">\\n  Text\\n</Car"',
    ]);
  });

  it('takes each <pre> once, and accepts the page\'s other <pre>s', () => {
    expect(missingBlocks('/p', [block(0, 'a'), block(1, 'a')], ['x', 'a'])).toEqual([
      '/p: block 1 (components/cards.mdx:11, mdx) differs from every <pre> of the page; nearest differs at character 0: written "a", shown "x"',
    ]);
    expect(missingBlocks('/p', [block(0, 'a'), block(1, 'a')], ['a', 'operation example', 'a'])).toEqual([]);
    expect(missingBlocks('/p', [block(0, 'a')], [])).toEqual(['/p: block 0 (components/cards.mdx:10, mdx) is not on the page: it has no <pre>']);
    expect(missingBlocks('/p', [block(0, 'a'), block(1, 'a')], ['a'])).toEqual(['/p: block 1 (components/cards.mdx:11, mdx) is not on the page: each of its <pre>s is another block']);
  });

  it('finds the blocks of a page as written: in components, in snippets where shown, not in expressions or agents-only parts', () => {
    const files: Record<string, string> = {
      'page.mdx': [
        '---',
        'title: P',
        '---',
        '',
        'import Setup from "/snippets/setup.mdx";',
        '',
        '{`',
        '~~~js',
        'not a block: an expression',
        '~~~',
        '`}',
        '',
        '<CodeGroup>',
        '  ```bash npm',
        '  npm i {{pkg}}',
        '  ```',
        '',
        '  ```bash yarn',
        '  yarn add  x\t',
        '  ```',
        '</CodeGroup>',
        '',
        '<Setup />',
        '',
        '<Visibility for="agents">',
        '  ```bash',
        '  agents only',
        '  ```',
        '</Visibility>',
        '',
      ].join('\n'),
      'snippets/setup.mdx': '```ts setup.ts\nconst a = <a href="/x">x</a>;\n```\n',
    };
    const found = pageBlocks('page.mdx', (f) => files[f], { pkg: 'sheaf' });
    expect(found.blocks).toEqual([
      { index: 0, file: 'page.mdx', line: 18, lang: 'bash', text: 'yarn add  x\t' },
      { index: 1, file: 'snippets/setup.mdx', line: 1, lang: 'ts', text: 'const a = <a href="/x">x</a>;' },
    ]);
    expect(found.skipped).toEqual({ variable: 1, agents: 1 });
  });
});

describe.skipIf(!HAS_CORPUS)('Mintlify corpus: code samples byte for byte as written (compiled CLI, built sites)', () => {
  it('pins every corpus project', () => {
    expect(Object.keys(PINNED).sort()).toEqual(PROJECTS);
  });

  it.each(PROJECTS)('%s: every fenced code block of every MDX page is on its page as written', async (name) => {
    const root = path.join(ROOT, name);
    const { out } = corpusSite(name);
    const { project, site } = await analyze({ root });
    const read = projectReader(root);
    const variables = project?.config.config.variables ?? {};
    const differences: string[] = [];
    const counts = { pages: 0, compared: 0, fromSnippets: 0, withLinks: 0, skipped: {} as Partial<Record<SkipReason, number>> };
    for (const page of site?.pages ?? []) {
      if (!/\.mdx?$/i.test(page.source)) continue;
      counts.pages += 1;
      const { blocks, skipped } = pageBlocks(page.source, read, variables);
      for (const [reason, n] of Object.entries(skipped) as [SkipReason, number][]) counts.skipped[reason] = (counts.skipped[reason] ?? 0) + n;
      counts.compared += blocks.length;
      counts.fromSnippets += blocks.filter((b) => b.file !== page.source).length;
      counts.withLinks += blocks.filter((b) => /(href|src)=["']\//.test(b.text)).length;
      if (blocks.length === 0) continue;
      const html = path.join(out, htmlPathOf(page.route, 'directory'));
      if (!existsSync(html)) differences.push(`${page.route}: no page written (${htmlPathOf(page.route, 'directory')})`);
      else differences.push(...missingBlocks(page.route, blocks, preTexts(readFileSync(html, 'utf8'))));
    }
    console.log(`${name}: ${counts.compared} code blocks compared on ${counts.pages} MDX pages (${counts.fromSnippets} from snippets, ${counts.withLinks} with a root-relative link), left out ${JSON.stringify(counts.skipped)}, ${differences.length} differ`);
    expect(differences.slice(0, 20)).toEqual([]);
    expect(counts).toEqual(PINNED[name]);
  }, 900_000);
});
