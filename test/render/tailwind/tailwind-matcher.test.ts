import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contentClassNames, createTailwindMatcher, generateTailwindCss, SHEAF_CLASSES } from '../../../src/render/tailwind/index.js';

const COLORS = { primary: '#166E3F' };

describe('createTailwindMatcher: does a page link the Tailwind stylesheet', () => {
  it('says yes for a page with a Tailwind class, with variants, theme colours or arbitrary values', async () => {
    const matcher = createTailwindMatcher(COLORS);
    expect(await matcher.usesTailwind(['uo-card', 'mx-auto'])).toBe(true);
    expect(await matcher.usesTailwind(['hover:border-primary/60'])).toBe(true);
    expect(await matcher.usesTailwind(['group-hover:text-primary'])).toBe(true);
    expect(await matcher.usesTailwind(['dark:text-gray-50'])).toBe(true);
    expect(await matcher.usesTailwind(['min-w-[4rem]'])).toBe(true);
    expect(await matcher.usesTailwind(['prose'])).toBe(true);
    // Generates nothing of its own, but the stylesheet carries its preflight.
    expect(await matcher.usesTailwind(['not-prose'])).toBe(true);
  });

  it('says no for Sheaf\'s own classes, a project\'s own classes, refused names and no classes', async () => {
    const matcher = createTailwindMatcher(COLORS);
    expect(await matcher.usesTailwind([])).toBe(false);
    expect(await matcher.usesTailwind(['heading-anchor', 'shiki', 'line'])).toBe(false);
    expect(await matcher.usesTailwind(['uo-card', 'compatibility-table', 'text-brand'])).toBe(false);
    expect(await matcher.usesTailwind([`p-${'1'.repeat(300)}`, 'p-4<x'])).toBe(false);
    // Remembered: the same answers again.
    expect(await matcher.usesTailwind(['uo-card'])).toBe(false);
    expect(await matcher.usesTailwind(['uo-card', 'flex'])).toBe(true);
  });

  it('answers for Sheaf\'s own class names as Tailwind would: none of them is a Tailwind class', () => {
    const require = createRequire(import.meta.url);
    const { createContext } = require('tailwindcss/lib/lib/setupContextUtils.js') as { createContext: (c: unknown) => { getClassOrder: (n: string[]) => [string, bigint | null][] } };
    const resolveConfig = require('tailwindcss/resolveConfig.js') as (c: unknown) => unknown;
    const context = createContext(resolveConfig({ content: [], corePlugins: { preflight: false } }));
    const names = [...SHEAF_CLASSES];
    expect(names.length).toBe(40);
    expect(context.getClassOrder(names)).toEqual(names.map((n) => [n, null]));
  });
});

describe('contentClassNames', () => {
  it('unions the body and aside trees, sorted, with Sheaf\'s sheaf-* classes left out', () => {
    const el = (className: string[]) => ({ type: 'element' as const, tagName: 'div', properties: { className }, children: [] });
    expect(contentClassNames([{ type: 'root', children: [el(['sheaf-card', 'p-4']), el(['heading-anchor'])] }, { type: 'root', children: [el(['flex', 'p-4', 'sheaf-aside'])] }])).toEqual([
      'flex',
      'heading-anchor',
      'p-4',
    ]);
    expect(contentClassNames([{ type: 'root', children: [el(['sheaf-card'])] }])).toEqual([]);
  });
});

describe('not-prose in the generated stylesheet', () => {
  const W = ':where(.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline)';
  it('adds the preflight defaults for .not-prose subtrees, at zero specificity, after the base rules and before the utilities', async () => {
    const lines = (await generateTailwindCss({ classes: ['not-prose', 'flex'], colors: COLORS })).css.trimEnd().split('\n');
    const first = lines.findIndex((l) => l.includes('.not-prose'));
    expect(lines.slice(first, first + 8)).toEqual([
      `${W} :where(.not-prose,.not-prose *):where(h1,h2,h3,h4,h5,h6){font-size:inherit;font-weight:inherit}`,
      `${W} :where(.not-prose,.not-prose *):where(blockquote,dl,dd,h1,h2,h3,h4,h5,h6,hr,figure,p){margin:0}`,
      `${W} :where(.not-prose,.not-prose *):where(a){color:inherit;text-decoration:inherit}`,
      `${W} :where(.not-prose,.not-prose *):where(b,strong){font-weight:bolder}`,
      `${W} :where(.not-prose,.not-prose *):where(ol,ul,menu){list-style:none;margin:0;padding:0}`,
      `${W} :where(.not-prose,.not-prose *):where(img,svg,video,canvas,audio,iframe,embed,object){display:block;vertical-align:middle}`,
      `${W} :where(.not-prose,.not-prose *):where(img,video){max-width:100%;height:auto}`,
      `${W} :where(.not-prose,.not-prose *):where(hr){height:0;color:inherit;border-top-width:1px}`,
    ]);
    expect(lines.slice(0, first).every((l) => l.startsWith(':where('))).toBe(true);
    expect(lines.slice(first + 8)).toEqual([':is(.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline) .flex{display:flex}']);
  });

  it('gives a stylesheet for not-prose alone, and none without it when no class is Tailwind\'s', async () => {
    expect((await generateTailwindCss({ classes: ['not-prose'], colors: COLORS })).css.split('\n').filter((l) => l.includes('.not-prose'))).toHaveLength(8);
    expect((await generateTailwindCss({ classes: ['uo-card'], colors: COLORS })).css).toBe('');
  });
});
