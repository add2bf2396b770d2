import type { Diagnostic } from './diagnostic.js';

/** A heading of a rendered page, for the table of contents and search anchors. */
export interface Heading {
  /** 2 for `##`, 3 for `###`, 4 for `####`. */
  readonly depth: number;
  readonly text: string;
  /** The `id` of the heading element (slug, unique within the page). */
  readonly id: string;
}

/** One searchable section of a page: the text under one heading (or before the first one). */
export interface PageSection {
  /** Heading id, or `''` for the text before the first heading. */
  readonly anchor: string;
  /** Heading text, or `''` for the text before the first heading. */
  readonly heading: string;
  /** Plain text of the section, whitespace collapsed. */
  readonly text: string;
}

/**
 * The body of one page, rendered without layout. Links inside `html` are as the author wrote
 * them (`/quickstart`, `#anchor`, `https://…`); emit makes site-absolute ones relative.
 */
export interface RenderedBody {
  /** HTML of the article content. */
  readonly html: string;
  /** HTML for the right-hand panel (RequestExample, ResponseExample, Panel), if any. */
  readonly aside?: string;
  readonly headings: readonly Heading[];
  readonly sections: readonly PageSection[];
  /** A Markdown copy of the page (for `route.md`, llms-full.txt and agents). */
  readonly markdown: string;
  /**
   * API pages: the part of the OpenAPI or AsyncAPI document the page documents, as a Markdown
   * section (render/spec-excerpt.ts), for the end of the `route.md` copy only (docs.json
   * `markdown.schema`); not in llms-full.txt, which would repeat shared schemas page after page.
   */
  readonly specification?: string;
  /** Client features the page needs, so only those scripts load: e.g. `mermaid`, `math`. */
  readonly features: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  /**
   * The class names on the elements of `html` and `aside` (Sheaf's own `sheaf-*` left out), each
   * once, sorted by code unit: the candidates of the site's Tailwind stylesheet
   * (render/tailwind/). Absent when there are none.
   */
  readonly classes?: readonly string[];
  /**
   * The page's `<ParamField>`s as written, for a page with `api:` frontmatter only (its endpoint
   * and playground are built from them); absent on other pages.
   */
  readonly paramFields?: readonly MdxParamField[];
}

/**
 * One `<ParamField>` of an MDX page (its props as plain JSON values), with the fields nested in it
 * (`<ParamField>`/`<ResponseField>` inside, usually through `<Expandable>`) as `children`.
 */
export interface MdxParamField {
  /** The location prop that names it; absent for a nested field named by `name`. */
  readonly in?: 'path' | 'query' | 'header' | 'body';
  readonly name: string;
  /** `type` as written (`string`, `integer`, `string[]`, `User object`…). */
  readonly type?: string;
  readonly required: boolean;
  readonly deprecated: boolean;
  /** `default` as written: a string, or the value of a literal expression (`{5}`, `{true}`). */
  readonly default?: unknown;
  readonly placeholder?: string;
  /** Plain text of its own content (nested fields left out), whitespace collapsed. */
  readonly description?: string;
  readonly children: readonly MdxParamField[];
}

/** A record of the static search index; the assistant endpoint retrieves from the same records. */
export interface SearchRecord {
  /** `route#anchor` (or the route alone for the top section): unique. */
  readonly id: string;
  readonly route: string;
  readonly anchor: string;
  /** Page title. */
  readonly title: string;
  /** Section heading (empty for the top of the page). */
  readonly section: string;
  readonly text: string;
  readonly version?: string;
  readonly language?: string;
  /** The page's `tag` (frontmatter, or an operation's `x-mint.metadata`): the search API's `filter.tag`. */
  readonly tag?: string;
}

/**
 * The Markdown copy of each searchable page (its `route.md` file), by route: what the service's
 * page endpoint answers. Written beside the search records by an export (`page-texts.json`).
 */
export type PageTexts = Readonly<Record<string, string>>;
