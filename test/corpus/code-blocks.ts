import path from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import { visit } from 'unist-util-visit';
import { preprocessSource } from '../../src/render/mdx/preprocess/preprocess-source.js';

/**
 * The fenced code blocks of an MDX page that must appear on its built page byte for byte, and
 * the `<pre>` texts of a built page: the two sides of test/corpus/code-verbatim.test.ts.
 *
 * A block is a `code` node of the page's own MDX tree, read by MDX's own parser (`@mdx-js/mdx`,
 * with frontmatter and GFM, as Sheaf compiles pages) from the text Sheaf compiles (the source
 * after `preprocessSource`, which leaves code alone but for `{{variables}}`). So a block inside a
 * component's children (`<CodeGroup>`, `<Tab>`, `<Accordion>`, `<Steps>`…) counts, as Markdown
 * content; code inside a JSX expression (`{…}`, a prop value, an `export const` template
 * string) is no `code` node and does not. Its text is the node's value: the lines between the
 * fences as written, less the indentation of the fence (CommonMark's rule, as any Markdown
 * reader shows it). The blocks of the MDX snippets a page shows count as the page's, where it
 * shows them (see `pageBlocks`).
 *
 * Not comparable, each counted by its reason:
 * - `agents`: the block is inside `<Visibility for="agents">`, content Mintlify and Sheaf leave
 *   out of the HTML page (it goes to the page's Markdown copy only);
 * - `variable`: the block holds a docs.json `{{variable}}`, which Sheaf replaces in code too,
 *   as Mintlify does (the compiled text differs from the file there);
 * - `not-mdx`: the page does not parse as MDX (Sheaf shows it as plain Markdown and says so);
 *   its fences are counted, opening and closing, halved.
 * A ```mermaid block is compared like any other: Sheaf writes its source into `pre.mermaid`.
 */

export type SkipReason = 'agents' | 'variable' | 'not-mdx';

export interface SourceBlock {
  /** 0-based, in the order the page shows them (a snippet's blocks where the snippet is used). */
  readonly index: number;
  /** The file the block is written in: the page, or a snippet it shows. */
  readonly file: string;
  /** 1-based line of the opening fence in that file. */
  readonly line: number;
  readonly lang: string;
  readonly text: string;
}

export interface PageBlocks {
  readonly blocks: readonly SourceBlock[];
  readonly skipped: Readonly<Partial<Record<SkipReason, number>>>;
}

/** Reads a project file by its project-relative path; undefined when there is none. */
export type ReadProjectFile = (file: string) => string | undefined;

const parser = createProcessor({ format: 'mdx', remarkPlugins: [remarkFrontmatter, remarkGfm] });

/** Deepest chain of snippets followed (a snippet showing a snippet…); Sheaf's own limit is higher, the corpus goes 2 deep. */
const MAX_SNIPPET_DEPTH = 8;

/**
 * The comparable fenced code blocks of the MDX page `file`, given docs.json's `variables`: its
 * own, and those of the MDX snippets it shows, where it shows them: a component imported by
 * default from a `.mdx`/`.md` file (`import Setup from "/snippets/setup.mdx"`: `/` from the
 * project root, `./` and `../` from the importing file) and used as `<Setup />`, or a legacy
 * `<Snippet file="x.mdx" />` (`_snippets/x.mdx`, else `snippets/x.mdx`). A snippet shown twice
 * gives its blocks twice.
 */
export function pageBlocks(file: string, read: ReadProjectFile, variables: Readonly<Record<string, string>>): PageBlocks {
  const blocks: SourceBlock[] = [];
  const skipped: Partial<Record<SkipReason, number>> = {};
  const skip = (reason: SkipReason): void => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const collect = (current: string, chain: readonly string[], agentsOnly: boolean): void => {
    const source = read(current);
    if (source === undefined) return;
    const pre = preprocessSource(source, variables);
    let tree: Root;
    try {
      tree = parser.parse(pre.text) as Root;
    } catch {
      for (let i = 0; i < Math.ceil([...source.matchAll(/^[ \t>]*(`{3,}|~{3,})/gm)].length / 2); i += 1) skip('not-mdx');
      return;
    }
    const imports = snippetImports(tree, current);
    const walk = (node: Nodes, agents: boolean): void => {
      if (node.type === 'code') {
        if (agents) return skip('agents');
        const start = node.position?.start.offset ?? 0;
        const end = node.position?.end.offset ?? 0;
        // The compiled text equals the file there unless a variable was put in.
        if (source.slice(pre.toOriginal(start), pre.toOriginal(end)) !== pre.text.slice(start, end)) return skip('variable');
        const line = source.slice(0, pre.toOriginal(start)).split('\n').length;
        blocks.push({ index: blocks.length, file: current, line, lang: node.lang ?? '', text: node.value });
        return;
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const inner = agents || (node.name === 'Visibility' && stringProp(node, 'for') === 'agents');
        const snippet = node.name === 'Snippet' ? legacySnippet(stringProp(node, 'file'), read) : node.name ? imports.get(node.name) : undefined;
        if (snippet !== undefined && !chain.includes(snippet) && chain.length < MAX_SNIPPET_DEPTH) collect(snippet, [...chain, snippet], inner);
        for (const child of node.children) walk(child as Nodes, inner);
        return;
      }
      if ('children' in node) for (const child of node.children) walk(child as Nodes, agents);
    };
    walk(tree, agentsOnly);
  };
  collect(file, [file], false);
  return { blocks, skipped };
}

/** Local name → project-relative file of each default import of an MDX/Markdown file. */
function snippetImports(tree: Root, importer: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') continue;
      const specifier = statement.source.value;
      if (!/\.mdx?$/i.test(specifier)) continue;
      const file = specifier.startsWith('/') ? path.posix.normalize(specifier.slice(1)) : path.posix.join(path.posix.dirname(importer), specifier);
      for (const s of statement.specifiers) if (s.type === 'ImportDefaultSpecifier') out.set(s.local.name, file);
    }
  }
  return out;
}

/** The file of a legacy `<Snippet file="x.mdx" />`: `_snippets/x.mdx`, else `snippets/x.mdx`. */
function legacySnippet(written: string | undefined, read: ReadProjectFile): string | undefined {
  if (!written) return undefined;
  const name = path.posix.normalize((/\.(mdx?|jsx?|tsx?)$/.test(written) ? written : `${written}.mdx`).replace(/^\/+/, ''));
  return [`_snippets/${name}`, `snippets/${name}`].find((f) => read(f) !== undefined);
}

/** A JSX attribute given as a plain string (`for="agents"`), as Sheaf reads it. */
function stringProp(node: MdxJsxFlowElement | MdxJsxTextElement, name: string): string | undefined {
  const attribute = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof attribute?.value === 'string' ? attribute.value : undefined;
}

/** The text of every `<pre>` of an HTML document, as a reader sees (and copies) it. */
export function preTexts(html: string): string[] {
  const out: string[] = [];
  visit(fromHtml(html), 'element', (e: Element) => {
    if (e.tagName === 'pre') out.push(toText(e, { whitespace: 'pre' }));
  });
  return out;
}

/**
 * The blocks of a page not found on it: each block must equal the text of one `<pre>` of the
 * page, each `<pre>` taken once (a page also has `<pre>`s of its own making: an operation's
 * examples, code a component or an export writes). One line per block missing, naming the page,
 * the block's index and where it is written, and the first difference with the `<pre>` not
 * matched yet that shares the longest start with it.
 */
export function missingBlocks(page: string, blocks: readonly SourceBlock[], pres: readonly string[]): string[] {
  const left = [...pres];
  const out: string[] = [];
  for (const block of blocks) {
    const at = left.indexOf(block.text);
    if (at >= 0) {
      left.splice(at, 1);
      continue;
    }
    const common = (a: string, b: string) => {
      let n = 0;
      while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
      return n;
    };
    const nearest = left.reduce<{ text: string; same: number } | undefined>((best, text) => {
      const same = common(block.text, text);
      return !best || same > best.same ? { text, same } : best;
    }, undefined);
    const where = `${page}: block ${block.index} (${block.file}:${block.line}, ${block.lang || 'no language'})`;
    out.push(
      nearest
        ? `${where} differs from every <pre> of the page; nearest differs at character ${nearest.same}: written ${JSON.stringify(block.text.slice(nearest.same, nearest.same + 40))}, shown ${JSON.stringify(nearest.text.slice(nearest.same, nearest.same + 40))}`
        : `${where} is not on the page: ${pres.length === 0 ? 'it has no <pre>' : 'each of its <pre>s is another block'}`,
    );
  }
  return out;
}
