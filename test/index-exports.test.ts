import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import * as sheaf from '../src/index.js';

const INDEX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/index.ts');

/**
 * The names src/index.ts (the package's entry, `import … from 'sheaf'`) exports, read from its
 * syntax: each with `type` when it is exported as a type only, `value` otherwise. Anything but
 * named re-exports (`export *`, local declarations) fails, so that the list below stays the
 * whole public surface.
 */
function declaredExports(): { name: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(INDEX, readFileSync(INDEX, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
      throw new Error(`src/index.ts: only named re-exports belong in the entry, not \`${statement.getText(source)}\``);
    }
    return statement.exportClause.elements.map((e) => ({ name: e.name.text, typeOnly: statement.isTypeOnly || e.isTypeOnly }));
  });
}

it('src/index.ts exports exactly the public API, each name with its kind', () => {
  const declared = declaredExports();
  // What the module gives at run time is exactly what its syntax declares as values.
  expect(Object.keys(sheaf).sort()).toEqual(declared.filter((e) => !e.typeOnly).map((e) => e.name).sort());
  const kinds = declared
    .map(({ name, typeOnly }) => `${name}: ${typeOnly ? 'type' : typeof (sheaf as Record<string, unknown>)[name]}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(kinds).toEqual([
    'AssistantOptions: type',
    'BuildFeatures: type',
    'BuildOptions: type',
    'BuildResult: type',
    'BundleFile: type',
    'BundleManifest: type',
    'CheckOptions: type',
    'CheckResult: type',
    'Deployment: type',
    'DeploymentFeatures: type',
    'Diagnostic: type',
    'ExportOptions: type',
    'ExportResult: type',
    'FeatureOverrides: type',
    'IndexedOperation: type',
    'LoadedConfig: type',
    'LoadedOpenApi: type',
    'NavNode: type',
    'NavRoot: type',
    'OperationIndex: type',
    'PageSource: type',
    'Project: type',
    'SHEAF_VERSION: string',
    'Severity: type',
    'Site: type',
    'SitePage: type',
    'UrlStyle: type',
    'build: function',
    'catalogue: object',
    'check: function',
    'docsConfigJsonSchema: function',
    'exportBundle: function',
    'formatDiagnostics: function',
    'loadProject: function',
    'resolveFeatures: function',
    'resolveSite: function',
  ]);
});
