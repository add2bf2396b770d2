import { trimChars, trimTrailing } from '../../text/linear-text.js';
import type { SiteInfo } from './site-reader.js';

/** The dialect of every tool's input schema (Mintlify's search MCP moved to 2020-12 too). */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The three tools' names for a site. */
export interface ToolNames {
  readonly search: string;
  readonly read: string;
  readonly feedback: string;
}

/** A tool as `tools/list` and the server cards describe it. */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
  readonly annotations: { readonly readOnlyHint: boolean; readonly destructiveHint: boolean; readonly idempotentHint: boolean; readonly openWorldHint: boolean };
}

/** Characters of the site's part of the tool names at most. */
const SLUG_CHARS = 24;

/** Search results at most per call, and by default. */
export const MAX_RESULTS = 20;
export const DEFAULT_RESULTS = 8;
/** Pages one read call returns at most. */
export const MAX_READ_PAGES = 10;
/** Characters of a feedback's problem at most. */
export const MAX_PROBLEM_CHARS = 2000;

/**
 * The site's part of its tools' names, as Mintlify names them (`search_mintlify`,
 * mintlify__docs `agent-context/context/skills/mintlify/SKILL.md`): the docs.json `name` in lower
 * case, each run of other characters than `a-z0-9` one `_`, at most 24 characters (clients
 * prefix tool names with their own server name, and many cap the whole at 64); `docs` when nothing
 * is left (a name in another script).
 */
export function siteSlug(name: string): string {
  const words = name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return trimTrailing(trimChars(words, '_').slice(0, SLUG_CHARS), '_') || 'docs';
}

/**
 * Names of the tools. Search is Mintlify's `search_<site>`. Mintlify's reader is now
 * `query_docs_filesystem_<site>`, which takes shell commands (`ls`, `cat`, `grep`); Sheaf's reader
 * takes page paths, as Mintlify's earlier `get_page` tool did (changelog, 2026-04-03), so it keeps
 * that name: `get_page_<site>`. Feedback is Mintlify's `submit_feedback` (optimize/feedback.mdx).
 */
export function toolNamesOf(name: string): ToolNames {
  const slug = siteSlug(name);
  return { search: `search_${slug}`, read: `get_page_${slug}`, feedback: 'submit_feedback' };
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** The tools of a site's search MCP server, with JSON Schema 2020-12 input schemas. */
export function toolDefinitions(info: SiteInfo): ToolDefinition[] {
  const names = toolNamesOf(info.name);
  const filter = (values: readonly string[], what: string, example: string) =>
    values.length > 1 ? { type: 'string', enum: [...values], description: `Only results of this ${what} (and pages every ${what} shares), e.g. '${example}'.` } : undefined;
  const version = filter(info.versions, 'version', info.versions[0] ?? '');
  const language = filter(info.languages, 'language', info.languages[0] ?? '');
  return [
    {
      name: names.search,
      title: `Search ${info.name}`,
      description: `Search the ${info.name} documentation. Returns the best-matching sections, each with its page title, section, path and a Markdown excerpt. Read a whole page with ${names.read}.`,
      inputSchema: {
        $schema: JSON_SCHEMA_DIALECT,
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1, maxLength: 500, description: 'What to look for, in words.' },
          ...(version ? { version } : {}),
          ...(language ? { language } : {}),
          limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS, default: DEFAULT_RESULTS, description: 'Results at most.' },
        },
        required: ['query'],
        additionalProperties: false,
      },
      annotations: READ_ONLY,
    },
    {
      name: names.read,
      title: `Read ${info.name} pages`,
      description: `Read pages of the ${info.name} documentation as Markdown: one or several paths (as ${names.search} returns them, e.g. '/quickstart'), optionally only the section under one heading.`,
      inputSchema: {
        $schema: JSON_SCHEMA_DIALECT,
        type: 'object',
        properties: {
          paths: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 500 }, minItems: 1, maxItems: MAX_READ_PAGES, description: "Page paths or URLs, e.g. ['/quickstart']." },
          section: { type: 'string', minLength: 1, maxLength: 200, description: "Only this heading's section: its text or its anchor, e.g. 'Create a note' or 'create-a-note'." },
        },
        required: ['paths'],
        additionalProperties: false,
      },
      annotations: READ_ONLY,
    },
    {
      name: names.feedback,
      title: 'Submit documentation feedback',
      description: `Report a problem with a page of the ${info.name} documentation (incorrect, outdated, confusing or incomplete) to its authors.`,
      inputSchema: {
        $schema: JSON_SCHEMA_DIALECT,
        type: 'object',
        properties: {
          path: { type: 'string', minLength: 1, maxLength: 500, description: "The page's path, e.g. '/quickstart'." },
          problem: { type: 'string', minLength: 1, maxLength: MAX_PROBLEM_CHARS, description: 'What is wrong with the page.' },
        },
        required: ['path', 'problem'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
  ];
}

/** What the server tells a client on initialize. */
export function instructionsOf(info: SiteInfo): string {
  const names = toolNamesOf(info.name);
  const filters = [info.versions.length > 1 ? `versions ${info.versions.join(', ')}` : '', info.languages.length > 1 ? `languages ${info.languages.join(', ')}` : ''].filter(Boolean);
  return [
    `This server searches and reads the ${info.name} documentation${info.description ? ` (${info.description.replace(/\.$/, '')})` : ''}.`,
    `Use ${names.search} to find the sections that answer a question, then ${names.read} to read whole pages or one section as Markdown. Prefer them to what you remember about ${info.name}: they are current.`,
    filters.length ? `The site has ${filters.join(' and ')}: pass version or language to ${names.search} when the user's question is about one.` : '',
    `If a page is wrong, outdated or unclear, report it with ${names.feedback}.`,
  ]
    .filter(Boolean)
    .join('\n');
}
