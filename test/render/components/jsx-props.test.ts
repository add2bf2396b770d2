import { h, Fragment } from 'preact';
import { describe, expect, it } from 'vitest';
import { components } from '../../../src/render/components/index.js';
import { labelText, nodeProp } from '../../../src/render/components/props.js';
import { renderHtml } from './helpers.js';

/** Labels may be markup (`title={<>Run <code>npx sheaf</code></>}`), as on Mintlify: shown, never dropped. */

const c = components as Record<string, any>;
const title = () => h(Fragment, null, 'Run ', h('code', null, 'npx sheaf'));
const TITLE_HTML = 'Run <code>npx sheaf</code>';
const CHEVRON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" aria-hidden="true" focusable="false"><path d="lucide-static/icons/chevron-right"/></svg>';

describe('nodeProp / labelText', () => {
  it('keeps strings (trimmed) and markup; drops blanks and other values', () => {
    const markup = title();
    const list = ['a ', h('b', null, 'B')];
    expect(nodeProp('  Hi ')).toBe('Hi');
    expect(nodeProp(3)).toBe('3');
    expect(nodeProp(markup)).toBe(markup);
    expect(nodeProp(list)).toBe(list);
    expect([nodeProp('  '), nodeProp(undefined), nodeProp(null), nodeProp({ a: 1 }), nodeProp(['plain', 'strings']), nodeProp(true)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(labelText(markup)).toBe('Run npx sheaf');
    expect(labelText(undefined)).toBe('');
  });
});

describe('JSX-valued props are shown', () => {
  it('Card: a JSX title inside the card link (href), a JSX title and CTA without one', () => {
    expect(renderHtml(h(c['Card'], { title: title(), href: '/start' }, 'Body'))).toBe(
      `<div class="sheaf-card card sheaf-card-linked"><div class="sheaf-card-main"><div class="sheaf-card-text"><p class="sheaf-card-title"><a href="/start" class="sheaf-card-link">${TITLE_HTML}</a></p><div class="sheaf-card-content">Body</div></div></div></div>`,
    );
    expect(renderHtml(h(c['Card'], { title: title(), cta: h('em', null, 'Go') }, 'Body'))).toBe(
      `<div class="sheaf-card card"><div class="sheaf-card-main"><div class="sheaf-card-text"><p class="sheaf-card-title">${TITLE_HTML}</p><div class="sheaf-card-content">Body</div><span class="sheaf-card-cta"><em>Go</em></span></div></div></div>`,
    );
    // No title: the link is labelled by the CTA's text.
    expect(renderHtml(h(c['Card'], { href: '/x', cta: h('em', null, 'Go') }))).toBe(
      '<div class="sheaf-card card sheaf-card-linked"><div class="sheaf-card-main"><div class="sheaf-card-text"><a aria-label="Go" href="/x" class="sheaf-card-link"></a><span class="sheaf-card-cta"><em>Go</em></span></div></div></div>',
    );
  });

  it('Accordion: JSX title and description; the id is the slug of the title text', () => {
    expect(renderHtml(h(c['Accordion'], { title: title(), description: h('em', null, 'more') }, 'Body'))).toBe(
      `<details id="run-npx-sheaf" data-anchor class="sheaf-accordion accordion"><summary class="sheaf-accordion-summary"><span aria-hidden="true" class="sheaf-accordion-chevron">${CHEVRON}</span><span class="sheaf-accordion-heading"><span class="sheaf-accordion-title">${TITLE_HTML}</span><span class="sheaf-accordion-description"><em>more</em></span></span></summary><div class="sheaf-accordion-body">Body</div></details>`,
    );
  });

  it('Step: JSX title in its anchor, id from its text', () => {
    expect(renderHtml(h(c['Steps'], null, h(c['Step'], { title: title() }, 'Do')))).toBe(
      `<ol class="sheaf-steps steps"><li id="run-npx-sheaf" value="1" class="sheaf-step step"><span aria-hidden="true" class="sheaf-step-marker">1</span><div class="sheaf-step-content"><p data-size="p" class="sheaf-step-title"><a href="#run-npx-sheaf" class="sheaf-step-anchor">${TITLE_HTML}</a></p><div class="sheaf-step-body">Do</div></div></li></ol>`,
    );
  });

  it('Tile: JSX title and description', () => {
    expect(renderHtml(h(c['Tile'], { title: title(), description: h('em', null, 'd'), href: '/t' }))).toBe(
      `<a href="/t" class="sheaf-tile tile"><div class="sheaf-tile-title">${TITLE_HTML}</div><div class="sheaf-tile-description"><em>d</em></div></a>`,
    );
  });

  it('Tab: a JSX title in the bar and the panel heading; data-tab-title holds its text', () => {
    expect(renderHtml(h(c['Tabs'], null, [h(c['Tab'], { title: title() }, 'A'), h(c['Tab'], { title: 'Plain' }, 'B')]))).toBe(
      `<div data-tabs data-sync data-default-tab="0" class="sheaf-tabs tabs"><div hidden class="sheaf-tabs-bar"><div role="tablist" class="sheaf-tabs-list"><button type="button" role="tab" data-tab-title="Run npx sheaf" aria-selected="true" tabindex="0" class="sheaf-tabs-tab"><span>${TITLE_HTML}</span></button><button type="button" role="tab" data-tab-title="Plain" aria-selected="false" tabindex="-1" class="sheaf-tabs-tab"><span>Plain</span></button></div></div><div data-tab-title="Run npx sheaf" class="sheaf-tab"><div class="sheaf-tab-title"><span>${TITLE_HTML}</span></div>A</div><div data-tab-title="Plain" class="sheaf-tab"><div class="sheaf-tab-title"><span>Plain</span></div>B</div></div>`,
    );
  });

  it('Expandable, Update, Tooltip, Frame: JSX title, description, tip/headline, caption/hint', () => {
    expect(renderHtml(h(c['Expandable'], { title: title() }, 'x'))).toContain(`<span class="sheaf-expandable-title">${TITLE_HTML}</span>`);
    expect(renderHtml(h(c['Update'], { label: 'v1', description: title() }, 'x'))).toBe(
      `<div id="v1" class="sheaf-update update"><div class="sheaf-update-meta"><a href="#v1" class="sheaf-update-label">v1</a><p class="sheaf-update-description">${TITLE_HTML}</p></div><div class="sheaf-update-body">x</div></div>`,
    );
    expect(renderHtml(h(c['Tooltip'], { tip: title(), headline: h('b', null, 'H') }, 'term'))).toBe(
      `<span tabindex="0" class="sheaf-tooltip tooltip"><span class="sheaf-tooltip-trigger">term</span><span role="tooltip" class="sheaf-tooltip-bubble"><span class="sheaf-tooltip-headline"><b>H</b></span><span class="sheaf-tooltip-tip">${TITLE_HTML}</span></span></span>`,
    );
    const frame = renderHtml(h(c['Frame'], { caption: title(), hint: h('em', null, 'hint') }, h('img', { src: 'a.png' })));
    expect(frame).toContain(`<figcaption class="sheaf-frame-caption">${TITLE_HTML}</figcaption>`);
    expect(frame).toContain('<span><em>hint</em></span></p>');
    // A string caption is still read as inline Markdown.
    expect(renderHtml(h(c['Frame'], { caption: 'A *b*' }, 'x'))).toContain('<figcaption class="sheaf-frame-caption">A <em>b</em></figcaption>');
  });
});
