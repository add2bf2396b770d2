import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { h, type ComponentChildren } from 'preact';
import { describe, expect, it } from 'vitest';
import { components, type ComponentMap } from '../../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { writeFiles } from '../../write-files.js';

/** Renders `page.mdx` with Sheaf's real components (the TOC reads their steps, updates and accordions). */
async function render(source: string, files: Record<string, string> = {}, map: ComponentMap = components) {
  const root = await writeFiles(await mkdtemp(path.join(tmpdir(), 'sheaf-toc-')), files);
  const body = await renderMdx({ root, file: 'page.mdx', source, variables: {}, components: map, cache: createMdxCache() });
  expect(body.diagnostics).toEqual([]);
  expect(body.html).not.toContain('data-sheaf-heading');
  return body;
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe('the table of contents holds what Mintlify lists (the MDX tree, never a component’s output)', () => {
  it('leaves out the h3 of an exported card component, as rendered: no id, no anchor; the page’s own ## is listed', async () => {
    const source = [
      'export const HeroCard = ({ title, href }) => (',
      '  <a className="group" href={href}>',
      '    <h3 className="mt-5 font-medium">{title}</h3>',
      '  </a>',
      ');',
      '',
      'export const Section = ({ title }) => <h2 className="s">{title}</h2>;',
      '',
      '<HeroCard title="Quickstart" href="/quickstart" />',
      '',
      '<Section title="Drawn by code" />',
      '',
      '## Written here',
    ].join('\n');
    const body = await render(source);
    expect(body.headings).toEqual([{ depth: 2, text: 'Written here', id: 'written-here' }]);
    expect(body.html).toBe(
      '<a href="/quickstart" class="group"><h3 class="mt-5 font-medium">Quickstart</h3></a>\n' +
        '<h2 class="s">Drawn by code</h2>\n' +
        '<h2 id="written-here">Written here<a class="heading-anchor" href="#written-here" aria-label="Link to this section">#</a></h2>',
    );
    // Search cuts at the listed heading only; the component's text belongs to the intro.
    expect(body.sections).toEqual([
      { anchor: '', heading: '', text: 'Quickstart Drawn by code' },
      { anchor: 'written-here', heading: 'Written here', text: '' },
    ]);
  });

  it('lists JSX headings written in the page (in a link card too), with their classes and own ids', async () => {
    const source = '<a href="/x" className="card">\n  <h3 className="t">\n    In a card\n  </h3>\n</a>\n\n<h2 id="custom" className="c">Own id</h2>\n\n<h4>Deep</h4>\n\n<h5>Too deep</h5>';
    const body = await render(source);
    expect(body.headings).toEqual([
      { depth: 3, text: 'In a card', id: 'in-a-card' },
      { depth: 2, text: 'Own id', id: 'custom' },
      { depth: 4, text: 'Deep', id: 'deep' },
    ]);
    expect(body.html).toContain('<a href="/x" class="card"><h3 class="t" id="in-a-card">In a card</h3></a>');
    expect(body.html).toContain('<h5>Too deep</h5>');
  });

  it('leaves out a heading made by an expression', async () => {
    const body = await render('{<h2>From an expression</h2>}\n\n{true && <h3>Also</h3>}\n\n## Kept');
    expect(body.headings).toEqual([{ depth: 2, text: 'Kept', id: 'kept' }]);
    expect(body.html).toContain('<h2>From an expression</h2>');
  });

  it('lists a snippet’s Markdown headings (Mintlify inlines snippets) but not its component’s', async () => {
    const files = { 'snippets/part.mdx': 'export const Own = () => <h2>Own component</h2>;\n\n## From the snippet\n\n<Own />\n' };
    const body = await render('import Part from "/snippets/part.mdx"\n\n<Part />', files);
    expect(body.headings).toEqual([{ depth: 2, text: 'From the snippet', id: 'from-the-snippet' }]);
    expect(body.html).toContain('<h2>Own component</h2>');
  });

  it('leaves out headings inside Accordion, AccordionGroup, Expandable, Update and Prompt, a snippet’s in an Accordion too; they keep ids and anchors', async () => {
    const files = { 'snippets/part.mdx': '## Snippet heading\n' };
    const source = [
      'import Part from "/snippets/part.mdx"',
      '',
      '<Accordion title="A">',
      '  ## In accordion',
      '',
      '  <Part />',
      '</Accordion>',
      '',
      '<AccordionGroup>',
      '  ### In group',
      '</AccordionGroup>',
      '',
      '<Expandable title="x">',
      '  ### In expandable',
      '</Expandable>',
      '',
      '<Prompt description="d">',
      '  ## In prompt',
      '</Prompt>',
      '',
      '## Outside',
    ].join('\n');
    const body = await render(source, files);
    expect(body.headings).toEqual([{ depth: 2, text: 'Outside', id: 'outside' }]);
    for (const id of ['in-accordion', 'snippet-heading', 'in-group', 'in-expandable']) {
      expect(body.html).toContain(`id="${id}"`);
      expect(body.html).toContain(`href="#${id}" aria-label="Link to this section"`);
    }
  });

  it('lists each labelled Update (depth 2, under its id) and none of the headings inside it', async () => {
    const source = '<Update label="2024-01-01" description="v1">\n  ## Inside the update\n</Update>\n\n<Update label="March 2024">\n  Text\n</Update>\n\n<Update>\n  No label\n</Update>';
    const body = await render(source);
    expect(body.headings).toEqual([
      { depth: 2, text: '2024-01-01', id: '2024-01-01' },
      { depth: 2, text: 'March 2024', id: 'march-2024' },
    ]);
  });

  it('lists steps titled h2 or h3 under the step’s own id, and gives their titles no second id or anchor', async () => {
    const source = [
      '<Steps titleSize="h2">',
      '  <Step title="Install">One</Step>',
      '  <Step title="Run" titleSize="h3">Two</Step>',
      '  <Step title="Small" titleSize="h4">Three</Step>',
      '  <Step title="Text" titleSize="p">Four</Step>',
      '  <Step title="Quiet" noAnchor>Five</Step>',
      '</Steps>',
      '',
      '<Accordion title="Folded">',
      '  <Steps titleSize="h2">',
      '    <Step title="Hidden">Six</Step>',
      '  </Steps>',
      '</Accordion>',
    ].join('\n');
    const body = await render(source);
    expect(body.headings).toEqual([
      { depth: 2, text: 'Install', id: 'install' },
      { depth: 3, text: 'Run', id: 'run' },
    ]);
    expect(count(body.html, 'class="heading-anchor"')).toBe(0);
    expect(body.html).not.toMatch(/id="(install|run|small)-1"/);
    // Search still cuts at every step title (the step in the accordion too), under the step's id.
    expect(body.sections.map((s) => [s.anchor, s.heading, s.text])).toEqual([
      ['', '', '1'],
      ['install', 'Install', 'One 2'],
      ['run', 'Run', 'Two 3 Small Three 4 Text Four 5 Quiet Five Folded 1'],
      ['hidden', 'Hidden', 'Six'],
    ]);
  });

  it('leaves the headings of the right-hand panel out, unmarked', async () => {
    const body = await render('<Panel>\n\n## In the panel\n\n</Panel>\n\n## Out');
    expect(body.headings).toEqual([{ depth: 2, text: 'Out', id: 'out' }]);
    expect(body.aside).toContain('<h2>In the panel</h2>');
    expect(body.aside).not.toContain('data-sheaf-heading');
  });

  it('leaves out empty headings but gives them an id', async () => {
    const body = await render('## \n\n## Named');
    expect(body.headings).toEqual([{ depth: 2, text: 'Named', id: 'named' }]);
    expect(body.html).toContain('<h2 id="section"><a class="heading-anchor" href="#section" aria-label="Link to this section">#</a></h2>');
  });

  it('lists the Markdown headings of a page that falls back to plain Markdown', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sheaf-toc-'));
    const body = await renderMdx({ root, file: 'page.mdx', source: '## Before\n\n<Card title="x">\n\n### After\n', variables: {}, components });
    expect(body.diagnostics.map((d) => d.code)).toEqual(['mdx/syntax']);
    expect(body.headings).toEqual([
      { depth: 2, text: 'Before', id: 'before' },
      { depth: 3, text: 'After', id: 'after' },
    ]);
    expect(body.html).not.toContain('data-sheaf-heading');
  });

  it('a component of the author’s that renders its children: headings written as children are listed', async () => {
    const Box = ({ children }: { children?: ComponentChildren }) => h('section', { class: 'box' }, children);
    const body = await render('<Box>\n  ## Inside the box\n\n  <h3>Also JSX</h3>\n</Box>', {}, { ...components, Box });
    expect(body.headings).toEqual([
      { depth: 2, text: 'Inside the box', id: 'inside-the-box' },
      { depth: 3, text: 'Also JSX', id: 'also-jsx' },
    ]);
  });
});
