import postcss, { type AtRule } from 'postcss';
import { describe, expect, it, vi } from 'vitest';
import { generateTailwindCss, MAX_CLASS_LENGTH, MAX_CLASSES, TAILWIND_SCOPE } from '../../../src/render/tailwind/index.js';

/** The default scope as it prefixes utilities, and as it prefixes base rules (zero specificity). */
const S = ':is(.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline)';
const W = ':where(.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline)';

/** mintlify__docs' docs.json colours. */
const COLORS = { primary: '#166E3F', light: '#26BD6C', dark: '#166E3F' };

/** Class strings as real Mintlify home pages write them (langgenius__dify-docs, mem0ai__mem0, mintlify__docs). */
const HERO = 'mx-auto flex max-w-5xl flex-col gap-14 px-4 py-12 text-gray-900 dark:text-gray-50';
const CARD =
  'group flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 dark:border-zinc-800/40 bg-white dark:bg-zinc-900/40 transition hover:border-primary/60 hover:bg-gray-50 dark:hover:bg-zinc-900';
const CARD_TITLE = 'text-base font-semibold text-gray-900 dark:text-zinc-100 group-hover:text-primary';
const BUTTON = 'text-sm font-medium text-white dark:!text-zinc-950 bg-zinc-900 hover:bg-zinc-700 dark:bg-zinc-100 hover:dark:bg-zinc-300 rounded-full px-3.5 py-1.5 not-prose';
const IMAGES = 'block dark:hidden hidden dark:block aspect-[2/1] w-full object-cover min-w-[4rem] sm:grid-cols-2 lg:py-48';

function classes(...strings: string[]): string[] {
  return strings.flatMap((s) => s.split(' '));
}

async function cssFor(list: Iterable<string>, colors: Parameters<typeof generateTailwindCss>[0]['colors'] = COLORS): Promise<string> {
  return (await generateTailwindCss({ classes: list, colors })).css;
}

function lines(css: string): string[] {
  return css.split('\n');
}

describe('generateTailwindCss: the classes real home pages use', () => {
  it('generates layout utilities with Tailwind v3 values, scoped to page bodies', async () => {
    const css = lines(await cssFor(classes(HERO)));
    expect(css).toContain(`${S} .mx-auto{margin-left:auto;margin-right:auto}`);
    expect(css).toContain(`${S} .flex{display:flex}`);
    expect(css).toContain(`${S} .max-w-5xl{max-width:64rem}`);
    expect(css).toContain(`${S} .flex-col{flex-direction:column}`);
    expect(css).toContain(`${S} .gap-14{gap:3.5rem}`);
    expect(css).toContain(`${S} .px-4{padding-left:1rem;padding-right:1rem}`);
    expect(css).toContain(`${S} .py-12{padding-top:3rem;padding-bottom:3rem}`);
    expect(css).toContain(`${S} .text-gray-900{--tw-text-opacity:1;color:rgb(17 24 39 / var(--tw-text-opacity, 1))}`);
  });

  it('binds dark: to the class Sheaf puts on <html> (one class above the light twin)', async () => {
    const css = lines(await cssFor(classes(HERO, IMAGES)));
    expect(css).toContain(`${S} .dark\\:text-gray-50:is(.dark *){--tw-text-opacity:1;color:rgb(249 250 251 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(`${S} .dark\\:hidden:is(.dark *){display:none}`);
    expect(css).toContain(`${S} .dark\\:block:is(.dark *){display:block}`);
    expect(css).toContain(`${S} .hidden{display:none}`);
    // No media-query dark mode: the reader's choice in Sheaf's toggle decides, not the system's alone.
    expect(css.join('\n')).not.toContain('prefers-color-scheme');
  });

  it('gives the docs.json colours Mintlify\'s names, with opacity modifiers and variants', async () => {
    const css = lines(
      await cssFor(
        classes(CARD, CARD_TITLE, 'text-primary bg-primary-light/20 border-primary-dark text-primary-light dark:text-primary-light bg-background-light dark:bg-background-dark/90'),
        { ...COLORS, background: { light: '#fafafa', dark: '#09090b' } },
      ),
    );
    expect(css).toContain(`${S} .text-primary{--tw-text-opacity:1;color:rgb(22 110 63 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(`${S} .text-primary-light{--tw-text-opacity:1;color:rgb(38 189 108 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(`${S} .border-primary-dark{--tw-border-opacity:1;border-color:rgb(22 110 63 / var(--tw-border-opacity, 1))}`);
    expect(css).toContain(`${S} .bg-primary-light\\/20{background-color:rgb(38 189 108 / 0.2)}`);
    expect(css).toContain(`${S} .bg-background-light{--tw-bg-opacity:1;background-color:rgb(250 250 250 / var(--tw-bg-opacity, 1))}`);
    expect(css).toContain(`${S} .dark\\:bg-background-dark\\/90:is(.dark *){background-color:rgb(9 9 11 / 0.9)}`);
    expect(css).toContain(`${S} .hover\\:border-primary\\/60:hover{border-color:rgb(22 110 63 / 0.6)}`);
    expect(css).toContain(`${S} .group:hover .group-hover\\:text-primary{--tw-text-opacity:1;color:rgb(22 110 63 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(`${S} .dark\\:text-primary-light:is(.dark *){--tw-text-opacity:1;color:rgb(38 189 108 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(`${S} .dark\\:border-zinc-800\\/40:is(.dark *){border-color:rgb(39 39 42 / 0.4)}`);
    expect(css).toContain(`${S} .dark\\:hover\\:bg-zinc-900:hover:is(.dark *){--tw-bg-opacity:1;background-color:rgb(24 24 27 / var(--tw-bg-opacity, 1))}`);
  });

  it('falls back to Sheaf\'s colours where docs.json gives none, or gives something that is not a hex colour', async () => {
    const css = lines(
      await cssFor(classes('text-primary text-primary-light text-primary-dark bg-background-light bg-background-dark'), { primary: 'red;}body{display:none', light: '#abc' }),
    );
    expect(css).toContain(`${S} .text-primary{--tw-text-opacity:1;color:rgb(13 147 115 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(`${S} .text-primary-light{--tw-text-opacity:1;color:rgb(170 187 204 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(`${S} .text-primary-dark{--tw-text-opacity:1;color:rgb(13 147 115 / var(--tw-text-opacity, 1))}`);
    expect(css).toContain(`${S} .bg-background-light{--tw-bg-opacity:1;background-color:rgb(255 255 255 / var(--tw-bg-opacity, 1))}`);
    expect(css).toContain(`${S} .bg-background-dark{--tw-bg-opacity:1;background-color:rgb(12 13 15 / var(--tw-bg-opacity, 1))}`);
    expect(css.join('\n')).not.toContain('display:none');
  });

  it('keeps the important modifier, stacked variants, arbitrary values and responsive prefixes', async () => {
    const css = lines(await cssFor(classes(BUTTON, IMAGES)));
    expect(css).toContain(`${S} .dark\\:\\!text-zinc-950:is(.dark *){--tw-text-opacity:1 !important;color:rgb(9 9 11 / var(--tw-text-opacity, 1)) !important}`);
    expect(css).toContain(`${S} .hover\\:dark\\:bg-zinc-300:is(.dark *):hover{--tw-bg-opacity:1;background-color:rgb(212 212 216 / var(--tw-bg-opacity, 1))}`);
    expect(css).toContain(`${S} .aspect-\\[2\\/1\\]{aspect-ratio:2/1}`);
    expect(css).toContain(`${S} .min-w-\\[4rem\\]{min-width:4rem}`);
    expect(css).toContain(`@media (min-width: 640px){${S} .sm\\:grid-cols-2{grid-template-columns:repeat(2, minmax(0, 1fr))}}`);
    expect(css).toContain(`@media (min-width: 1024px){${S} .lg\\:py-48{padding-top:12rem;padding-bottom:12rem}}`);
  });
});

describe('generateTailwindCss: borders draw inside page bodies, nothing reaches outside them', () => {
  it('supplies the preflight defaults border utilities need, at zero specificity, inside the scope only', async () => {
    const css = lines(await cssFor(['border', 'border-t', 'divide-y', 'before:block']));
    expect(css).toContain(`${W} *, ${W} ::before, ${W} ::after{box-sizing:border-box;border-width:0;border-style:solid;border-color:#e5e7eb}`);
    expect(css).toContain(`${W} ::before, ${W} ::after{--tw-content:''}`);
    // Tailwind's own defaults for transforms, rings and shadows, on the same elements.
    expect(css.filter((l) => l.includes('--tw-ring-offset-width:0px')).map((l) => l.slice(0, l.indexOf('{')))).toEqual([
      `${W} *, ${W} ::before, ${W} ::after`,
      `${W} ::backdrop`,
    ]);
    expect(css).toContain(`${S} .border{border-width:1px}`);
    expect(css).toContain(`${S} .border-t{border-top-width:1px}`);
    expect(css).toContain(
      `${S} .divide-y > :not([hidden]) ~ :not([hidden]){--tw-divide-y-reverse:0;border-top-width:calc(1px * calc(1 - var(--tw-divide-y-reverse)));border-bottom-width:calc(1px * var(--tw-divide-y-reverse))}`,
    );
    expect(css).toContain(`${S} .before\\:block::before{content:var(--tw-content);display:block}`);
  });

  it('prefixes every selector with the scope (rules inside at-rules too), and leaves keyframe steps alone', async () => {
    const css = await cssFor(classes(HERO, CARD, CARD_TITLE, BUTTON, IMAGES, 'prose prose-gray dark:prose-invert animate-spin shadow-lg ring-2'));
    const root = postcss.parse(css);
    let selectors = 0;
    let keyframeSteps = 0;
    root.walkRules((rule) => {
      const parent = rule.parent;
      if (parent?.type === 'atrule' && (parent as AtRule).name === 'keyframes') {
        keyframeSteps += 1;
        expect(rule.selector).toBe('to');
        return;
      }
      for (const selector of rule.selectors) {
        selectors += 1;
        expect(selector.startsWith(`${S} `) || selector.startsWith(`${W} `), selector).toBe(true);
      }
    });
    expect(keyframeSteps).toBe(1);
    expect(selectors).toBeGreaterThan(100);
    expect(css).toContain('@keyframes spin{to{transform:rotate(360deg)}}');
    expect(css).toContain(`${S} .animate-spin{animation:spin 1s linear infinite}`);
  });

  it('scopes to the selector given (a list is wrapped in :is())', async () => {
    const one = lines((await generateTailwindCss({ classes: ['border'], colors: {}, scope: '#content' })).css).map((l) => l.slice(0, l.indexOf('{')));
    expect(one).toEqual([
      ':where(#content) *, :where(#content) ::before, :where(#content) ::after',
      ':where(#content) ::backdrop',
      ':where(#content) *, :where(#content) ::before, :where(#content) ::after',
      ':where(#content) ::before, :where(#content) ::after',
      '#content .border',
      '',
    ]);
    expect(TAILWIND_SCOPE).toBe('.sheaf-content, .sheaf-aside-column, .sheaf-aside-inline');
  });
});

describe('generateTailwindCss: prose as Mintlify uses it', () => {
  it('generates the typography plugin\'s prose, its colour themes, dark:prose-invert, and honours not-prose', async () => {
    const css = lines(await cssFor(classes('prose prose-gray prose-sm dark:prose-invert not-prose')));
    expect(css).toContain(`${S} .prose{color:var(--tw-prose-body);max-width:65ch}`);
    expect(css).toContain(
      `${S} .prose :where(p):not(:where([class~="not-prose"],[class~="not-prose"] *)){margin-top:1.25em;margin-bottom:1.25em}`,
    );
    expect(css.some((l) => l.startsWith(`${S} .prose-gray{--tw-prose-body:#374151;`))).toBe(true);
    expect(css.some((l) => l.startsWith(`${S} .prose-sm{font-size:0.875rem;line-height:1.7142857}`))).toBe(true);
    expect(css.some((l) => l.startsWith(`${S} .dark\\:prose-invert:is(.dark *){--tw-prose-body:var(--tw-prose-invert-body);`))).toBe(true);
  });
});

describe('generateTailwindCss: output', () => {
  it('is the same bytes for the same set of classes, whatever their order, duplicates or earlier runs', async () => {
    const list = classes(HERO, CARD, CARD_TITLE, BUTTON, IMAGES, 'prose dark:prose-invert');
    const first = await cssFor(list);
    const shuffled = [...list].reverse().concat(list.slice(0, 7));
    await cssFor(['p-2', 'text-red-500']);
    const again = await cssFor(shuffled);
    expect(again).toBe(first);
    expect(first.length).toBeGreaterThan(10_000);
  });

  it('is empty for no classes, and for classes that are not Tailwind classes', async () => {
    expect(await generateTailwindCss({ classes: [], colors: COLORS })).toEqual({ css: '', candidates: 0, refused: [], warnings: [] });
    expect(await generateTailwindCss({ classes: ['sheaf-card', 'sheaf-content', 'my-callout', 'shiki'], colors: COLORS })).toEqual({
      css: '',
      candidates: 4,
      refused: [],
      warnings: [],
    });
  });

  it('refuses a class holding <, a control character or whitespace, or over the length cap; nothing can close a <style>', async () => {
    const hostile = "content-['</style><script>alert(1)</script>']";
    const long = `p-${'1'.repeat(MAX_CLASS_LENGTH)}`;
    const result = await generateTailwindCss({ classes: [hostile, long, 'a\u0000b', 'p-4 m-2', 'p-4'], colors: COLORS });
    expect(result.refused).toEqual(['a\u0000b', hostile, long, 'p-4 m-2']);
    expect(result.candidates).toBe(1);
    expect(lines(result.css)).toContain(`${S} .p-4{padding:1rem}`);
    expect(result.css).not.toContain('<');
  });

  it(`compiles at most ${MAX_CLASSES} distinct classes, the first in sorted order`, async () => {
    const many = Array.from({ length: MAX_CLASSES + 2 }, (_, i) => `c${String(i).padStart(6, '0')}`);
    const result = await generateTailwindCss({ classes: [...many, 'p-4'], colors: COLORS });
    expect(result.candidates).toBe(MAX_CLASSES);
    // 'p-4' sorts after every 'c…': it is past the cap, with the last two of them.
    expect(result.refused).toEqual([many[MAX_CLASSES], many[MAX_CLASSES + 1], 'p-4']);
    expect(result.css).toBe('');
  });

  it("returns Tailwind's warnings about classes as data and prints nothing", async () => {
    const warn = vi.spyOn(console, 'warn');
    const log = vi.spyOn(console, 'log');
    try {
      const result = await generateTailwindCss({ classes: ['w-[theme(nothing.here)]', 'flex'], colors: COLORS });
      expect(result.warnings).toEqual(['The utility `w-[theme(nothing.here)]` contains an invalid theme value and was not generated.']);
      expect(lines(result.css)).toContain(`${S} .flex{display:flex}`);
      const none = await generateTailwindCss({ classes: ['not-a-utility'], colors: COLORS });
      expect(none.warnings).toEqual([]);
      expect(warn).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it('keeps the warnings of two sites generated at once apart', async () => {
    const [a, b] = await Promise.all([
      generateTailwindCss({ classes: ['w-[theme(a.a)]'], colors: COLORS }),
      generateTailwindCss({ classes: ['h-[theme(b.b)]'], colors: COLORS }),
    ]);
    expect(a.warnings).toEqual(['The utility `w-[theme(a.a)]` contains an invalid theme value and was not generated.']);
    expect(b.warnings).toEqual(['The utility `h-[theme(b.b)]` contains an invalid theme value and was not generated.']);
  });
});
