import { h } from 'preact';
import { describe, it } from 'vitest';
import { components } from '../../../src/render/components/index.js';
import { expectGolden } from './helpers.js';
import { codeBlock, p } from './mdx-like.js';

/** Golden HTML per component: props, nesting and the no-JavaScript markup. `UPDATE=1` rewrites. */

const c = components as Record<string, any>;
const { Tree, Color, GitHub } = c;

describe('component goldens', () => {
  it('callouts: the six typed ones, a custom one and one without icon', () => {
    expectGolden(
      'callouts',
      h('div', null, [
        h(c['Note'], null, p('This adds a note')),
        h(c['Warning'], null, p('Watch out')),
        h(c['Info'], null, p('Information')),
        h(c['Tip'], null, p('A tip')),
        h(c['Check'], null, p('Checked')),
        h(c['Danger'], null, p('Danger')),
        h(c['Callout'], { icon: 'key', color: '#FFC107', iconType: 'regular' }, 'A custom callout'),
        h(c['Callout'], { color: 'red; background: url(x)' }, 'Unsafe colour dropped'),
      ]),
    );
  });

  it('cards: link, external, horizontal, image, CTA, typed, disabled, content links', () => {
    expectGolden(
      'cards',
      h('div', null, [
        h(c['Card'], { title: 'Card title', icon: 'rocket', href: '/components/columns' }, p('Internal link card')),
        h(c['Card'], { title: 'External', href: 'https://example.com', color: '#ff6b6b', icon: 'github' }, 'Arrow by default'),
        h(c['Card'], { title: 'Horizontal', icon: 'text-align-start', horizontal: true }),
        h(c['Card'], { title: 'Image card', img: '/images/card.png' }, 'With an image'),
        h(c['Card'], { title: 'CTA', href: '/x', cta: 'Click here', arrow: 'true' }, 'With a CTA'),
        h(c['Card'], { title: 'Warning card', type: 'warning' }, 'Typed'),
        h(c['Card'], { title: 'Disabled', href: '/x', disabled: true }, 'Not a link'),
        h(c['Card'], { href: '/untitled' }, p('No title, see ', h('a', { href: '/other' }, 'other'))),
      ]),
    );
  });

  it('columns: CardGroup, Columns with Column, out-of-range cols', () => {
    expectGolden(
      'columns',
      h('div', null, [
        h(c['CardGroup'], { cols: 3 }, [h(c['Card'], { title: 'A' }), h(c['Card'], { title: 'B' })]),
        h(c['Columns'], null, [h(c['Column'], null, p('Left')), h(c['Column'], null, p('Right'))]),
        h(c['Columns'], { cols: '7' }, h(c['Card'], { title: 'C' })),
      ]),
    );
  });

  it('tabs: icons, default index, ids, no sync, nested code', () => {
    expectGolden(
      'tabs',
      h('div', null, [
        h(c['Tabs'], { defaultTabIndex: 1 }, [
          h(c['Tab'], { title: 'First tab' }, p('First'), codeBlock('java', 'HelloWorld.java', 'class HelloWorld {}')),
          h(c['Tab'], { title: 'Second tab', icon: 'leaf' }, p('Second')),
          h(c['Tab'], { title: 'Third tab', id: 'third' }, p('Third')),
        ]),
        h(c['Tabs'], { sync: false, borderBottom: true, defaultTabIndex: 9 }, [
          h(c['Tab'], { title: 'A' }, 'a'),
          h(c['Tab'], { title: 'B' }, 'b'),
        ]),
      ]),
    );
  });

  it('code groups: tabs, dropdown, a block without title', () => {
    expectGolden(
      'code-group',
      h('div', null, [
        h(c['CodeGroup'], null, [
          codeBlock('javascript', 'helloWorld.js', 'console.log("Hello World");'),
          '\n',
          codeBlock('python', 'hello_world.py', "print('Hello World!')"),
        ]),
        h(c['CodeGroup'], { dropdown: true }, [codeBlock('bash', 'cURL', 'curl x'), codeBlock('go', '', 'package main')]),
      ]),
    );
  });

  it('asides: RequestExample, ResponseExample, Panel', () => {
    expectGolden(
      'asides',
      h('div', null, [
        h(c['RequestExample'], null, codeBlock('bash', 'Request', 'curl --request POST')),
        h(c['ResponseExample'], { dropdown: true }, [codeBlock('json', '200', '{}'), codeBlock('json', '400', '{"error":1}')]),
        h(c['Panel'], null, h(c['Info'], null, 'Pinned')),
      ]),
    );
  });

  it('accordions: single, open with description and icon, group', () => {
    expectGolden(
      'accordions',
      h('div', null, [
        h(c['Accordion'], { title: 'I am an Accordion.' }, p('Content'), codeBlock('java', 'HelloWorld.java', 'class A {}')),
        h(c['Accordion'], { title: 'Open', description: 'Detail', defaultOpen: 'true', icon: 'bot', id: 'custom-id' }, 'Open body'),
        h(c['AccordionGroup'], null, [h(c['Accordion'], { title: 'Getting started' }, 'a'), h(c['Accordion'], { title: 'Troubleshooting' }, 'b')]),
      ]),
    );
  });

  it('fields: ParamField locations and flags, ResponseField labels, Expandable nesting', () => {
    expectGolden(
      'fields',
      h('div', null, [
        h(c['ParamField'], { query: 'limit', type: 'number', default: 10, required: true }, p('How many')),
        h(c['ParamField'], { path: 'id', type: 'string', deprecated: true, placeholder: 'abc' }, p('The id')),
        h(c['ParamField'], { header: 'Authorization', type: 'string', default: 'Bearer x' }),
        h(c['ParamField'], { body: 'options', type: 'object', default: { a: 1 } }),
        h(c['ResponseField'], { name: 'thumbnails.background', type: 'string', pre: ['GET'], post: ['nullable', 'beta'] }, 'Background'),
        h(
          c['ResponseField'],
          { name: 'user', type: 'User Object' },
          h(c['Expandable'], { title: 'properties' }, [
            h(c['ResponseField'], { name: 'full_name', type: 'string' }, 'The full name'),
            h(c['ResponseField'], { name: 'is_over_21', type: 'boolean', required: true }, 'Age check'),
          ]),
        ),
        h(c['Expandable'], { defaultOpen: 'true' }, 'Default title'),
      ]),
    );
  });

  it('steps: numbering, stepNumber, titleSize, icon, id, noAnchor', () => {
    expectGolden(
      'steps',
      h('div', null, [
        h(c['Steps'], { titleSize: 'h3' }, [
          h(c['Step'], { title: 'First Step' }, p('One')),
          h(c['Step'], { title: 'Second Step', icon: 'rocket', titleSize: 'p' }, p('Two')),
          h(c['Step'], { title: 'Jump', stepNumber: 7, id: 'jump' }, p('Seven')),
          h(c['Step'], { title: 'After', noAnchor: true }, p('Eight')),
        ]),
      ]),
    );
  });

  it('frame: caption Markdown, hint, autoplay video', () => {
    expectGolden(
      'frame',
      h('div', null, [
        h(c['Frame'], null, h('img', { src: '/images/a.png', alt: 'A lake' })),
        h(
          c['Frame'],
          { caption: '**Important:** see the [park website](https://www.nps.gov) and `code`, *em*.', hint: 'Secure permits first.' },
          h('img', { src: '/images/b.png', alt: 'Valley' }),
        ),
        h(c['Frame'], { caption: 'Product demo' }, h('video', { autoPlay: true, src: '/demo.mp4' })),
      ]),
    );
  });

  it('icons: names, size and colour, URL, path, unknown, inline svg', () => {
    expectGolden(
      'icons',
      h('p', null, [
        h(c['Icon'], { icon: 'flag' }),
        h(c['Icon'], { icon: 'flag', iconType: 'regular', size: 32, color: '#FF5733' }),
        h(c['Icon'], { icon: 'https://example.com/icon.png', size: 20 }),
        h(c['Icon'], { src: '/images/my-icon.svg' }),
        h(c['Icon'], { icon: 'no-such-icon' }),
        h(c['Icon'], { icon: h('svg', { viewBox: '0 0 1 1' }, h('rect', { width: 1, height: 1 })), className: 'mine' }),
      ]),
    );
  });

  it('tooltip, badge, update', () => {
    expectGolden(
      'inline',
      h('div', null, [
        p(
          h(c['Tooltip'], { headline: 'API', tip: 'Application Programming Interface.', cta: 'Read the guide', href: '/api' }, 'API'),
          ' and ',
          h(c['Tooltip'], { tip: 'Only a tip' }, 'term'),
          ' and ',
          h(c['Tooltip'], null, 'no tip'),
        ),
        p(
          h(c['Badge'], null, 'Badge'),
          h(c['Badge'], { color: 'green', size: 'sm', shape: 'pill', icon: 'circle-check', stroke: true, disabled: true }, 'Verified'),
          h(c['Badge'], { color: 'neon', size: 'huge' }, 'Unknown values'),
        ),
        h(c['Update'], { label: '2024-10-11', description: 'v0.1.0', tags: ['Mintlify', 'Docs'] }, p('An update')),
        h(c['Update'], { label: h('span', null, h(c['Icon'], { icon: 'rocket' }), h('span', null, 'Quickstart')) }, p('JSX label')),
      ]),
    );
  });

  it('tree: components (highlight, openable) and a Markdown list', () => {
    expectGolden(
      'tree',
      h('div', null, [
        h(Tree, null, [
          h(Tree.Folder, { name: 'app', defaultOpen: true }, [
            h(Tree.File, { name: 'layout.tsx' }),
            h(Tree.File, { name: 'page.tsx', highlight: true }),
            h(Tree.Folder, { name: 'api', highlight: true }, h(Tree.File, { name: 'route.ts' })),
          ]),
          h(Tree.Folder, { name: 'node_modules', openable: false }),
          h(Tree.File, { name: 'package.json' }),
        ]),
        h(
          c['FileTree'],
          null,
          h('ul', null, [
            h('li', null, ['docs/', h('ul', null, [h('li', null, 'index.mdx'), h('li', null, 'guides/')])]),
            h('li', null, h('p', null, 'docs.config.ts')),
          ]),
        ),
      ]),
    );
  });

  it('color: compact with themed values, table with rows', () => {
    expectGolden(
      'color',
      h('div', null, [
        h(Color, { variant: 'compact' }, [
          h(Color.Item, { name: 'blue-500', value: '#3B82F6' }),
          h(Color.Item, { name: 'bg-primary', value: { light: '#FFFFFF', dark: '#000000' } }),
          h(Color.Item, { name: 'bad', value: 'red;x' }),
        ]),
        h(Color, { variant: 'table' }, [
          h(Color.Row, { title: 'Primary' }, [h(Color.Item, { name: 'primary-500', value: 'oklch(70% 0.2 145)' })]),
        ]),
      ]),
    );
  });

  it('tile, prompt, view, visibility, GitHub.Repo', () => {
    expectGolden(
      'misc',
      h('div', null, [
        h(c['Tile'], { href: '/components/tiles', title: 'Tile title', description: 'Short description' }, [
          h('img', { src: '/images/light.svg', alt: 'Preview', className: 'block dark:hidden' }),
          h('img', { src: '/images/dark.svg', alt: 'Preview', className: 'hidden dark:block' }),
        ]),
        h(c['Tile'], { title: 'No link' }),
        h(c['Prompt'], { description: 'Generate **clear** docs.' }, p('You are a writer.')),
        h(c['Prompt'], { description: 'Two actions', icon: 'paperclip', actions: ['copy', 'cursor'] }, p('Say hi & go')),
        h(c['View'], { title: 'JavaScript', icon: 'js' }, p('JS content')),
        h(c['View'], { title: 'Python', icon: 'python' }, p('Python content')),
        h(c['Visibility'], { for: 'humans' }, p('For humans')),
        h(c['Visibility'], { for: 'agents' }, p('For agents')),
        h(GitHub.Repo, { repo: 'mintlify/docs' }),
        h(GitHub.Repo, { repo: 'https://github.com/mintlify/starter.git', variant: 'flat' }),
        h(GitHub.Repo, { repo: 'not a repo' }),
      ]),
    );
  });
});
