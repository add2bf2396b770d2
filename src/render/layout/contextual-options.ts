import type { ContextualHref, ContextualQuery } from '../../model/contextual.js';
import type { IconFile } from '../components/icons/icon-files.js';

/**
 * The built-in options of docs.json `contextual.options` (mintlify__docs `ai/contextual-menu.mdx`,
 * `organize/settings-structure.mdx`): what each shows and does. Mintlify documents what each
 * option does, not its link; the "open in" links are those services' public prefill links, each
 * given the prompt `Read from <the page's .md URL> so I can ask questions about it.`. The MCP
 * ones point at the site's MCP server (`$mcp`: `<site root>/mcp`, which `sheaf host` and
 * `sheaf dev` answer): its URL, `npx add-mcp <url>`, and the install links of Cursor and VS Code
 * as `ai/model-context-protocol.mdx` ("Use your MCP server") shows them.
 */
export type BuiltinOptionId =
  | 'copy'
  | 'view'
  | 'assistant'
  | 'download-pdf'
  | 'download-spec'
  | 'chatgpt'
  | 'claude'
  | 'perplexity'
  | 'grok'
  | 'aistudio'
  | 'devin'
  | 'devin-desktop'
  | 'windsurf'
  | 'mcp'
  | 'add-mcp'
  | 'cursor'
  | 'vscode'
  | 'devin-mcp';

/** What choosing an option does in the page (src/client/contextual/ carries it out). */
export type BuiltinAction =
  /** Copies the page's `.md` copy. */
  | { readonly kind: 'copy-page' }
  /**
   * Copies a text with placeholders (`$mcp`); `copied` is what the page then shows (and announces):
   * what was copied and what to do with it, so the reader sees how to connect.
   */
  | { readonly kind: 'copy-text'; readonly text: string; readonly copied: string }
  /** Opens the page's `.md` copy. */
  | { readonly kind: 'view' }
  /** Opens the Ask AI panel (search.js and assistant.js act on its data attributes). */
  | { readonly kind: 'assistant' }
  /** The browser's print dialog, where the page is saved as PDF (the print stylesheet applies). */
  | { readonly kind: 'print' }
  /** Downloads the OpenAPI document of an API page. */
  | { readonly kind: 'download-spec' }
  /** A link built in the browser (`ContextualHref`), for the site's name and whether its pages reach the network. */
  | { readonly kind: 'link'; readonly href: (site: { readonly name: string; readonly network: boolean }) => ContextualHref }
  /** Sheaf cannot offer it: left out of the menu, with the reason in an info diagnostic. */
  | { readonly kind: 'unsupported'; readonly why: string };

export interface BuiltinOption {
  readonly title: string;
  readonly description: string;
  readonly icon: IconFile;
  /**
   * The option opens another host or needs one (an AI service, Devin's cloud behind its desktop
   * app, npm for `npx add-mcp`): left out of air-gapped builds. The other MCP ones need only the
   * site's own host (`vscode` takes VS Code's own link there), and the print dialog and the copies none.
   */
  readonly network: boolean;
  readonly action: BuiltinAction;
}

/** The prompt the "open in" links carry; `$md` is the absolute URL of the page's `.md` copy. */
export const OPEN_IN_PROMPT = 'Read from $md so I can ask questions about it.';

const lucide = (name: string): IconFile => ({ library: 'lucide', variant: '', name });
const brand = (name: string): IconFile => ({ library: 'fontawesome', variant: 'brands', name });

/** An "open in" link: `base?<extra>&<key>=<prompt>`. */
function openIn(base: string, key: string, extra: readonly ContextualQuery[] = []): BuiltinAction {
  return { kind: 'link', href: () => ({ kind: 'url', base, query: [...extra, { key, value: OPEN_IN_PROMPT }], vars: ['md'] }) };
}

const ASK = 'Ask questions about this page';

export const BUILTIN_OPTIONS: Readonly<Record<BuiltinOptionId, BuiltinOption>> = {
  copy: { title: 'Copy page', description: 'Copy this page as Markdown for LLMs', icon: lucide('copy'), network: false, action: { kind: 'copy-page' } },
  view: { title: 'View as Markdown', description: 'View this page as plain text', icon: brand('markdown'), network: false, action: { kind: 'view' } },
  assistant: { title: 'Ask assistant', description: 'Ask the assistant about this page', icon: lucide('sparkles'), network: false, action: { kind: 'assistant' } },
  'download-pdf': { title: 'Download PDF', description: 'Save this page as PDF from the print dialog', icon: lucide('printer'), network: false, action: { kind: 'print' } },
  'download-spec': { title: 'Download API spec', description: 'Download the OpenAPI document of this page', icon: lucide('file-json'), network: false, action: { kind: 'download-spec' } },
  chatgpt: { title: 'Open in ChatGPT', description: ASK, icon: brand('openai'), network: true, action: openIn('https://chatgpt.com/', 'q', [{ key: 'hints', value: 'search' }]) },
  claude: { title: 'Open in Claude', description: ASK, icon: brand('claude'), network: true, action: openIn('https://claude.ai/new', 'q') },
  perplexity: { title: 'Open in Perplexity', description: ASK, icon: lucide('search'), network: true, action: openIn('https://www.perplexity.ai/search', 'q') },
  grok: { title: 'Open in Grok', description: ASK, icon: lucide('message-circle'), network: true, action: openIn('https://grok.com/', 'q') },
  aistudio: { title: 'Open in Google AI Studio', description: ASK, icon: brand('google'), network: true, action: openIn('https://aistudio.google.com/prompts/new_chat', 'prompt') },
  devin: { title: 'Open in Devin', description: ASK, icon: lucide('bot'), network: true, action: openIn('https://app.devin.ai/', 'prompt') },
  // Devin Desktop is Windsurf renamed (mintlify__docs guides/devin-desktop.mdx); it still answers Windsurf's link.
  'devin-desktop': { title: 'Open in Devin Desktop', description: ASK, icon: lucide('monitor'), network: true, action: openIn('windsurf://cascade', 'prompt') },
  windsurf: { title: 'Open in Windsurf', description: ASK, icon: lucide('wind'), network: true, action: openIn('windsurf://cascade', 'prompt') },
  mcp: {
    title: 'Copy MCP server URL',
    description: 'Copy the MCP server URL to the clipboard',
    icon: lucide('plug'),
    network: false,
    action: { kind: 'copy-text', text: '$mcp', copied: 'MCP server URL copied: $mcp. Add it to your MCP client as a remote (HTTP) server.' },
  },
  'add-mcp': {
    title: 'Copy MCP install command',
    description: 'Copy the npx add-mcp command',
    icon: lucide('terminal'),
    network: true,
    action: { kind: 'copy-text', text: 'npx add-mcp $mcp', copied: 'Install command copied: npx add-mcp $mcp. Run it in a terminal to add the MCP server to your clients.' },
  },
  cursor: {
    title: 'Connect to Cursor',
    description: 'Install the MCP server in Cursor',
    icon: lucide('mouse-pointer-2'),
    network: false,
    action: {
      kind: 'link',
      // Cursor's install link: the server's name, and its mcp.json entry as Base64 JSON.
      href: (site) => ({ kind: 'url', base: 'cursor://anysphere.cursor-deeplink/mcp/install', query: [{ key: 'name', value: site.name }, { key: 'config', value: '{"url":"$mcp"}', base64: true }], vars: ['mcp'] }),
    },
  },
  vscode: {
    title: 'Connect to VS Code',
    description: 'Install the MCP server in VS Code',
    icon: { library: 'tabler', variant: 'outline', name: 'brand-vscode' },
    network: false,
    action: {
      kind: 'link',
      // VS Code's install link as Mintlify gives it: vscode.dev's page, which opens VS Code (or
      // offers to install it), with the server's name and its mcp.json entry as JSON. Air-gapped,
      // where vscode.dev is out of reach, VS Code's own `vscode:` link, the entry naming itself.
      href: (site) =>
        site.network
          ? { kind: 'url', base: 'https://vscode.dev/redirect/mcp/install', query: [{ key: 'name', value: site.name }, { key: 'config', value: '{"type":"http","url":"$mcp"}' }], vars: ['mcp'] }
          : { kind: 'text', text: `vscode:mcp/install?${encodeURIComponent(`{"name":${JSON.stringify(site.name)},"type":"http","url":"`)}$mcp${encodeURIComponent('"}')}`, vars: ['mcp'] },
    },
  },
  'devin-mcp': {
    title: 'Connect to Devin',
    description: 'Install the MCP server in Devin',
    icon: lucide('bot'),
    network: true,
    action: { kind: 'unsupported', why: 'Devin publishes no link that installs an MCP server' },
  },
};

export function isBuiltinOption(value: string): value is BuiltinOptionId {
  return Object.prototype.hasOwnProperty.call(BUILTIN_OPTIONS, value);
}
