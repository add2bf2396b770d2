import { compile } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import { toMarkdownTree } from './src/render/mdx/markdown/to-markdown-tree.js';
import { serializeMarkdown } from './src/render/mdx/markdown/serialize-markdown.js';
await compile('---\ntitle: x\n---\nexport const a = 1\n\nIntro\n\n## b\n\n<Foo>x</Foo>\n', { remarkPlugins: [remarkFrontmatter, () => (tree: any) => {
  const md = toMarkdownTree(tree, { snippet: () => undefined });
  console.log(JSON.stringify(md));
  console.log(JSON.stringify(serializeMarkdown(md, 'T', () => undefined)));
}] });
