import type { HighlighterCore, RegexEngine } from 'shiki/core';
import { DEFAULT_CODE_THEMES } from '../../config/code-blocks-setting.js';
import type { CustomLanguage } from '../../model/custom-language.js';
import type { ComponentMap } from '../components/index.js';
import type { AdaptedComponents } from './compile/adapt-components.js';
import { createExpressionSink, type ExpressionSink } from './compile/expression-guard.js';
import type { SnippetModule } from './snippets/snippet-module.js';

/** Highlighted code, stored once per (language, code) and never mutated. */
export interface HighlightedCode {
  /** The `style` of shiki's `<pre>` (light colours inline, dark ones as `--shiki-dark*`). */
  readonly style: string;
  /** The HTML inside each `<span class="line">`, one entry per line. */
  readonly lines: readonly string[];
}

/**
 * What one build shares between the pages it renders: the shiki highlighter and the highlighted
 * blocks, compiled snippets, the snippet file list. Create one with `createMdxCache()` per build
 * and pass it to every `renderMdx` call; treat it as opaque. Snippets are kept per components
 * map and variables, so a cache is also correct if those change.
 */
/** A shiki highlighter holding one language's grammars, and the id to highlight with. */
export interface LanguageHighlighter {
  readonly core: HighlighterCore;
  /** The language, or `text` when it is unknown or its grammar failed to load. */
  readonly lang: string;
}

/**
 * The code themes and languages of a build (docs.json `styling.codeblocks`, see
 * render/code-theme): plain data, so it can cross to worker threads.
 */
export interface MdxCodeTheme {
  /** Shiki theme of light mode: a bundled theme's name or `css-variables` (checked by `resolveCodeTheme`). */
  readonly light: string;
  /** Shiki theme of dark mode; the same name as `light` for one theme. */
  readonly dark: string;
  /** Custom TextMate grammars (`languages.custom`), as the load stage read them. */
  readonly languages: readonly CustomLanguage[];
  /** Stands for the three above in cache keys (`''` for the default). */
  readonly key: string;
}

/** What the site's settings change in every MDX body: the code themes, and docs.json `styling.latex`. */
export interface MdxSiteSettings {
  readonly codeTheme: MdxCodeTheme;
  /** `true`: math is always parsed; `false`: never (no KaTeX); absent: parsed when the page holds a `$`. */
  readonly latex?: boolean;
}

/** The settings of a site without `styling.codeblocks` or `styling.latex`. */
export const DEFAULT_MDX_SETTINGS: MdxSiteSettings = { codeTheme: { ...DEFAULT_CODE_THEMES, languages: [], key: '' } };

export interface MdxCache {
  /** The site settings every page rendered with this cache follows (its highlights and snippets depend on them). */
  readonly settings: MdxSiteSettings;
  /** The regex engine the highlighters share. */
  engine?: Promise<RegexEngine>;
  /** One highlighter per language as written in the code block (see `highlightCode`). */
  readonly highlighters: Map<string, Promise<LanguageHighlighter>>;
  readonly highlights: Map<string, HighlightedCode>;
  readonly components: WeakMap<ComponentMap, AdaptedComponents>;
  /** Finished snippet modules by components map, then variables, then absolute path. */
  readonly snippets: WeakMap<ComponentMap, Map<string, Map<string, SnippetModule>>>;
  /** Snippet files of a project root (project-relative, sorted), for did-you-mean hints. */
  readonly snippetFiles: Map<string, Promise<readonly string[]>>;
  /** Snippet loading runs one import tree at a time, so two pages never wait on each other's cycle. */
  lock: Promise<void>;
  /** Where the guarded expressions of its modules report while a page renders (see expression-guard.ts). */
  readonly expressions: ExpressionSink;
}

export function createMdxCache(settings: MdxSiteSettings = DEFAULT_MDX_SETTINGS): MdxCache {
  return {
    settings,
    highlighters: new Map(),
    highlights: new Map(),
    components: new WeakMap(),
    snippets: new WeakMap(),
    snippetFiles: new Map(),
    lock: Promise.resolve(),
    expressions: createExpressionSink(),
  };
}
