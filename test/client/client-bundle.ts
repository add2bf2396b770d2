import path from 'node:path';
import { buildSync } from 'esbuild';
import { clientBuildOptions } from '../../scripts/build-client.mjs';

let cache: Map<string, string> | undefined;

/** The browser bundles as `npm run build` makes them (scripts/build-client.mjs), built in memory: name → code. */
export function clientBundles(): ReadonlyMap<string, string> {
  cache ??= new Map(buildSync(clientBuildOptions()).outputFiles.map((file) => [path.basename(file.path, '.js'), file.text]));
  return cache;
}

/** One bundle's code (`search` for dist/client/search.js). */
export function clientBundle(name: string): string {
  const code = clientBundles().get(name);
  if (code === undefined) throw new Error(`No client bundle ${name}`);
  return code;
}
