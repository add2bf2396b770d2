import type { Element, Properties, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { addClassNames, collectClassNames, collectClassNamesFromHtml } from '../../../src/render/tailwind/index.js';

describe('collectClassNames', () => {
  it('returns the class names of every element once, sorted by code unit', () => {
    const html =
      '<div class="mx-auto flex max-w-5xl flex-col gap-14"><h1 class="text-4xl dark:text-gray-50 flex">Hi</h1>' +
      '<a class="group hover:border-primary/60" href="/x"><span class="group-hover:text-primary">x</span></a></div>';
    expect(collectClassNamesFromHtml(html)).toEqual([
      'dark:text-gray-50',
      'flex',
      'flex-col',
      'gap-14',
      'group',
      'group-hover:text-primary',
      'hover:border-primary/60',
      'max-w-5xl',
      'mx-auto',
      'text-4xl',
    ]);
  });

  it('takes class attributes only, never text: a code sample that shows class="…" adds nothing', () => {
    const html =
      '<pre class="shiki"><code><span>&lt;div class="bg-red-500 p-8"&gt;</span>\n<span>className="mt-4"</span></code></pre>' +
      '<p data-class="hidden">class="block"</p>';
    expect(collectClassNamesFromHtml(html)).toEqual(['shiki']);
  });

  it('splits on every kind of HTML whitespace and keeps names as written (case, escapes, brackets)', () => {
    const html = '<div class="  A\tb\nc\r\nd\fe  min-w-[4rem] aspect-[2/1] dark:!text-zinc-950 "></div>';
    expect(collectClassNamesFromHtml(html)).toEqual(['A', 'aspect-[2/1]', 'b', 'c', 'd', 'dark:!text-zinc-950', 'e', 'min-w-[4rem]']);
  });

  it('reads SVG elements and the content of <template>', () => {
    const html = '<svg class="h-4 w-4"><path class="fill-primary"></path></svg><template><p class="hidden sm:block"></p></template>';
    expect(collectClassNamesFromHtml(html)).toEqual(['fill-primary', 'h-4', 'hidden', 'sm:block', 'w-4']);
  });

  it('reads a hast tree directly, with className as a list or (hand-built) a string', () => {
    // Not what the hast types allow, but what a hand-built tree may hold.
    const handBuilt = { className: 'text-sm  font-medium' } as unknown as Properties;
    const span: Element = { type: 'element', tagName: 'span', properties: handBuilt, children: [{ type: 'text', value: 'x' }] };
    const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'div', properties: { className: ['p-4', 'border'] }, children: [span] }] };
    expect(collectClassNames(tree)).toEqual(['border', 'font-medium', 'p-4', 'text-sm']);
  });

  it('gives nothing for a body without classes', () => {
    expect(collectClassNamesFromHtml('')).toEqual([]);
    expect(collectClassNamesFromHtml('<p>Plain <strong>text</strong></p><div class=""></div>')).toEqual([]);
  });

  it('unions many pages into one set without sorting each', () => {
    const into = new Set<string>();
    addClassNames(into, { type: 'root', children: [{ type: 'element', tagName: 'p', properties: { className: ['b', 'a'] }, children: [] }] });
    addClassNames(into, { type: 'root', children: [{ type: 'element', tagName: 'p', properties: { className: ['a', 'c'] }, children: [] }] });
    expect([...into]).toEqual(['b', 'a', 'c']);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const depth = 20_000;
    const html = '<div class="x">'.repeat(depth) + '</div>'.repeat(depth);
    const tree: Root = { type: 'root', children: [] };
    let parent: Root | Element = tree;
    for (let i = 0; i < depth; i += 1) {
      const child: Element = { type: 'element', tagName: 'div', properties: { className: [`c${i % 3}`] }, children: [] };
      parent.children.push(child);
      parent = child;
    }
    expect(collectClassNames(tree)).toEqual(['c0', 'c1', 'c2']);
    expect(collectClassNamesFromHtml(html)).toEqual(['x']);
  });
});
