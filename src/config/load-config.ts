import path from 'node:path';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { ConfigOrigins } from '../model/project.js';
import type { DocsConfig, LoadedConfig } from './loaded-config.js';
import { nodeConfigFileSystem, type ConfigFileSystem } from './config-fs.js';
import { createConfigLocator, type ConfigLocator } from './locate.js';
import { upgradeMintJson } from './mint/load-mint-json.js';
import { parseJson } from './parse-json.js';
import { resolveRefs } from './resolve-refs.js';
import { settingsNotRendered } from './settings-not-rendered.js';
import { sortDiagnostics, toDiagnostics } from './to-diagnostics.js';
import { validateConfig } from './validate-config.js';

export interface LoadConfigOptions {
  /** File access; defaults to the real file system. */
  readonly fs?: ConfigFileSystem;
}

/**
 * Reads the project's configuration: `<root>/docs.json`, else legacy `<root>/mint.json`
 * (upgraded to the docs.json shape, with a `config/mint-json-upgraded` info). docs.json `$ref`
 * includes are resolved; the result is validated as Mintlify accepts it (unknown keys it strips
 * are warnings, an error inside `navigation` costs only its part). The output is `undefined`,
 * with no diagnostics, when neither file exists (the caller reports that), and `undefined` with
 * diagnostics when an error costs the whole configuration. Diagnostics carry the file, pointer, line and column of
 * the place they are about (inside included files too), sorted deterministically.
 */
export async function loadConfig(root: string, options: LoadConfigOptions = {}): Promise<StageResult<LoadedConfig | undefined>> {
  const fs = options.fs ?? nodeConfigFileSystem;
  const docsText = await fs.readText(path.join(root, 'docs.json'));
  if (docsText !== undefined) return loadDocsJson(root, docsText, fs);
  const mintText = await fs.readText(path.join(root, 'mint.json'));
  if (mintText !== undefined) return loadMintJson(mintText);
  return { output: undefined, diagnostics: [] };
}

async function loadDocsJson(root: string, text: string, fs: ConfigFileSystem): Promise<StageResult<LoadedConfig | undefined>> {
  const file = 'docs.json';
  const parsed = parseJson(text, file);
  if (parsed.output === undefined) return { output: undefined, diagnostics: parsed.diagnostics };
  const resolved = await resolveRefs(root, file, text, parsed.output, fs);
  if (hasErrors(resolved.diagnostics)) return { output: undefined, diagnostics: sortDiagnostics(resolved.diagnostics, file) };
  const { value, origins, texts } = resolved.output;
  return finish(file, value, origins, createConfigLocator(texts), resolved.diagnostics);
}

function loadMintJson(text: string): StageResult<LoadedConfig | undefined> {
  const file = 'mint.json';
  const parsed = parseJson(text, file);
  if (parsed.output === undefined) return { output: undefined, diagnostics: parsed.diagnostics };
  const locate = createConfigLocator(new Map([[file, text]]));
  const upgraded = upgradeMintJson(parsed.output, file);
  const notice = createDiagnostic('config/mint-json-upgraded', {
    message: '`mint.json` is the legacy configuration format; Sheaf read it by converting it to the docs.json shape.',
    file,
    line: 1,
    column: 1,
    hint: 'Write a docs.json (e.g. with `mint upgrade`) and delete mint.json; when both exist, docs.json is used.',
  });
  if (!upgraded.output) {
    const diagnostics = toDiagnostics(upgraded.problems, { '': { file, pointer: '' } }, locate);
    return { output: undefined, diagnostics: sortDiagnostics([notice, ...diagnostics], file) };
  }
  const partial = toDiagnostics(upgraded.problems, { '': { file, pointer: '' } }, locate);
  return finish(file, upgraded.output.config, upgraded.output.origins, locate, [notice, ...partial], true);
}

/** Validates the merged value (by mint.json's rules when `legacy`) and builds the loaded config, or reports why it cannot. */
function finish(
  file: string,
  value: unknown,
  origins: ConfigOrigins,
  locate: ConfigLocator,
  earlier: readonly Diagnostic[],
  legacy = false,
): StageResult<LoadedConfig | undefined> {
  const validated = validateConfig(value, { legacy });
  // What a valid configuration asks for that Sheaf does not render: infos, never silence.
  const unrendered = validated.config ? settingsNotRendered(value) : [];
  const diagnostics = sortDiagnostics([...earlier, ...toDiagnostics([...validated.problems, ...unrendered], origins, locate)], file);
  if (!validated.config) return { output: undefined, diagnostics };
  const config: DocsConfig = validated.config;
  return { output: { file, config, origins }, diagnostics };
}

function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
