/** Types of scripts/build-client.mjs, for the tests that bundle the browser code. */
import type { BuildOptions } from 'esbuild';

export declare const CLIENT_ENTRIES: readonly string[];
export declare function clientBuildOptions(outDir?: string): BuildOptions & { write: false };
/** The bundles as `name → code`, built in memory. */
export declare function bundleClient(): Promise<Map<string, string>>;
/** Writes the bundles to `outDir` (default dist/client); returns the names of the files that changed. */
export declare function buildClient(outDir?: string): Promise<string[]>;
