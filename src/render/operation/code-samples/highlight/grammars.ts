/**
 * Small token grammars for the code-sample panel, by code-block language id. They cover what
 * httpsnippet writes and what JSON/XML examples hold: comments, strings, numbers, keywords,
 * literals, calls, variables, shell flags. A new language is one entry in `GRAMMARS`.
 */

export interface Grammar {
  /** Line comment openers (`#` counts only at the start of a word). */
  readonly lineComments: readonly string[];
  readonly blockComments: boolean;
  /** `"…"` strings take backslash escapes; `'…'` ones too (`escaped`), or none (`raw`: shell), or are no strings (`none`). */
  readonly singleQuotes: 'escaped' | 'raw' | 'none';
  readonly backticks: boolean;
  readonly tripleQuotes: boolean;
  /** `$name` / `${name}` are variables (shell, PHP, PowerShell). */
  readonly dollarVariables: boolean;
  /** Shell: the first word of a command is a call, `--flag`s are constants, heredocs are strings. */
  readonly shell: boolean;
  /** Words that may contain `-` (PowerShell cmdlets `Invoke-RestMethod`). */
  readonly dashedWords: boolean;
  /** `#include`-style lines are keywords (C, C++). */
  readonly preprocessor: boolean;
  /** JSON: a string followed by `:` is a key (coloured as a constant, as GitHub's theme does). */
  readonly jsonKeys: boolean;
  readonly keywords: ReadonlySet<string>;
  readonly literals: ReadonlySet<string>;
}

const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter(Boolean));

const C_LIKE_LITERALS = words('true false null nil undefined this self super');

const base: Grammar = {
  lineComments: ['//'],
  blockComments: true,
  singleQuotes: 'escaped',
  backticks: false,
  tripleQuotes: false,
  dollarVariables: false,
  shell: false,
  dashedWords: false,
  preprocessor: false,
  jsonKeys: false,
  keywords: new Set(),
  literals: C_LIKE_LITERALS,
};

const JS_KEYWORDS =
  'import from export default const let var function return async await new if else for of in while try catch finally throw class extends typeof instanceof as type interface';

export const GRAMMARS: Readonly<Record<string, Grammar>> = {
  json: { ...base, lineComments: [], blockComments: false, singleQuotes: 'none', jsonKeys: true, literals: words('true false null') },
  bash: { ...base, lineComments: ['#'], blockComments: false, singleQuotes: 'raw', dollarVariables: true, shell: true, keywords: words('if then else fi for do done while case esac in function export'), literals: new Set() },
  python: { ...base, lineComments: ['#'], blockComments: false, tripleQuotes: true, keywords: words('import from as def return if elif else for in while try except finally with raise class lambda not and or is pass print'), literals: words('True False None self') },
  javascript: { ...base, backticks: true, keywords: words(JS_KEYWORDS) },
  typescript: { ...base, backticks: true, keywords: words(JS_KEYWORDS) },
  php: { ...base, lineComments: ['//', '#'], dollarVariables: true, keywords: words('php echo if else foreach as return function new use namespace try catch throw array require require_once'), literals: words('true false null TRUE FALSE NULL') },
  go: { ...base, backticks: true, keywords: words('package import func var const return if else for range defer go type struct map chan interface switch case default'), literals: words('true false nil') },
  java: { ...base, keywords: words('import package public private protected static final class new return if else for while try catch throw throws void var') },
  kotlin: { ...base, keywords: words('import package val var fun return if else for while try catch throw class object when') },
  swift: { ...base, keywords: words('import let var func return if else for in while guard try catch throw class struct as') },
  csharp: { ...base, keywords: words('using namespace var new return if else for foreach in while try catch throw class public private static async await') },
  c: { ...base, preprocessor: true, keywords: words('int char void return if else for while struct const static unsigned long sizeof auto') },
  cpp: { ...base, preprocessor: true, keywords: words('int char void return if else for while struct const static unsigned long sizeof auto namespace using class') },
  ruby: { ...base, lineComments: ['#'], blockComments: false, keywords: words('require def end return if elsif else unless do while class module begin rescue ensure puts'), literals: words('true false nil self') },
  powershell: { ...base, lineComments: ['#'], blockComments: false, singleQuotes: 'raw', dollarVariables: true, dashedWords: true, keywords: words('if else foreach in function return param try catch'), literals: words('$true $false $null') },
};

/** Aliases of language ids as authors write them in `x-codeSamples` (`sh`, `js`, `c#`…). */
export const GRAMMAR_ALIASES: Readonly<Record<string, string>> = {
  sh: 'bash',
  shell: 'bash',
  curl: 'bash',
  zsh: 'bash',
  py: 'python',
  js: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  golang: 'go',
  rb: 'ruby',
  'c#': 'csharp',
  cs: 'csharp',
  dotnet: 'csharp',
  'c++': 'cpp',
  kt: 'kotlin',
  ps1: 'powershell',
  jsonc: 'json',
};
