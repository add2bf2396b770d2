import { isRecord } from '../../parse/is-record.js';
import type { RecordOrigin } from './upgrade-navigation.js';

type Json = Record<string, unknown>;

/** The docs.json themes of mint.json themes and layouts; anything else becomes `mint`. */
const themeOf: Readonly<Record<string, string>> = { venus: 'palm', quill: 'willow', prism: 'mint' };
const layoutTheme: Readonly<Record<string, string>> = { sidenav: 'maple', solidSidenav: 'willow' };
const playgroundDisplay: Readonly<Record<string, string>> = { show: 'interactive', simple: 'simple', hide: 'none' };

/**
 * Converts every mint.json setting except the navigation to its docs.json key, calling `record`
 * for each converted value so diagnostics point back into mint.json. Values are moved, not
 * checked: a wrong type is carried over and reported by the docs.json validation. Settings
 * without a docs.json equivalent (`topbar`, `sidebar`, `rounded`, `feedback`, `isWhiteLabeled`,
 * `api.maintainOrder`, `search.location`, …) are dropped.
 */
export function upgradeSettings(mint: Json, record: RecordOrigin): Json {
  const out: Json = {};
  const set = (docsPath: readonly string[], value: unknown, mintPointer: string): void => {
    if (value === undefined) return;
    let node = out;
    for (const key of docsPath.slice(0, -1)) node = (node[key] ??= {}) as Json;
    node[docsPath[docsPath.length - 1] ?? ''] = value;
    record('/' + docsPath.join('/'), mintPointer);
  };
  const get = (...path: string[]): unknown => path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), mint);

  if (mint['$schema'] !== undefined) set(['$schema'], 'https://mintlify.com/docs.json', '/$schema');
  const theme = get('theme');
  const layout = get('layout');
  if (typeof theme === 'string' && themeOf[theme]) set(['theme'], themeOf[theme], '/theme');
  else if (typeof layout === 'string' && layoutTheme[layout]) set(['theme'], layoutTheme[layout], '/layout');
  else out['theme'] = 'mint';
  set(['name'], get('name'), '/name');
  const colors = get('colors');
  if (isRecord(colors)) {
    const { primary, light, dark, background } = colors;
    set(['colors'], stripUndefined({ primary, light, dark }), '/colors');
    if (isRecord(background)) set(['background', 'color'], background, '/colors/background');
  } else set(['colors'], colors, '/colors');
  set(['logo'], get('logo'), '/logo');
  set(['favicon'], get('favicon'), '/favicon');

  set(['api', 'openapi'], get('openapi'), '/openapi');
  set(['api', 'mdx', 'server'], get('api', 'baseUrl'), '/api/baseUrl');
  const auth = get('api', 'auth');
  if (isRecord(auth)) set(['api', 'mdx', 'auth'], stripUndefined({ method: auth['method'], name: auth['name'] }), '/api/auth');
  const mode = get('api', 'playground', 'mode');
  set(['api', 'playground', 'display'], typeof mode === 'string' ? (playgroundDisplay[mode] ?? mode) : mode, '/api/playground/mode');
  const disableProxy = get('api', 'playground', 'disableProxy');
  set(['api', 'playground', 'proxy'], typeof disableProxy === 'boolean' ? !disableProxy : disableProxy, '/api/playground/disableProxy');
  set(['api', 'examples', 'languages'], get('api', 'request', 'example', 'languages'), '/api/request/example/languages');
  const optional = get('api', 'request', 'example', 'showOptionalParams');
  set(['api', 'examples', 'defaults'], typeof optional === 'boolean' ? (optional ? 'all' : 'required') : optional, '/api/request/example/showOptionalParams');
  const expanded = get('api', 'paramFields', 'expanded');
  set(['api', 'params', 'expanded'], typeof expanded === 'string' ? (expanded === 'all' ? 'all' : 'closed') : expanded, '/api/paramFields/expanded');
  set(['api', 'params', 'post'], get('api', 'paramFields', 'post'), '/api/paramFields/post');

  set(['appearance', 'default'], get('modeToggle', 'default'), '/modeToggle/default');
  set(['appearance', 'strict'], get('modeToggle', 'isHidden'), '/modeToggle/isHidden');
  set(['seo', 'metatags'], get('metadata'), '/metadata');
  if (get('seo', 'indexHiddenPages') === true) set(['seo', 'indexing'], 'all', '/seo/indexHiddenPages');
  const codeMode = get('codeBlock', 'mode');
  set(['styling', 'codeblocks'], codeMode === 'auto' ? 'system' : codeMode, '/codeBlock/mode');
  set(['styling', 'eyebrows'], get('eyebrow', 'display'), '/eyebrow/display');
  set(['background', 'decoration'], get('background', 'style'), '/background/style');
  set(['background', 'image'], get('backgroundImage'), '/backgroundImage');
  set(['search', 'prompt'], get('search', 'prompt'), '/search/prompt');
  set(['redirects'], get('redirects'), '/redirects');
  return out;
}

export function stripUndefined(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
