import { describe, expect, it, vi } from 'vitest';
import { drilldownHref, startDrilldown } from '../../src/client/nav/drilldown.js';
import { readLayoutConfig } from '../../src/render/layout/layout-config.js';
import { renderDocument } from '../../src/render/layout/render-document.js';
import { config, inputFor } from '../render/layout/fixture.js';
import { extract } from '../render/layout/golden.js';
import { $, click, pages } from './page-window.js';

const page = pages();

/** The sidebar of the layout fixture's page /quickstart, rendered with docs.json `interaction.drilldown` as given. */
const sidebar = (drilldown: boolean | undefined): string =>
  extract(renderDocument(inputFor('/quickstart', { config: { ...config, ...(drilldown === undefined ? {} : { interaction: { drilldown } }) } })), '<aside class="sheaf-sidebar"');

/** A page at /quickstart/ holding that sidebar, with drilldown started and navigation recorded. */
function site(drilldown: boolean | undefined) {
  const win = page({ url: 'https://docs.example.com/quickstart/', body: sidebar(drilldown) });
  const assign = vi.fn();
  Object.defineProperty(win, 'location', { value: { ...win.location, assign, href: 'https://docs.example.com/quickstart/' }, configurable: true });
  startDrilldown(win);
  return { win, assign };
}
const summary = (win: ReturnType<typeof page>, title: string): HTMLElement => {
  const found = [...win.document.querySelectorAll<HTMLElement>('#sidebar details > summary')].find((s) => s.textContent?.includes(title));
  if (!found) throw new Error(`no group ${title}`);
  return found;
};

describe('interaction.drilldown', () => {
  it('is read as a boolean, off unless docs.json says true (the mint layout’s default)', () => {
    expect(readLayoutConfig(config).drilldown).toBe(false);
    expect(readLayoutConfig({ ...config, interaction: { drilldown: true } }).drilldown).toBe(true);
    expect(readLayoutConfig({ ...config, interaction: { drilldown: false } }).drilldown).toBe(false);
  });

  it('marks the sidebar’s page tree only when true', () => {
    expect(sidebar(true)).toContain('<nav aria-label="Pages" data-sheaf-drilldown class="sheaf-nav">');
    for (const value of [false, undefined]) expect(sidebar(value)).toContain('<nav aria-label="Pages" class="sheaf-nav">');
  });

  it('true: clicking a closed group goes to its first page, and the group opens', () => {
    const { win, assign } = site(true);
    const deployment = summary(win, 'Deployment');
    click(win, deployment);
    expect(assign.mock.calls).toEqual([['https://docs.example.com/advanced/deploy/docker/']]);
    expect((deployment.parentElement as HTMLDetailsElement).open).toBe(true);
  });

  it('true: a group with a root page goes to the root (its link comes first); an open group only closes', () => {
    const { win, assign } = site(true);
    const plugins = summary(win, 'Plugins');
    // Plugins is open (expanded: true): clicking it closes it and goes nowhere.
    expect((plugins.parentElement as HTMLDetailsElement).open).toBe(true);
    click(win, plugins.querySelector('.sheaf-nav-chevron') as Element);
    expect(assign).not.toHaveBeenCalled();
    // Closed now: a click beside its title goes to the root page.
    (plugins.parentElement as HTMLDetailsElement).open = false;
    click(win, plugins.querySelector('.sheaf-nav-chevron') as Element);
    expect(assign.mock.calls).toEqual([['https://docs.example.com/advanced/plugins/']]);
    click(win, summary(win, 'Internals'));
    expect(assign.mock.calls[1]).toEqual(['https://docs.example.com/advanced/internals/']);
  });

  it('true: leaves link clicks, modified clicks and other buttons to the browser', () => {
    const { win, assign } = site(true);
    const deployment = summary(win, 'Deployment');
    click(win, deployment, { ctrlKey: true });
    click(win, deployment, { button: 1 });
    click(win, $(win, '#sidebar a.sheaf-nav-link'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('false or unset: groups only open and close', () => {
    for (const value of [false, undefined]) {
      const { win, assign } = site(value);
      const deployment = summary(win, 'Deployment');
      click(win, deployment);
      expect(assign, String(value)).not.toHaveBeenCalled();
      expect(drilldownHref(deployment)).toBeUndefined();
    }
  });

  it('finds nothing outside a drilldown sidebar or for a group without a link', () => {
    const win = page({ body: '<nav data-sheaf-drilldown><details><summary id="s">Empty</summary></details></nav><details><summary id="t">Other</summary><a href="x/">x</a></details>' });
    expect(drilldownHref($(win, '#s'))).toBeUndefined();
    expect(drilldownHref($(win, '#t'))).toBeUndefined();
    expect(drilldownHref(null)).toBeUndefined();
  });
});
