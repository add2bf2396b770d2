import { createHash } from 'node:crypto';
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { createCssVariablesTheme, createHighlighterCore, type LanguageRegistration, type ShikiTransformer, type ThemeInput } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';
import { bundledThemes } from 'shiki/themes';
import type { LanguageHighlighter, MdxCache } from '../mdx-cache.js';

/**
 * Limits of highlighting (what passes them is shown as plain text, in shiki's plain styling).
 * TextMate grammars cost superlinear time on long lines: 2,000 lines of up to 4,000 characters
 * ran past a minute; with lines over 1,000 characters left plain, 0.6 s (measured). A block over
 * 500,000 characters is not highlighted at all.
 */
const MAX_LINE_CHARS = 1_000;
const MAX_HIGHLIGHT_CHARS = 500_000;

/**
 * Wall time one line may take to tokenize, in milliseconds: 10 s, a safety net against a grammar's
 * runaway expression on a hostile line, never reached by real code. shiki's default (500 ms) made
 * builds differ: a block's first lines compile the grammar's regular expressions, and in a busy
 * worker that passed 500 ms, so tokenizing stopped part-way for one theme and not the other (the
 * light and dark colours of a tsx block's first lines out of step, `);` coloured differently
 * between two builds of the same code). The size limits above bound the time of real code.
 */
const TOKENIZE_TIME_LIMIT_MS = 10_000;

const PLAIN = 'text';

/** A theme of `styling.codeblocks` as shiki loads it: bundled, or `css-variables` (made, not bundled). */
function themeInput(name: string): ThemeInput {
  if (name === 'css-variables') return createCssVariablesTheme();
  return Object.hasOwn(bundledThemes, name) ? bundledThemes[name as keyof typeof bundledThemes]() : bundledThemes['github-light']();
}

/**
 * `style` with a dark twin of each colour (`--shiki-dark`, `--shiki-dark-bg`): one theme for both
 * modes is tokenized once and written as a light/dark pair would be, so the site's dark-mode
 * rule (`html.dark .shiki span { color: var(--shiki-dark) }`) holds for every block.
 */
export function withSameDark(style: string): string {
  return style
    .split(';')
    .flatMap((d) => {
      const m = /^\s*(background-color|color)\s*:(.+)$/.exec(d);
      return m ? [d, `${m[1] === 'color' ? '--shiki-dark' : '--shiki-dark-bg'}:${(m[2] as string).trim()}`] : [d];
    })
    .join(';');
}

const SAME_DARK: ShikiTransformer = {
  pre(node) {
    if (typeof node.properties['style'] === 'string') node.properties['style'] = withSameDark(node.properties['style']);
  },
  span(node) {
    if (typeof node.properties['style'] === 'string') node.properties['style'] = withSameDark(node.properties['style']);
  },
};

/** The custom language (`languages.custom`) a code fence's language names, by its id or an alias. */
function customLanguage(cache: MdxCache, lang: string) {
  return cache.settings.codeTheme.languages.find((l) => l.id === lang || l.aliases.includes(lang));
}

/**
 * The highlighter for `lang` and the language id to use (`text` when the language is unknown or
 * its grammar fails to load). Each language gets its own highlighter holding only that language's
 * grammars: shiki grammars inject into others (vue into HTML and Markdown, ts-tags into JS/TS) and
 * embed whichever languages happen to be loaded (Markdown fences), so a shared highlighter would
 * colour the same block differently depending on which pages a worker rendered first. Separate
 * highlighters make the output depend on (language, code) alone (so shiki's warning about many
 * instances is turned off: they are intended, one per language, shared by every page of a build).
 */
function highlighterFor(cache: MdxCache, lang: string): Promise<LanguageHighlighter> {
  let found = cache.highlighters.get(lang);
  if (!found) {
    const { light, dark } = cache.settings.codeTheme;
    const themes = light === dark ? [themeInput(light)] : [themeInput(light), themeInput(dark)];
    // Oniguruma (wasm), not the JS regex engine: on the corpus it is 1.5-2.5x faster (TypeScript
    // grammars especially) and it is the engine the grammars are written for. One for all.
    cache.engine ??= createOnigurumaEngine(import('shiki/wasm'));
    const engine = cache.engine;
    // A custom grammar (docs.json `languages.custom`) comes before a bundled one of the same name.
    const custom = customLanguage(cache, lang);
    const importer = custom
      ? async () => ({ default: [JSON.parse(custom.grammar) as LanguageRegistration] })
      : Object.hasOwn(bundledLanguages, lang)
        ? bundledLanguages[lang as keyof typeof bundledLanguages]
        : undefined;
    const id = custom ? custom.id : lang;
    const create = async (grammar: { default: LanguageRegistration[] } | undefined): Promise<LanguageHighlighter> => ({
      core: await createHighlighterCore({ themes, langs: grammar ? [grammar] : [], engine, warnings: false }),
      lang: grammar ? id : PLAIN,
    });
    found = (importer ? importer().then(create, () => create(undefined)) : create(undefined)).catch(() => create(undefined));
    cache.highlighters.set(lang, found);
  }
  return found;
}

/** The memo key of a block: a hash of its language and code. */
export function codeKey(lang: string, code: string): string {
  return createHash('sha1').update(lang).update('\0').update(code).digest('hex').slice(0, 20);
}

/**
 * Highlights `code` as `lang` (an unknown language, a grammar that fails, or code past the
 * limits above gives plain text) and stores the result in the cache under `codeKey(lang, code)`, which it returns.
 */
export async function highlightCode(cache: MdxCache, lang: string, code: string): Promise<string> {
  const key = codeKey(lang, code);
  if (cache.highlights.has(key)) return key;
  const { core, lang: id } = await highlighterFor(cache, code.length > MAX_HIGHLIGHT_CHARS ? PLAIN : lang);
  const { light, dark } = cache.settings.codeTheme;
  const limits = { tokenizeMaxLineLength: MAX_LINE_CHARS, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS };
  // One theme is tokenized once (SAME_DARK writes its colours for both modes); a pair, once per theme.
  const tokenize = (language: string) =>
    light === dark
      ? core.codeToHast(code, { lang: language, theme: light, transformers: [SAME_DARK], ...limits })
      : core.codeToHast(code, { lang: language, themes: { light, dark }, defaultColor: 'light', ...limits });
  let root;
  try {
    root = tokenize(id);
  } catch {
    root = tokenize(PLAIN);
  }
  const pre = root.children[0] as Element | undefined;
  const codeElement = pre?.children[0] as Element | undefined;
  const style = typeof pre?.properties['style'] === 'string' ? pre.properties['style'] : '';
  const lines = (codeElement?.children ?? []).flatMap((line) => (line.type === 'element' ? [toHtml(line.children)] : []));
  cache.highlights.set(key, { style, lines });
  return key;
}
