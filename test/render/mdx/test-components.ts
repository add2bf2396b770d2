import { h, type ComponentChildren } from 'preact';
import type { ComponentMap } from '../../../src/render/components/index.js';

type Props = { children?: ComponentChildren; title?: string; href?: string; name?: string };

/**
 * A tiny stand-in for the real components map, so MDX goldens do not change when the
 * components do. `Tree.Folder` is a flat dotted key, as a map may have it.
 */
export const testComponents: ComponentMap = {
  Note: ({ children }: Props) => h('div', { class: 'callout note' }, children),
  Warning: ({ children }: Props) => h('div', { class: 'callout warning' }, children),
  Card: ({ title, href, children }: Props) => h(href ? 'a' : 'div', { class: 'card', href }, h('strong', null, title), children),
  CodeGroup: ({ children }: Props) => h('div', { class: 'code-group' }, children),
  RequestExample: ({ children }: Props) => h('div', { class: 'request-example' }, children),
  ResponseExample: ({ children }: Props) => h('div', { class: 'response-example' }, children),
  Tabs: ({ children }: Props) => h('div', { class: 'tabs' }, children),
  Tab: ({ title, children }: Props) => h('section', { class: 'tab', 'data-title': title }, children),
  Tree: ({ children }: Props) => h('ul', { class: 'tree' }, children),
  'Tree.Folder': ({ name, children }: Props) => h('li', { class: 'folder' }, name, h('ul', null, children)),
  Broken: () => {
    throw new Error('Broken always throws');
  },
};
