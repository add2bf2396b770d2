import { SHEAF_VERSION } from '../../version.js';
import { ASSISTANT_INTERFACE_VERSION, assistantOpenApi, discoveryOpenApi, type OpenApiJson as Json } from './assistant-openapi.js';
import { SERVICE_ERRORS, type ServiceErrorCode } from './service-error.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Error responses shared by operations: each names the codes it can carry. */
const ERROR_RESPONSES: Record<string, { status: number; description: string; codes: ServiceErrorCode[] }> = {
  BadRequest: { status: 400, description: 'The body is not valid JSON, or has an unknown field, a wrong type or a bad value; the message names it.', codes: ['invalid-json', 'invalid-body'] },
  Unauthorized: { status: 401, description: 'No API key, or a malformed or unknown one.', codes: ['missing-api-key', 'invalid-api-key'] },
  Forbidden: { status: 403, description: 'An assistant key (`svc_dsc_…`) instead of an admin key, or an organization not on the Enterprise plan.', codes: ['admin-key-required', 'plan-required'] },
  JobNotFound: { status: 404, description: "No such job in the key's organization (another organization's job is reported the same way), or a malformed job id (code `invalid-job-id`).", codes: ['job-not-found', 'invalid-job-id'] },
  PayloadTooLarge: { status: 413, description: 'The body is larger than the limit (16 KiB by default).', codes: ['payload-too-large'] },
  UnsupportedMediaType: { status: 415, description: 'The body is not sent as `application/json`.', codes: ['unsupported-media-type'] },
  Internal: { status: 500, description: 'The service failed; the body carries no internals.', codes: ['internal'] },
};

function errorResponse(description: string, codes: readonly ServiceErrorCode[]): Json {
  const first = codes[0]!;
  return {
    description,
    content: {
      'application/json': {
        schema: ref('Error'),
        example: { error: exampleMessages[first], code: first },
      },
    },
  };
}

const exampleMessages: Record<ServiceErrorCode, string> = {
  'invalid-json': 'The body is not valid JSON: Unexpected end of JSON input.',
  'invalid-body': 'Unknown field `domian` in the body.',
  'invalid-job-id': 'No job `se_42`: a job id is `se_` followed by 16 hexadecimal digits.',
  'missing-api-key': 'Send an admin API key: `Authorization: Bearer svc_…`.',
  'invalid-api-key': 'The API key is malformed or unknown.',
  'admin-key-required': 'This is an assistant key (`svc_dsc_…`); the static export API needs an admin key (`svc_…`).',
  'plan-required': 'Static export requires the Enterprise plan; organization `acme` is on the pro plan.',
  'link-invalid': 'The bundle link is not valid: its signature does not match.',
  'link-expired': 'The bundle link expired at 2026-01-01T13:00:00.000Z; request a new one with POST /v1/static-export/jobs/{jobId}/bundle.',
  'not-found': 'No endpoint GET /v1/nothing.',
  'domain-not-found': 'No site `docs.acme.com` in your organization.',
  'job-not-found': 'No job `se_0123456789abcdef` in your organization.',
  'bundle-not-found': 'The bundle is no longer stored; start a new job.',
  'job-not-completed': 'Job `se_0123456789abcdef` is running; poll its status until it is completed.',
  'payload-too-large': 'The body is larger than 16384 bytes.',
  'unsupported-media-type': 'The body must be JSON: send `Content-Type: application/json`.',
  'range-not-satisfiable': "The range is outside the bundle's 52311 bytes.",
  'rate-limited': 'Too many export jobs: at most 60 per 3600 seconds per organization; retry in 42 seconds.',
  internal: 'The service failed to handle the request; try again later.',
};

const jobIdParam: Json = {
  name: 'jobId',
  in: 'path',
  required: true,
  description: 'The job id returned when the job was started.',
  schema: { type: 'string', pattern: '^se_[0-9a-f]{16}$', example: 'se_0123456789abcdef' },
};

const exampleJob = {
  jobId: 'se_0123456789abcdef',
  domain: 'docs.acme.com',
  deployment: 'cloud',
  status: 'running',
  progress: 40,
  pageCount: 12,
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-01T12:00:04.000Z',
};

/**
 * The OpenAPI 3.1 document of `sheaf service`: every endpoint (the static export API and the
 * assistant message endpoints v1 and v2), every status and the error shapes. Served at `/openapi.json`
 * with `serverUrl` as its server; `docs/openapi.json` is this document with the default local URL
 * (a test keeps them equal). The assistant paths are described even when `startService` runs
 * without its `assistant` option (then it answers 404 `not-found`).
 */
export function serviceOpenApiDocument(serverUrl: string): Json {
  const std = (extra: Record<string, Json> = {}): Record<string, Json> => ({
    '401': errorRef('Unauthorized'),
    '403': errorRef('Forbidden'),
    ...extra,
    '500': errorRef('Internal'),
  });
  const responses: Record<string, Json> = {};
  for (const [name, r] of Object.entries(ERROR_RESPONSES)) responses[name] = errorResponse(r.description, r.codes);
  const assistant = assistantOpenApi();
  const discovery = discoveryOpenApi();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sheaf service API',
      version: SHEAF_VERSION,
      description:
        'The static export API pre-renders a documentation site into a self-contained bundle (HTML, CSS and JavaScript with no runtime dependencies) as an asynchronous job. Start a job, poll its status until it is `completed`, then ask for a presigned bundle link and download it before it expires. Static export requires the Enterprise plan and an admin key.\n\nThe assistant message endpoints answer readers\' questions from a site\'s documentation: v2 as an AI SDK 5+ UI message stream, v1 (deprecated) as an AI SDK v4 data stream. They take the public assistant key.',
      license: { name: 'MIT', identifier: 'MIT' },
      // `info.version` is Sheaf's version (the document describes this build of the service); the
      // assistant API's description is at its own interface version, kept beside it.
      'x-assistant-interface-version': ASSISTANT_INTERFACE_VERSION,
    },
    servers: [{ url: serverUrl, description: 'This service' }],
    security: [{ adminKey: [] }],
    tags: [
      { name: 'Static export', description: 'Start export jobs, follow them and get their bundles.' },
      assistant.tag,
      discovery.tag,
      { name: 'Service', description: 'About the service itself.' },
    ],
    paths: {
      '/v1/static-export/jobs': {
        post: {
          operationId: 'startExportJob',
          tags: ['Static export'],
          summary: 'Start a static export job',
          description:
            'Queues a build of the site registered under `domain` in your organization, for the deployment profile in `deployment`: `cloud` by default, `client-hosted` for a self-hosted installation, `air-gapped` for one without network access (its bundle has no assistant or analytics and makes no network request). `version` labels the bundle (its `manifest.json` `version`, which `sheaf host --version` pins; default the job id). `paths` exports only those pages (see `StartJobRequest`). Jobs run one at a time by default; poll the job until its status is `completed` or `failed`. Each organization may start a limited number of jobs per hour (60 by default); past that the answer is 429 with `Retry-After`.',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('StartJobRequest'),
                examples: {
                  cloud: { summary: 'A bundle for the cloud profile (the default)', value: { domain: 'docs.acme.com' } },
                  airGapped: { summary: 'A bundle for an installation without network access', value: { domain: 'docs.acme.com', deployment: 'air-gapped' } },
                  pages: { summary: 'Some pages only, with a version label', value: { domain: 'docs.acme.com', version: '2024-06-01', paths: ['index', 'guides/getting-started'] } },
                },
              },
            },
          },
          responses: std({
            '202': {
              description: 'The job is queued.',
              headers: {
                Location: { description: 'Path of the job.', schema: { type: 'string' } },
                'RateLimit-Policy': { description: 'The job limit of the organization: `<jobs>;w=<seconds>`.', schema: { type: 'string' } },
              },
              content: { 'application/json': { schema: ref('Job'), example: { ...exampleJob, status: 'queued', progress: 0, pageCount: 0, updatedAt: exampleJob.createdAt } } },
            },
            '400': errorResponse("The body is not valid JSON, or has an unknown field, a wrong type or a bad value (the message names it); or no site with this domain is in the key's organization (code `domain-not-found`; another organization's site is reported the same way).", ['invalid-body', 'invalid-json', 'domain-not-found']),
            '413': errorRef('PayloadTooLarge'),
            '415': errorRef('UnsupportedMediaType'),
            '429': {
              description: 'The organization started too many jobs in the window.',
              headers: { 'Retry-After': { description: 'Seconds to wait before starting another job.', schema: { type: 'integer', minimum: 1 } } },
              content: { 'application/json': { schema: ref('Error'), example: { error: exampleMessages['rate-limited'], code: 'rate-limited' } } },
            },
          }),
        },
      },
      '/v1/static-export/jobs/{jobId}': {
        get: {
          operationId: 'getExportJob',
          tags: ['Static export'],
          summary: 'Get a job status',
          description: 'The job with its live `progress` (0–100) and `pageCount`. `completed` ends polling successfully and `failed` unsuccessfully, with the reason in `error`.',
          parameters: [jobIdParam],
          responses: std({
            '200': { description: 'The job.', content: { 'application/json': { schema: ref('Job'), example: exampleJob } } },
            '404': errorRef('JobNotFound'),
          }),
        },
      },
      '/v1/static-export/jobs/{jobId}/bundle': {
        post: {
          operationId: 'createExportBundle',
          tags: ['Static export'],
          summary: 'Generate a bundle link',
          description: 'A presigned link to the bundle of a completed job. The link expires (one hour by default); call this endpoint again for a fresh one. The request has no body (or an empty JSON object).',
          parameters: [jobIdParam],
          requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false } } } },
          responses: std({
            '200': {
              description: 'The bundle link.',
              content: {
                'application/json': {
                  schema: ref('Bundle'),
                  example: {
                    jobId: 'se_0123456789abcdef',
                    bundleUrl: 'http://127.0.0.1:8787/v1/static-export/bundles/se_0123456789abcdef/bundle.tar.gz?X-Sheaf-Expires=1767272400&X-Sheaf-Signature=9f2c…',
                    expiresAt: '2026-01-01T13:00:00.000Z',
                    sizeBytes: 52311,
                  },
                },
              },
            },
            '400': errorRef('BadRequest'),
            '404': errorResponse('No such job in the organization (or a malformed job id), or its bundle is no longer stored.', ['job-not-found', 'invalid-job-id', 'bundle-not-found']),
            '409': errorResponse('The job is not completed (queued, running or failed).', ['job-not-completed']),
            '413': errorRef('PayloadTooLarge'),
            '415': errorRef('UnsupportedMediaType'),
          }),
        },
      },
      '/v1/static-export/bundles/{jobId}/bundle.tar.gz': {
        get: {
          operationId: 'downloadExportBundle',
          tags: ['Static export'],
          summary: 'Download a bundle',
          description:
            'The `bundleUrl` of the bundle endpoint. The link is the credential: no `Authorization` header is needed, and any change to its path, expiry or signature makes it invalid. Supports `Range` requests for resuming downloads. The archive is a `.tar.gz` with `manifest.json` at its root.',
          security: [],
          parameters: [
            jobIdParam,
            { name: 'X-Sheaf-Expires', in: 'query', required: true, description: 'Expiry, in Unix seconds.', schema: { type: 'integer' } },
            { name: 'X-Sheaf-Signature', in: 'query', required: true, description: 'Hex HMAC-SHA256 over the method, path and expiry.', schema: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
            { name: 'Range', in: 'header', required: false, description: 'One byte range, e.g. `bytes=0-1023`.', schema: { type: 'string' } },
          ],
          responses: {
            '200': { description: 'The whole bundle.', headers: downloadHeaders(), content: { 'application/gzip': { schema: { type: 'string', contentMediaType: 'application/gzip' } } } },
            '206': {
              description: 'The requested byte range.',
              headers: { ...downloadHeaders(), 'Content-Range': { description: '`bytes <first>-<last>/<size>`.', schema: { type: 'string' } } },
              content: { 'application/gzip': { schema: { type: 'string', contentMediaType: 'application/gzip' } } },
            },
            '304': { description: 'The bundle matches `If-None-Match`.' },
            '403': errorResponse('The link is expired, or its path, expiry or signature was altered.', ['link-expired', 'link-invalid']),
            '404': errorResponse('The bundle is no longer stored.', ['bundle-not-found']),
            '416': errorResponse('The range starts past the end of the bundle.', ['range-not-satisfiable']),
            '500': errorRef('Internal'),
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          tags: ['Service'],
          summary: 'Get the OpenAPI document',
          description: 'This document, with the service URL as its server.',
          security: [],
          responses: {
            '200': { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } },
            '500': errorRef('Internal'),
          },
        },
      },
      ...assistant.paths,
      ...discovery.paths,
    },
    components: {
      securitySchemes: {
        adminKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An admin API key of the organization (`svc_…`), created with `sheaf keys create --org ORG --kind admin`. It is a server-side secret, refused by the assistant endpoint.',
        },
        ...assistant.securitySchemes,
      },
      schemas: {
        StartJobRequest: {
          type: 'object',
          additionalProperties: false,
          required: ['domain'],
          properties: {
            domain: { type: 'string', minLength: 1, maxLength: 253, description: 'The domain of a site registered for your organization.', example: 'docs.acme.com' },
            deployment: ref('Deployment'),
            version: {
              type: 'string',
              pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
              description: "A version label for the bundle: its `manifest.json` `version` (which `sheaf host --version` pins). Default: the job id. Anything else is refused with 400 `invalid-body`, naming it.",
              example: '2024-06-01',
            },
            paths: {
              type: 'array',
              minItems: 1,
              maxItems: 1000,
              items: { type: 'string', minLength: 1, maxLength: 200 },
              description:
                "Export only these pages: each a page's path as in docs.json, with or without a leading slash (`index` or `/` for the home page, `guides/getting-started`; a trailing `/`, `.mdx` or `/index` is allowed). The navigation keeps only them (groups and tabs left empty disappear); search, sitemap, llms.txt and the Markdown copies cover only them. A link to a page left out goes through a redirect page to that page on `https://<domain>`. An entry that is no page path (white space, `?`, `#`, `..`…) is refused with 400 `invalid-body`; an entry naming no page of the site is known once the job has loaded the site: the job fails, its `error` naming every such entry. Default: every page.",
              example: ['index', 'guides/getting-started'],
            },
          },
        },
        Deployment: {
          type: 'string',
          enum: ['cloud', 'client-hosted', 'air-gapped'],
          default: 'cloud',
          description:
            "The deployment profile the bundle is built for, with the profile's default features (recorded in the bundle's `manifest.json` as `deployment` and `features`). `cloud` and `client-hosted`: every feature. `air-gapped`, for an installation without network access: no assistant and no analytics, and no page loads anything from the network (remote images, fonts, scripts and styles are left out); search (a static index inside the bundle) and the API playground stay.",
          example: 'air-gapped',
        },
        Job: {
          type: 'object',
          required: ['jobId', 'domain', 'deployment', 'status', 'progress', 'pageCount', 'createdAt', 'updatedAt'],
          properties: {
            jobId: { type: 'string', pattern: '^se_[0-9a-f]{16}$', description: 'The job id.' },
            domain: { type: 'string', description: 'The exported site.' },
            deployment: { ...ref('Deployment'), description: 'The profile the job exports for, as it was started (`cloud` when the request named none).' },
            version: { type: 'string', description: 'The version label the job was started with (absent: the bundle is labelled with the job id).' },
            paths: { type: 'array', items: { type: 'string' }, description: 'The page paths the job was started with (absent: every page).' },
            status: { type: 'string', enum: ['queued', 'running', 'completed', 'failed'], description: '`queued` when started, `running` while it builds; `completed` and `failed` are final.' },
            progress: { type: 'integer', minimum: 0, maximum: 100, description: 'Percent done.' },
            pageCount: { type: 'integer', minimum: 0, description: 'Pages written so far; the final count once completed.' },
            error: { type: 'string', description: 'Why the job failed (only when `failed`).' },
            createdAt: { type: 'string', format: 'date-time' },
            updatedAt: { type: 'string', format: 'date-time' },
          },
        },
        Bundle: {
          type: 'object',
          required: ['jobId', 'bundleUrl', 'expiresAt', 'sizeBytes'],
          properties: {
            jobId: { type: 'string', pattern: '^se_[0-9a-f]{16}$' },
            bundleUrl: { type: 'string', format: 'uri', description: 'Presigned download link of the `.tar.gz` bundle.' },
            expiresAt: { type: 'string', format: 'date-time', description: 'When the link stops working.' },
            sizeBytes: { type: 'integer', minimum: 0, description: 'Size of the bundle in bytes.' },
          },
        },
        Error: {
          type: 'object',
          required: ['error', 'code'],
          description: "The body of every failure of the static export API: Mintlify's `{ \"error\": \"<message>\" }`, with the permanent code beside it.",
          properties: {
            error: { type: 'string', description: 'What happened and what to do, for people.' },
            code: { type: 'string', enum: Object.keys(SERVICE_ERRORS).sort(), description: 'Permanent error code.' },
          },
        },
        ...assistant.schemas,
        ...discovery.schemas,
      },
      responses,
      headers: assistant.headers,
    },
  };
}

function downloadHeaders(): Record<string, Json> {
  return {
    'Content-Length': { description: 'Bytes in this response.', schema: { type: 'integer' } },
    ETag: { description: 'Strong entity tag of the bundle.', schema: { type: 'string' } },
    'Accept-Ranges': { description: 'Always `bytes`.', schema: { type: 'string' } },
  };
}
