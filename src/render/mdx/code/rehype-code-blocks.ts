import type { Element, ElementContent, Root, Text } from 'hast';
import { visit, SKIP } from 'unist-util-visit';
import type { MdxCache } from '../mdx-cache.js';
import { highlightCode } from './highlight-code.js';
import { parseCodeMeta } from './parse-code-meta.js';

export interface CodeBlockOptions {
  readonly cache: MdxCache;
  /** Receives `mermaid` when the tree has a mermaid block. */
  readonly features: Set<string>;
  /** Whether math is rendered (`mathOn`): then a `math` fence is KaTeX's; without math it is code like any other. */
  readonly math?: boolean;
}

const text = (value: string): Text => ({ type: 'text', value });
const element = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** The language of a `code` element (`language-xyz` class), lowercased, or `''`. */
function languageOf(code: Element): string {
  const classes = Array.isArray(code.properties['className']) ? code.properties['className'] : [];
  const cls = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return cls ? cls.slice('language-'.length).toLowerCase() : '';
}

function textOf(node: Element): string {
  return node.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? textOf(c) : '')).join('');
}

/**
 * Turns each fenced code block (`pre > code`) into the code-block markup:
 * `div.code-block[data-language] > (div.code-header > span.code-title + button.copy-button)
 * + pre.shiki > code`. The `<code>` keeps the raw text here; `finishHtml` puts the highlighted
 * lines (memoised in the cache under `data-sheaf-code`) in its place after rendering, so the
 * tokens never go through JSX. A `mermaid` block becomes `pre.mermaid` with its source.
 */
export function rehypeCodeBlocks(options: CodeBlockOptions) {
  return async (tree: Root): Promise<void> => {
    const blocks: Array<{ parent: Element | Root; index: number; code: Element }> = [];
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || index === undefined || !parent) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code || (languageOf(code) === 'math' && options.math !== false)) return;
      blocks.push({ parent: parent as Element | Root, index, code });
      return SKIP;
    });
    for (const { parent, index, code } of blocks) {
      const lang = languageOf(code);
      const source = textOf(code).replace(/\r?\n$/, '');
      if (lang === 'mermaid') {
        options.features.add('mermaid');
        parent.children[index] = element('pre', { className: ['mermaid'] }, [text(source)]);
        continue;
      }
      const language = lang || 'text';
      const meta = parseCodeMeta((code.data as { meta?: string | null } | undefined)?.meta);
      const key = await highlightCode(options.cache, language, source);
      const pre = element(
        'pre',
        {
          className: ['shiki'],
          dataSheafCode: key,
          ...(meta.highlight.length > 0 ? { dataHighlight: meta.highlight.join(',') } : {}),
          ...(meta.lineNumbers ? { dataLineNumbers: '' } : {}),
          ...(meta.wrap ? { dataWrap: '' } : {}),
        },
        [element('code', {}, [text(source)])],
      );
      const header = element('div', { className: ['code-header'] }, [
        element('span', { className: ['code-title'] }, [text(meta.title ?? lang)]),
        element('button', { type: 'button', className: ['copy-button', 'code-block-copy-button'], ariaLabel: 'Copy code' }, [text('Copy')]),
      ]);
      parent.children[index] = element('div', { className: ['code-block'], dataLanguage: language }, [header, pre]);
    }
  };
}
