import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared corpus beside the repository (never copied in). */
export const CORPUS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/corpus');

/**
 * One benchmark case: a name for the table, the runner that measures it (a key of `RUNNERS` in
 * `runners/index.ts`) and that runner's input. Each case runs in a fresh child process, so peak
 * RSS belongs to that case alone (a `cli-build` case measures the CLI's own process).
 */
export interface BenchCase {
  readonly name: string;
  readonly kind: string;
  readonly input: Readonly<Record<string, string>>;
  /** Files the case needs; a missing one skips the case with a message. */
  readonly requires: readonly string[];
}

const OPENAPI = path.join(CORPUS, 'openapi');

function openapiLoad(name: string, file: string): BenchCase {
  return { name, kind: 'openapi-load', input: { root: OPENAPI, file }, requires: [path.join(OPENAPI, file)] };
}

const MINTLIFY = path.join(CORPUS, 'mintlify');

/** `sheaf build` through bin/sheaf.js on a corpus project (runners/cli-build.ts). */
function cliProject(name: string, project: string): BenchCase {
  return { name, kind: 'cli-build', input: { project: path.join(MINTLIFY, project) }, requires: [path.join(MINTLIFY, project)] };
}

/** `sheaf build` through bin/sheaf.js on one corpus OpenAPI document, `factor` times larger when given, beside `redocly build-docs`. */
function cliOpenapi(name: string, file: string, factor?: number): BenchCase {
  return {
    name,
    kind: 'cli-build',
    input: { openapiRoot: OPENAPI, openapi: file, ...(factor ? { factor: String(factor) } : {}) },
    requires: [path.join(OPENAPI, file)],
  };
}

/** `sheaf dev` on a copy of a corpus project, editing `page` (served at `route`), or on an OpenAPI document (runners/dev-preview.ts). */
function devProject(name: string, project: string, page: string, route: string): BenchCase {
  return { name, kind: 'dev-preview', input: { project: path.join(MINTLIFY, project), page, route }, requires: [path.join(MINTLIFY, project, page)] };
}

/** Warm `sheaf build` of a copy of a corpus project: nothing changed, then `page` edited (runners/cli-rebuild.ts). */
function rebuildProject(name: string, project: string, page: string): BenchCase {
  return { name, kind: 'cli-rebuild', input: { project: path.join(MINTLIFY, project), page }, requires: [path.join(MINTLIFY, project, page)] };
}

function devOpenapi(name: string, file: string): BenchCase {
  return { name, kind: 'dev-preview', input: { openapiRoot: OPENAPI, openapi: file }, requires: [path.join(OPENAPI, file)] };
}

/** `sheaf host` against nginx and a minimal node:http server on the bundle of one corpus OpenAPI document (runners/serving.ts). */
function serving(name: string, file: string): BenchCase {
  return { name, kind: 'serving', input: { openapiRoot: OPENAPI, openapi: file }, requires: [path.join(OPENAPI, file)] };
}

export const CASES: readonly BenchCase[] = [
  cliOpenapi('cli: github (1,223 operations)', 'large/github-api.github.com.json'),
  cliOpenapi('cli: stripe (468 operations)', 'large/stripe-spec3.yaml'),
  cliOpenapi('cli: kubernetes (1,123 operations, Swagger 2.0)', 'large/kubernetes-swagger.json'),
  cliOpenapi('cli: github x10 (12,230 operations)', 'large/github-api.github.com.json', 10),
  cliProject('cli: mintlify__docs (1,100 pages, 4 languages)', 'mintlify__docs'),
  cliProject('cli: dify-docs (1,107 pages, 3 specs)', 'langgenius__dify-docs'),
  rebuildProject('rebuild: mintlify__docs (warm cache, one page edited)', 'mintlify__docs', 'quickstart.mdx'),
  devProject('dev: mintlify__docs (first page, MDX edit)', 'mintlify__docs', 'quickstart.mdx', '/quickstart/'),
  devOpenapi('dev: github (first page, summary edit)', 'large/github-api.github.com.json'),
  serving('serve: github bundle (sheaf host, nginx, minimal node:http; wrk)', 'large/github-api.github.com.json'),
  openapiLoad('openapi: github (13 MB JSON)', 'large/github-api.github.com.json'),
  openapiLoad('openapi: stripe (4 MB YAML)', 'large/stripe-spec3.yaml'),
  openapiLoad('openapi: kubernetes (Swagger 2.0)', 'large/kubernetes-swagger.json'),
  openapiLoad('openapi: openai (3.1 YAML)', 'large/openai-openapi.yaml'),
  openapiLoad('openapi: ec2 (4.7 MB JSON)', 'large/amazonaws-ec2.json'),
  openapiLoad('openapi: digitalocean (2.9k files)', 'multifile/digitalocean/DigitalOcean-public.v2.yaml'),
];
