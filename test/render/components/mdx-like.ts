import { h, type ComponentChildren, type JSX } from 'preact';

/** A code block exactly as the MDX pipeline emits it (the highlighted HTML reduced to text). */
export function codeBlock(language: string, title: string, code: string): JSX.Element {
  return h(
    'div',
    { class: 'code-block', 'data-language': language },
    h(
      'div',
      { class: 'code-header' },
      h('span', { class: 'code-title' }, title),
      h('button', { type: 'button', class: 'copy-button', 'aria-label': 'Copy code' }, 'Copy'),
    ),
    h('pre', { class: 'shiki' }, h('code', null, code)),
  );
}

/** A Markdown paragraph. */
export function p(...children: ComponentChildren[]): JSX.Element {
  return h('p', null, ...children);
}
