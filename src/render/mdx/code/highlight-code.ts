import { createHash } from 'node:crypto';
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';
import { bundledThemes } from 'shiki/themes';
import type { MdxCache } from '../mdx-cache.js';

/** Light and dark themes in one output: light colours inline, dark ones in `--shiki-dark`. */
const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
const PLAIN = 'text';

function highlighter(cache: MdxCache): Promise<HighlighterCore> {
  cache.highlighter ??= createHighlighterCore({
    themes: [bundledThemes[THEMES.light](), bundledThemes[THEMES.dark]()],
    langs: [],
    // Oniguruma (wasm), not the JS regex engine: on the corpus it is 1.5-2.5x faster (TypeScript
    // grammars especially) and it is the engine the grammars are written for.
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
  return cache.highlighter;
}

/** Loads the grammar of `lang` once per cache; resolves to the language id to use (`text` if unknown). */
function loadLanguage(cache: MdxCache, core: HighlighterCore, lang: string): Promise<string> {
  let loaded = cache.languages.get(lang);
  if (!loaded) {
    const importer = Object.hasOwn(bundledLanguages, lang) ? bundledLanguages[lang as keyof typeof bundledLanguages] : undefined;
    loaded = importer
      ? importer().then(
          (grammar) => core.loadLanguage(grammar).then(() => lang),
          () => PLAIN,
        )
      : Promise.resolve(PLAIN);
    cache.languages.set(lang, loaded);
  }
  return loaded;
}

/** The memo key of a block: a hash of its language and code. */
export function codeKey(lang: string, code: string): string {
  return createHash('sha1').update(lang).update('\0').update(code).digest('hex').slice(0, 20);
}

/**
 * Highlights `code` as `lang` (an unknown language, or a grammar that fails, gives plain text)
 * and stores the result in the cache under `codeKey(lang, code)`, which it returns.
 */
export async function highlightCode(cache: MdxCache, lang: string, code: string): Promise<string> {
  const key = codeKey(lang, code);
  if (cache.highlights.has(key)) return key;
  const core = await highlighter(cache);
  const id = await loadLanguage(cache, core, lang);
  const tokenize = (language: string) => core.codeToHast(code, { lang: language, themes: THEMES, defaultColor: 'light' });
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
