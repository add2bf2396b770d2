import type { HighlighterCore } from 'shiki/core';
import type { ComponentMap } from '../components/index.js';
import type { AdaptedComponents } from './compile/adapt-components.js';
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
export interface MdxCache {
  highlighter?: Promise<HighlighterCore>;
  readonly languages: Map<string, Promise<string>>;
  readonly highlights: Map<string, HighlightedCode>;
  readonly components: WeakMap<ComponentMap, AdaptedComponents>;
  /** Finished snippet modules by components map, then variables, then absolute path. */
  readonly snippets: WeakMap<ComponentMap, Map<string, Map<string, SnippetModule>>>;
  /** Snippet files of a project root (project-relative, sorted), for did-you-mean hints. */
  readonly snippetFiles: Map<string, Promise<readonly string[]>>;
  /** Snippet loading runs one import tree at a time, so two pages never wait on each other's cycle. */
  lock: Promise<void>;
}

export function createMdxCache(): MdxCache {
  return {
    languages: new Map(),
    highlights: new Map(),
    components: new WeakMap(),
    snippets: new WeakMap(),
    snippetFiles: new Map(),
    lock: Promise.resolve(),
  };
}
