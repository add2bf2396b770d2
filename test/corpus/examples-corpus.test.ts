import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import type { LoadedOpenApi } from '../../src/model/openapi.js';
import { discoverOpenApiFiles } from '../../src/openapi/discover-openapi-files.js';
import { loadOpenApi } from '../../src/openapi/load-openapi.js';
import { checkDocumentExamples, type Violation } from './check-document-examples.js';
import { CORPUS } from './corpus-path.js';

/**
 * Issue 15 (amendment): every example Sheaf generates, for every parameter, request body and
 * response media type of every operation and webhook of the whole OpenAPI corpus (the documents
 * of ../shared/corpus/openapi and the OpenAPI files of the Mintlify projects), is validated
 * against its schema with ajv (see check-document-examples.ts and example-schema-check.ts).
 *
 * - Generated from the constraints alone, an example is valid, except for the schemas listed in
 *   NO_VALID_EXAMPLE with the reason none can be (contradictions, and `oneOf`s whose variants
 *   accept the same sensible values); the list must match exactly, so a new failure and a
 *   stale entry both fail.
 * - With the document's own values (`example`, `default`), the authors' values that break their
 *   schemas are kept as written (pages show what the author wrote, as Mintlify does): counted
 *   and pinned per document set, printed.
 *
 * Counts are pinned per document set (a folder of the OpenAPI corpus, or a Mintlify project).
 * Times are printed, not asserted.
 */

const OPENAPI_ROOT = path.join(CORPUS, 'openapi');
const MINTLIFY_ROOT = path.join(CORPUS, 'mintlify');
const HAS_CORPUS = existsSync(path.join(OPENAPI_ROOT, 'MANIFEST.tsv')) && existsSync(MINTLIFY_ROOT);

interface Pin {
  /** Documents that loaded. */
  readonly documents: number;
  /** Examples generated (one per parameter, body and response media type with a schema that gives one). */
  readonly examples: number;
  /** Distinct (schema, direction) pairs among them, each validated. */
  readonly distinct: number;
  /** Schemas whose generated example is valid but whose example with the authors' own values is not. */
  readonly authored: number;
}

const PINNED: Readonly<Record<string, Pin>> = {
  'openapi/large': { documents: 11, examples: 58_212, distinct: 22_156, authored: 54 },
  'openapi/medium': { documents: 15, examples: 26_278, distinct: 15_994, authored: 151 },
  'openapi/small': { documents: 21, examples: 3_450, distinct: 1_878, authored: 342 },
  'openapi/swagger2': { documents: 14, examples: 4_608, distinct: 4_217, authored: 0 },
  'openapi/multifile': { documents: 4, examples: 5_068, distinct: 1_011, authored: 7 },
  'openapi/v31': { documents: 11, examples: 2_510, distinct: 2_429, authored: 38 },
  'openapi/edge': { documents: 30, examples: 1_314, distinct: 781, authored: 3 },
  'mintlify/langgenius__dify-docs': { documents: 3, examples: 774, distinct: 750, authored: 0 },
  'mintlify/mem0ai__mem0': { documents: 1, examples: 207, distinct: 207, authored: 0 },
  'mintlify/mem0ai__mem0__mintjson-2025-02': { documents: 1, examples: 157, distinct: 157, authored: 0 },
  'mintlify/mintlify__docs': { documents: 24, examples: 505, distinct: 333, authored: 8 },
  'mintlify/pipecat-ai__docs': { documents: 1, examples: 187, distinct: 79, authored: 0 },
  'mintlify/triggerdotdev__trigger.dev': { documents: 2, examples: 256, distinct: 161, authored: 5 },
};

/** Reasons shared by several schemas. */
const OVERLAPPING =
  'oneOf variants that accept the same objects: no variant requires a property the others lack or forbids additional ones, so every sensible object matches several (only one that gives a property another variant defines a value of the wrong type would match just one)';
const ENUM_NOT_OF_TYPE = 'enum values that are not of the schema\'s type (enum [1, 2] with type: string): no value is both';

/**
 * Schemas for which no valid example exists (or, for overlapping `oneOf`s, no sensible one), by
 * document: the JSON pointers of the failing schemas (where ajv's first error points), and why.
 */
const NO_VALID_EXAMPLE: readonly { readonly document: string; readonly at: readonly string[]; readonly reason: string }[] = [
  { document: 'large/github-api.github.com.json', at: ['/paths/~1repos~1{owner}~1{repo}~1contents~1{path}/put/responses/409/content/application~1json/schema'], reason: `${OVERLAPPING}: basic-error and repository-rule-violation-error` },
  {
    document: 'large/github-api.github.com.json',
    at: ['/components/schemas/event/properties/payload'],
    reason: `${OVERLAPPING}: public-event (no properties required) accepts every payload the other event variants do`,
  },
  {
    document: 'large/amazonaws-ec2.json',
    at: ['/paths/~1#Action=CreateCapacityReservation/get/parameters/15/schema'],
    reason: 'pattern with ^ after its start (…:placement-group/^.{1,255}$): no string matches',
  },
  {
    document: 'large/zoom.us.json',
    at: [
      ...['accounts~1{accountId}', 'groups~1{groupId}'].flatMap((base) => [
        `/paths/~1${base}~1lock_settings/get/responses/200/content/application~1json/schema`,
        `/paths/~1${base}~1lock_settings/get/responses/200/content/application~1xml/schema`,
        `/paths/~1${base}~1lock_settings/patch/requestBody/content/application~1json/schema`,
        `/paths/~1${base}~1lock_settings/patch/requestBody/content/multipart~1form-data/schema`,
      ]),
      ...['accounts~1{accountId}', 'groups~1{groupId}', 'users~1{userId}'].flatMap((base) => [
        `/paths/~1${base}~1settings/get/responses/200/content/application~1json/schema/oneOf/1`,
        `/paths/~1${base}~1settings/get/responses/200/content/application~1xml/schema/oneOf/1`,
        `/paths/~1${base}~1settings/patch/requestBody/content/application~1json/schema/oneOf/1`,
        `/paths/~1${base}~1settings/patch/requestBody/content/multipart~1form-data/schema/oneOf/1`,
      ]),
      ...['rooms~1account_settings', 'rooms~1locations~1{locationId}~1settings', 'rooms~1{roomId}~1settings'].flatMap((base) => [
        `/paths/~1${base}/get/responses/200/content/application~1json/schema`,
        `/paths/~1${base}/get/responses/200/content/application~1xml/schema`,
        `/paths/~1${base}/patch/requestBody/content/application~1json/schema`,
        `/paths/~1${base}/patch/requestBody/content/multipart~1form-data/schema`,
      ]),
    ],
    reason: `${OVERLAPPING}: the settings variants list properties only`,
  },
  {
    document: 'large/zoom.us.json',
    at: ['/paths/~1report~1telephone/get/parameters/0/schema', ...['get', 'delete', 'patch'].map((m) => `/paths/~1users~1{userId}~1tsp~1{tspId}/${m}/parameters/1/schema`)],
    reason: ENUM_NOT_OF_TYPE,
  },
  {
    document: 'large/atlassian-jira.json',
    at: ['/components/schemas/SecuritySchemeMembersRequest', '/components/schemas/ScreenTypes'],
    reason: 'a required property (securitySchemeLevelMembers, defaultScreen) that properties does not list while additionalProperties is false',
  },
  {
    document: 'large/mist.com.json',
    at: ['/components/responses/Device/content/application~1json/schema', '/paths/~1api~1v1~1sites~1{site_id}~1devices~1{device_id}/put/requestBody/content/application~1json/schema'],
    reason: `${OVERLAPPING}: device_ap, device_switch and device_gateway`,
  },
  {
    document: 'medium/stackexchange-openapi.yaml',
    at: [12, 15, 16, 17, 24].map((i) => `/paths/~1search~1advanced/get/parameters/${i}/schema`),
    reason: `${ENUM_NOT_OF_TYPE}: [true, false] for a string`,
  },
  {
    document: 'medium/openbankingproject.ch.json',
    at: [
      '/components/responses/OK_200_AccountsTransactions/content/application~1xml/schema',
      '/components/responses/OK_200_AccountsTransactions/content/text~1plain/schema',
      '/components/requestBodies/paymentInitiation/content/application~1xml/schema',
      '/components/responses/OK_200_PaymentInitiationInformation/content/application~1xml/schema',
    ],
    reason: 'oneOf of plain strings (camt.052/053/054, MT940/942, pain.001 variants: type string and nothing else): every string matches all of them',
  },
  {
    document: 'medium/openbankingproject.ch.json',
    at: ['/components/responses/OK_200_UpdatePsuData/content/application~1json/schema'],
    reason: `${OVERLAPPING}: scaStatusResponse requires only scaStatus, which every other variant requires too`,
  },
  {
    document: 'multifile/digitalocean/DigitalOcean-public.v2.yaml',
    at: ['/paths/~1v2~1droplets~1actions/post/requestBody/content/application~1json/schema'],
    reason: 'oneOf whose later variants are allOf [the first variant, more optional properties]: whatever matches them matches the first too',
  },
  {
    document: 'v31/scalar-galaxy.yaml',
    at: ['/paths/~1planets/get/responses/200/content/application~1json/schema', '/paths/~1planets/get/responses/200/content/application~1xml/schema'],
    reason: 'a schema with $id whose $ref #/components/schemas/PaginatedResource then points inside that $id (openapi/ref-inside-id): ajv cannot resolve it',
  },
  {
    document: 'v31/readme-schema-types.json',
    at: ['put', 'patch'].map((m) => `/paths/~1anything~1quirks~1polymorphism/${m}/requestBody/content/application~1json/schema/allOf/0`),
    reason: 'allOf of a string and an integer: no value is both',
  },
  {
    document: 'v31/redoc-openapi-3-1.yaml',
    at: ['/components/schemas/Pet/properties/huntingSkill'],
    reason: 'a required property typed integer by Pet and string or boolean by Cat (allOf [Pet, …]): no value is both',
  },
  ...['v31/docusaurus-petstore-3.1.yaml', 'v31/redoc-openapi-3-1.yaml', 'edge/redoc-openapi.yaml'].map((document) => ({
    document,
    at: ['/components/schemas/User/properties/password'],
    reason:
      "pattern '/(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])/' (slashes written into the pattern) has lookaheads after its start: " +
      'RE2 cannot read them and the backtracking RegExp never runs an author\'s pattern (ReDoS guard, author-pattern.ts), so nothing is generated from it',
  })),
  {
    document: 'edge/readme-circular-request-bodies.yaml',
    at: ['/components/schemas/TreeNode'],
    reason: 'a required property (parent) of the schema\'s own type: no finite value',
  },
  {
    document: 'mem0ai__mem0/openapi.json',
    at: ['/paths/~1v1~1exports~1/post/responses/400/content/application~1json/schema'],
    reason: `${OVERLAPPING}: the two error objects (message, error)`,
  },
  {
    document: 'edge/readme-discriminators.yaml',
    at: ['/paths/~1embedded-discriminator/patch/requestBody/content/application~1json/schema'],
    reason: `${OVERLAPPING}: Cat and Dog (the discriminator sits in their shared parent, not on the oneOf, and pet_type is any string)`,
  },
];

interface Loaded {
  readonly name: string;
  readonly loaded: LoadedOpenApi;
}

function manifestPaths(): string[] {
  return readFileSync(path.join(OPENAPI_ROOT, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0] ?? '')
    .filter(Boolean);
}

/** The document sets: each folder of the OpenAPI corpus, and each Mintlify project. */
function documentSets(): string[] {
  if (!HAS_CORPUS) return [];
  const folders = [...new Set(manifestPaths().map((p) => p.split('/')[0] ?? ''))].map((f) => `openapi/${f}`);
  const projects = readdirSync(MINTLIFY_ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .map((d) => `mintlify/${d.name}`)
    .sort();
  return [...folders, ...projects];
}

/** Loads the documents of one set, one after another (only one large document in memory at a time). */
async function* loadSet(set: string): AsyncGenerator<Loaded> {
  if (set.startsWith('openapi/')) {
    const folder = set.slice('openapi/'.length);
    for (const file of manifestPaths().filter((p) => p.startsWith(`${folder}/`))) {
      const result = await loadOpenApi(OPENAPI_ROOT, { files: [], named: [file], allowNetwork: false });
      const loaded = result.output.documents[0];
      if (loaded) yield { name: file, loaded };
    }
    return;
  }
  const root = path.join(CORPUS, set);
  const files = await fg('**/*.{json,yaml,yml}', { cwd: root, ignore: ['**/node_modules/**'] });
  const specs = await discoverOpenApiFiles({ root }, files.sort());
  for (const file of specs) {
    const result = await loadOpenApi(root, { files: [file], named: [], allowNetwork: false });
    const loaded = result.output.documents[0];
    if (loaded) yield { name: `${set.slice('mintlify/'.length)}/${file}`, loaded };
  }
}

const SETS = documentSets();

/** The set a document name belongs to: `large/x.json` to `openapi/large`, `mintlify__docs/x.json` to `mintlify/mintlify__docs`. */
const setOf = (document: string): string | undefined => SETS.find((set) => document.startsWith(`${set.slice(set.indexOf('/') + 1)}/`));

describe.skipIf(!HAS_CORPUS)('generated examples are valid against their schemas, over the whole OpenAPI corpus (ajv)', () => {
  it('every document set is pinned and every listed schema belongs to a set', () => {
    expect(Object.keys(PINNED).sort()).toEqual([...SETS].sort());
    for (const entry of NO_VALID_EXAMPLE) expect([entry.document, setOf(entry.document)]).toEqual([entry.document, expect.any(String)]);
  });

  it.each(SETS)('%s', async (set) => {
    const started = performance.now();
    let documents = 0;
    let examples = 0;
    let distinct = 0;
    const generated: string[] = [];
    const authored: Violation[] = [];
    const lines: string[] = [];
    for await (const { name, loaded } of loadSet(set)) {
      const result = checkDocumentExamples(loaded);
      documents += 1;
      examples += result.examples;
      distinct += result.distinct;
      generated.push(...new Set(result.generated.map((v) => `${name} ${v.at}`)));
      authored.push(...result.authored);
      for (const v of result.generated) lines.push(`  no valid example: ${name} ${v.where} — ${v.error} (${v.at})`);
      for (const v of result.authored) lines.push(`  the document's own value breaks its schema: ${name} ${v.where} — ${v.error} (${v.at})`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${set}: ${documents} documents, ${examples} examples (${distinct} distinct) in ${seconds} s; ${generated.length} schemas without a valid example, ${authored.length} with authors' values that break them\n${lines.join('\n')}`);
    const listed = NO_VALID_EXAMPLE.filter((e) => setOf(e.document) === set).flatMap((e) => e.at.map((at) => `${e.document} ${at}`));
    expect([...new Set(generated)].sort()).toEqual([...new Set(listed)].sort());
    expect({ documents, examples, distinct, authored: authored.length }).toEqual(PINNED[set]);
  });
});
