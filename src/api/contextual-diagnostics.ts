import { originOf } from '../config/origins.js';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Project } from '../load/project.js';
import type { BuildFeatures } from '../model/build-features.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { PageSource } from '../model/project.js';
import { BUILTIN_OPTIONS, type BuiltinOptionId } from '../render/layout/contextual-options.js';
import { pageContextual, planContextualMenu, readContextualSetting, type ContextualSetting, type LeftOutOption } from '../render/layout/contextual-plan.js';

/** Where a setting was written: a JSON pointer of docs.json (or a file it includes), or a page's `contextual` key. */
interface Place {
  readonly file: string;
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
}

const list = (names: readonly string[]): string => names.map((n) => `\`${n}\``).join(', ');

/**
 * The built-in options an air-gapped site keeps: those that need no other host and no Ask AI
 * panel (never air-gapped), and that are not left out anyway.
 */
export function offlineOptions(): BuiltinOptionId[] {
  const plan = planContextualMenu({ options: Object.keys(BUILTIN_OPTIONS), display: 'header' }, { base: '', urlStyle: 'directory', route: '/', document: 'openapi.json' }, { name: '', network: false, assistant: false, files: new Set(['openapi.json']) });
  return plan.items.map((item) => item.id).filter((id): id is BuiltinOptionId => id !== 'custom');
}

/** The hint of an option Sheaf cannot offer (`unsupported`). */
function unofferedHint(option: string): string {
  if (option === 'devin-mcp') return 'Use `mcp` or `add-mcp`, which give the MCP server URL to paste into Devin.';
  return 'Remove it from `contextual.options` to silence this; `copy` and `view` give AI tools the page as Markdown.';
}

/** The built-in options that connect readers to the site's search MCP server (`<site>/mcp`). */
const MCP_OPTIONS: ReadonlySet<string> = new Set(['mcp', 'add-mcp', 'cursor', 'vscode']);

/** Where the MCP server the offered options point at is served: said once per setting, at its first such option. */
function mcpServerDiagnostic(offered: readonly string[], options: readonly unknown[], at: (index: number) => Place): Diagnostic[] {
  const mcp = offered.filter((id) => MCP_OPTIONS.has(id));
  const index = options.findIndex((o) => typeof o === 'string' && MCP_OPTIONS.has(o));
  if (mcp.length === 0 || index < 0) return [];
  return [
    createDiagnostic('build/contextual-mcp-server', {
      message: `The contextual menu ${mcp.length === 1 ? 'option' : 'options'} ${list(mcp)} point${mcp.length === 1 ? 's' : ''} readers at the site's search MCP server at \`<site>/mcp\`: \`sheaf host\` and \`sheaf dev\` serve it; on a plain static host or CDN nothing answers there.`,
      ...at(index),
      hint: 'Serve the site with `sheaf host` (its MCP server is on unless `--no-mcp`), or have your proxy send `/mcp` and `/.well-known/mcp*` to one.',
    }),
  ];
}

/** The diagnostics of one setting's options left out of the menu. */
function leftOutDiagnostics(leftOut: readonly LeftOutOption[], at: (index: number) => Place): Diagnostic[] {
  const out: Diagnostic[] = [];
  const offline = leftOut.filter((l) => l.reason === 'offline');
  const first = offline[0];
  if (first) {
    const kept = offlineOptions().map((id) => `\`${id}\``);
    out.push(
      createDiagnostic('bundle/contextual-offline', {
        message: `The contextual menu ${offline.length === 1 ? 'option' : 'options'} ${list(offline.map((l) => l.option))} ${offline.length === 1 ? 'is' : 'are'} left out: an air-gapped bundle makes no network request, and ${offline.length === 1 ? 'it opens or needs' : 'they open or need'} another host.`,
        ...at(first.index),
        hint: `Export for \`--deployment client-hosted\` to keep them; ${kept.slice(0, -1).join(', ')} and ${kept.at(-1) ?? ''} work air-gapped.`,
      }),
    );
  }
  for (const l of leftOut) {
    if (l.reason === 'offline') continue;
    const why = l.reason === 'no-assistant' ? 'the site has no Ask AI panel' : (l.why ?? 'Sheaf cannot offer it');
    out.push(
      createDiagnostic('build/contextual-unavailable', {
        message: `The contextual menu option \`${l.option}\` is left out: ${why}.`,
        ...at(l.index),
        hint: l.reason === 'no-assistant' ? 'Build with `--assistant-url` and `--assistant-key` (not air-gapped) to give the site the Ask AI panel.' : unofferedHint(l.option),
      }),
    );
  }
  return out;
}

/**
 * What a build says about the contextual menu: options left out of docs.json's `contextual` and
 * of each page's own (offline, no Ask AI panel, none Sheaf can offer), and pages whose own
 * `contextual` is invalid (docs.json's applies to them). `assistant`: the pages have the panel.
 */
export function contextualDiagnostics(project: Project, features: BuildFeatures, assistant: boolean): Diagnostic[] {
  const { config, origins } = project.config;
  const site = { name: typeof config.name === 'string' ? config.name : '', network: features.network, assistant, files: new Set<string>() };
  const plan = (setting: ContextualSetting) => planContextualMenu(setting, { base: '', urlStyle: 'directory', route: '/' }, site);
  const out: Diagnostic[] = [];
  const global = readContextualSetting(config.contextual);
  if (global) {
    const at = (index: number): Place => {
      const origin = originOf(origins, `/contextual/options/${index}`);
      return { file: origin.file, pointer: origin.pointer };
    };
    const planned = plan(global);
    out.push(...leftOutDiagnostics(planned.leftOut, at), ...mcpServerDiagnostic(planned.items.map((item) => item.id), global.options, at));
  }
  for (const page of project.pages) out.push(...pageDiagnostics(page, plan));
  return out;
}

function pageDiagnostics(page: PageSource, plan: (setting: ContextualSetting) => { leftOut: readonly LeftOutOption[] }): Diagnostic[] {
  const own = pageContextual(page.frontmatter);
  const key = page.frontmatterPositions['contextual'];
  const place: Place = { file: page.file, ...(key ? { line: key.line, column: key.column } : {}) };
  if (own.problem !== undefined) {
    return [
      createDiagnostic('build/page-contextual-invalid', {
        message: `\`contextual\` in the frontmatter of \`${page.file}\` is not a valid contextual menu (${own.problem}); the page shows docs.json's menu instead.`,
        ...place,
        hint: 'Give `options` as a list of option names (`copy`, `view`, `chatgpt`, …) or custom options `{title, description, href}`, and `display` as `header` or `toc`.',
      }),
    ];
  }
  return own.setting ? leftOutDiagnostics(plan(own.setting).leftOut, () => place) : [];
}
