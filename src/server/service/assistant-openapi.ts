import { MAX_BODY_BYTES } from '../assistant/admission.js';
import type { AssistantErrorCode, DiscoveryErrorCode } from '../assistant/http-error.js';
import { DEFAULT_RETRIEVAL_PAGE_SIZE, MAX_RETRIEVAL_PAGE_SIZE } from '../assistant/message-body.js';
import { CHARS_PER_TOKEN } from '../assistant/token-usage.js';

export type OpenApiJson = null | boolean | number | string | OpenApiJson[] | { [key: string]: OpenApiJson };
type Json = OpenApiJson;

/** The path of the assistant message endpoint v1 in OpenAPI form. */
export const ASSISTANT_OPENAPI_PATH = '/discovery/v1/assistant/{domain}/message';
/** The path of the assistant message endpoint v2 in OpenAPI form. */
export const ASSISTANT_V2_OPENAPI_PATH = '/discovery/v2/assistant/{domain}/message';

/**
 * The interface version of the assistant API's description ("Versioning", item 3 of the
 * interface: "at interface version 1.0.0"). It is not Sheaf's own version, which stays the
 * service document's `info.version`; the document carries this one as
 * `info.x-assistant-interface-version` and names it in the assistant tag.
 */
export const ASSISTANT_INTERFACE_VERSION = '1.0.0';

/**
 * Every code the assistant endpoint answers with, its status and an example message (the text the
 * endpoint sends). A `Record` over the code type: a new code does not compile until it is here.
 */
export const ASSISTANT_ERRORS: Record<Exclude<AssistantErrorCode, DiscoveryErrorCode>, { readonly status: number; readonly summary: string; readonly message: string }> = {
  'request/invalid-json': { status: 400, summary: 'The body is not JSON', message: 'The request body is not valid JSON.' },
  'request/invalid-body': {
    status: 400,
    summary: 'A field is missing or wrong',
    message: 'Invalid request body: currentPath: Too big: expected string to have <=200 characters.',
  },
  'auth/missing-key': { status: 401, summary: 'No Authorization header', message: 'Send the assistant key as `Authorization: Bearer svc_dsc_…`.' },
  'auth/malformed-key': { status: 401, summary: 'Not a bearer Sheaf key', message: 'The Authorization header must be `Bearer svc_dsc_…` with an assistant key.' },
  'auth/admin-key': {
    status: 403,
    summary: 'An admin key instead of the assistant key',
    message:
      'This endpoint needs an assistant key (`svc_dsc_…`), not an admin key. Admin keys are server-side secrets: keep them out of browsers, and create an assistant key for the organization instead.',
  },
  'auth/unknown-key': { status: 401, summary: 'Unknown or revoked assistant key', message: 'This assistant key is not valid (unknown or revoked).' },
  'auth/origin-not-allowed': {
    status: 403,
    summary: 'A site’s public key used by a page on another origin',
    message:
      'This is the public assistant key of `docs.acme.com`, for pages on https://docs.acme.com; a page on https://evil.example may not use it. The operator adds an origin with `sheaf sites set-assistant-key docs.acme.com --origin …`.',
  },
  'site/not-found': { status: 404, summary: 'No such site for this key', message: 'No documentation site `docs.acme.com` is available to this assistant key.' },
  'thread/not-found': {
    status: 404,
    summary: 'No such thread on this site',
    message: 'There is no thread `thr_0123456789abcdef0123456789abcdef` on this site. Leave threadId out to start a new thread.',
  },
  'request/method-not-allowed': { status: 405, summary: 'A method other than POST or OPTIONS', message: 'Send the message with POST.' },
  'site/not-built': {
    status: 409,
    summary: 'The site was never exported',
    message: 'The site `docs.acme.com` has no completed build yet, so the assistant has nothing to answer from. Export the site first.',
  },
  'request/too-large': { status: 413, summary: 'The body is over 1 MiB', message: 'The request body is larger than 1 MiB. Send fewer or shorter messages.' },
  'request/unsupported-media-type': { status: 415, summary: 'The body is not sent as JSON', message: 'Send the body as JSON with `Content-Type: application/json`.' },
  'rate-limit/ip': {
    status: 429,
    summary: 'Too many requests from this IP address today',
    message: 'Too many assistant requests from this IP address: the limit is 10000 per day. Try again in 50400 s.',
  },
  'rate-limit/organization': {
    status: 429,
    summary: 'Too many requests for this organization this hour',
    message: 'Too many assistant requests for this organization: the limit is 10000 per hour. Try again in 1512 s.',
  },
  internal: { status: 500, summary: 'The assistant failed', message: 'The assistant failed on this request. Try again later.' },
};

const schemaRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string): Json => ({ $ref: `#/components/headers/${name}` });

/** Headers every answer of the path carries (the deprecation notice). */
const DEPRECATION_HEADERS: Record<string, Json> = { Deprecation: headerRef('Deprecation'), Link: headerRef('Link') };
/** Headers of answers sent after the request was counted against the rate limits. */
const LIMIT_HEADERS: Record<string, Json> = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
  'RateLimit-Policy': headerRef('RateLimit-Policy'),
};

/** An error response of an assistant endpoint carrying the codes of `status`, one example each; v1's with the deprecation headers. */
function errorResponse(status: number, description: string, headers: Record<string, Json>, deprecated: boolean): Json {
  const codes = (Object.keys(ASSISTANT_ERRORS) as (keyof typeof ASSISTANT_ERRORS)[]).filter((code) => ASSISTANT_ERRORS[code].status === status);
  if (codes.length === 0) throw new Error(`No assistant error code has status ${status}`);
  const examples: Record<string, Json> = {};
  for (const code of codes) examples[code] = { summary: ASSISTANT_ERRORS[code].summary, value: { error: ASSISTANT_ERRORS[code].message, code } };
  return {
    description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    headers: { ...headers, ...(deprecated ? DEPRECATION_HEADERS : {}) },
    content: { 'application/json': { schema: schemaRef('AssistantError'), examples } },
  };
}

/** The error responses both versions answer with. */
function errorResponses(deprecated: boolean): Record<string, Json> {
  return {
    '400': errorResponse(400, 'The body is not JSON, or a field is missing or of the wrong type; the message names the fields. Also when no `user` message has text.', LIMIT_HEADERS, deprecated),
    '401': errorResponse(
      401,
      'No key, a malformed one, or an unknown or revoked assistant key. Counted against the IP limit only.',
      { 'WWW-Authenticate': { description: 'Always `Bearer realm="assistant"`.', schema: { type: 'string' } }, ...LIMIT_HEADERS },
      deprecated,
    ),
    '403': errorResponse(403, 'An admin key (`svc_…`) instead of the assistant key: a known kind of key that is not for this endpoint, refused without being looked up (and without a bearer challenge). Counted against the IP limit only.', LIMIT_HEADERS, deprecated),
    '404': errorResponse(404, "No such site for the key's organization (another organization's site answers the same), or no such thread on this site.", LIMIT_HEADERS, deprecated),
    '409': errorResponse(409, 'The site has no completed export yet: there are no search records to answer from.', LIMIT_HEADERS, deprecated),
    '413': errorResponse(
      413,
      `The body is larger than ${MAX_BODY_BYTES} bytes (1 MiB). The connection is closed.`,
      { Connection: { description: 'Always `close`: the rest of the body was not read.', schema: { type: 'string', const: 'close' } }, ...LIMIT_HEADERS },
      deprecated,
    ),
    '415': errorResponse(415, 'A `Content-Type` other than JSON (`application/json` or `application/*+json`).', LIMIT_HEADERS, deprecated),
    '429': errorResponse(
      429,
      'A rate limit is reached (see the description). Wait `Retry-After` seconds.',
      { 'Retry-After': { description: 'Seconds until the window of the exhausted limit ends.', schema: { type: 'integer', minimum: 1 } }, ...LIMIT_HEADERS },
      deprecated,
    ),
    '500': errorResponse(500, "The assistant failed, or the site's search records could not be read (only then with the `RateLimit-*` headers); the body carries no internals.", LIMIT_HEADERS, deprecated),
  };
}

const domainParam: Json = {
  name: 'domain',
  in: 'path',
  required: true,
  description: 'The domain identifier of the site, as it was registered with `sheaf sites add` (for example `docs.acme.com`).',
  schema: { type: 'string', minLength: 1, example: 'docs.acme.com' },
};

const THREAD_ID = 'thr_5f0c3b2a9d8e7f6a5b4c3d2e1f0a9b8c';
const MESSAGE_ID = 'msg_79bd376493e1d43d23fc086a';
const TOOL_CALL_ID = 'call_89339e4b07c869a041f0a175';
const EXAMPLE_HIT = { path: '/quickstart#install', content: 'Install the CLI with npm install -g acme-cli, then run acme login.', metadata: { title: 'Quickstart', section: 'Install' } };
const EXAMPLE_QUESTION = 'How do I install the CLI?';
const EXAMPLE_ANSWER = ['Here is what the documentation says:\n\n', '- **Quickstart › Install**: Install the CLI with npm install -g acme-cli, then run acme login. [1]\n'];
/** The extractive provider's estimate for the example answer. */
const EXAMPLE_USAGE = { promptTokens: 126, completionTokens: 35 };

/** A whole answer as the v1 endpoint streams it (the extractive provider, one passage found). */
const EXAMPLE_STREAM = [
  `f:${JSON.stringify({ messageId: MESSAGE_ID })}`,
  `9:${JSON.stringify({ toolCallId: TOOL_CALL_ID, toolName: 'search', args: { query: EXAMPLE_QUESTION } })}`,
  `a:${JSON.stringify({ toolCallId: TOOL_CALL_ID, result: [EXAMPLE_HIT] })}`,
  'e:{"finishReason":"tool-calls","isContinued":false}',
  `f:${JSON.stringify({ messageId: MESSAGE_ID })}`,
  ...EXAMPLE_ANSWER.map((text) => `0:${JSON.stringify(text)}`),
  'h:{"sourceType":"url","id":"1","url":"/quickstart#install","title":"Quickstart › Install"}',
  `2:[{"type":"finish","threadId":"${THREAD_ID}"}]`,
  `e:${JSON.stringify({ finishReason: 'stop', usage: EXAMPLE_USAGE, isContinued: false })}`,
  `d:${JSON.stringify({ finishReason: 'stop', usage: EXAMPLE_USAGE })}`,
].map((line) => `${line}\n`).join('');

/** The same answer as the v2 endpoint streams it. */
const EXAMPLE_UI_STREAM = [
  { type: 'start', messageId: MESSAGE_ID, messageMetadata: { threadId: THREAD_ID } },
  { type: 'start-step' },
  { type: 'tool-input-available', toolCallId: TOOL_CALL_ID, toolName: 'search', input: { query: EXAMPLE_QUESTION } },
  { type: 'tool-output-available', toolCallId: TOOL_CALL_ID, output: [EXAMPLE_HIT] },
  { type: 'finish-step' },
  { type: 'start-step' },
  { type: 'text-start', id: 'text_79bd376493e1d43d23fc086a' },
  ...EXAMPLE_ANSWER.map((delta) => ({ type: 'text-delta', id: 'text_79bd376493e1d43d23fc086a', delta })),
  { type: 'text-end', id: 'text_79bd376493e1d43d23fc086a' },
  { type: 'source-url', sourceId: '1', url: '/quickstart#install', title: 'Quickstart › Install' },
  { type: 'finish-step' },
  {
    type: 'finish',
    messageMetadata: {
      threadId: THREAD_ID,
      usage: { inputTokens: EXAMPLE_USAGE.promptTokens, outputTokens: EXAMPLE_USAGE.completionTokens, totalTokens: EXAMPLE_USAGE.promptTokens + EXAMPLE_USAGE.completionTokens },
    },
  },
]
  .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
  .join('')
  .concat('data: [DONE]\n\n');

const USAGE_DESCRIPTION = `**Token usage** is what the answer provider reports: an OpenAI-compatible model's own count (the service asks for it with \`stream_options.include_usage\`), else an estimate: the prompt a model would be given (instructions, passages, thread, question and context) and the answer, at ${CHARS_PER_TOKEN} characters a token. The extractive provider, which runs no model, always reports that estimate.`;

const STREAM_DESCRIPTION = [
  'The answer as an AI SDK v4 data stream (`streamProtocol: "data"`): one part per line, `<code>:<JSON>`, LF-terminated. In order:',
  '',
  '1. `f` start step, `9` the `search` tool call with the query searched, `a` its result (the passages retrieved: `path`, `content`, `metadata.title`, `metadata.section`, and `metadata.version`/`metadata.language` when the page has them), `e` finish step;',
  '2. `f` start step, `0` text parts of the answer, which cites passages as `[n]` (the n-th passage of the result);',
  '3. `h` one source part per cited passage (`url` is the page path), `2` the data part `[{"type":"finish","threadId":"…"}]`, `e` finish step and `d` finish message, both with `usage: {promptTokens, completionTokens}`.',
  '',
  'When the answer provider fails after the stream has started (the status stays 200), the error part `3:"…"` comes before the finish data part and the finish parts, whose `finishReason` is then `error`: the thread id and the usage still arrive. The thread id is also in the `X-Thread-Id` header.',
  '',
  USAGE_DESCRIPTION,
].join('\n');

const UI_STREAM_DESCRIPTION = [
  'The answer as an AI SDK 5+ UI message stream: server-sent events, one chunk as JSON per `data:` event, ended by `data: [DONE]` (as the SDK\'s own `createUIMessageStreamResponse` sends it). In order:',
  '',
  '1. `start` with the message id and `messageMetadata: {threadId}`;',
  '2. a step (`start-step` … `finish-step`) with the `search` tool call: `tool-input-available` (`toolName: "search"`, `input: {query}`) and `tool-output-available` (`output`: the passages retrieved, as in v1);',
  '3. a step with the answer: `text-start`, `text-delta`s citing passages as `[n]`, `text-end`, then one `source-url` per cited passage (`sourceId` is n, `url` the page path);',
  '4. `finish` with `messageMetadata: {threadId, usage: {inputTokens, outputTokens, totalTokens}}`.',
  '',
  "**Where the thread id is.** Mintlify's document says a client reads `event.threadId` when `event.type === 'finish'`. The AI SDK validates every chunk, and the chunk schemas of its first releases (`ai@5.0.0`, `ai@6.0.0`) are strict objects: a `finish` chunk with a `threadId` key of its own (or, in 5.0.0, a `finishReason`) fails validation there. So the thread id travels as the message metadata of `start` and `finish`, which every release of AI SDK 5, 6 and 7 accepts: read it as `message.metadata.threadId` (or from `onFinish`'s message), or from the `X-Thread-Id` header.",
  '',
  'When the answer provider fails after the stream has started (the status stays 200), an `error` chunk (`errorText`) comes before the final `finish-step` and `finish`, so the thread id and the usage still arrive; the client sees the error through `onError`.',
  '',
  USAGE_DESCRIPTION,
].join('\n');

/** What both versions do with threads, limits and checks. */
const SHARED_DESCRIPTION = [
  '**Threads.** Without `threadId` (absent, `null` or `""`) the request starts a new thread, stored with the user and assistant messages with text that come before the question; its id comes back in the stream and in `X-Thread-Id`. Send it as `threadId` with the next question to continue: the history is then the stored thread, not the `messages` sent. Sending the same user message id again (the client\'s `reload()` or `regenerate()`) answers that question anew. A thread belongs to one site and organization; any other id is 404 `thread/not-found`. v1 and v2 share the threads.',
  '',
  '**The question** is the last `user` message with text. A history that ends with an `assistant` (or v1 `data`) message, as after a cut-off answer, is answered from that user message; a body with no user message with text is refused (400).',
  '',
  '**Rate limits.** Every request counts against two windows: 10,000 requests per client IP address per day (counted first, before the key is checked) and 10,000 requests per organization per hour (counted once the key and site are known). v1 and v2 requests count against the same windows. The operator sets them with `--assistant-ip-per-day` and `--assistant-org-per-hour`. Windows are aligned to the clock (whole hours, whole UTC days), kept in the memory of the service process unless the service shares Redis, and a refused request does not count. Past a limit the answer is 429 with `Retry-After`; `RateLimit-*` headers describe the limit closest to running out, and `RateLimit-Policy` lists both (`10000;w=3600, 10000;w=86400`). The client address is the connection\'s peer: behind a proxy every reader shares one address, so limit there instead.',
  '',
  `**Order of checks.** IP limit, key (401), site (404), a site's public key used by a page on another origin (403), organization limit, content type (415; a request without \`Content-Type\` is read as JSON), body size (413, over ${MAX_BODY_BYTES / 1_048_576} MiB), JSON (400), fields (400, naming up to five wrong fields), a completed export (409), thread (404).`,
  '',
  '**Errors** are `{"error": "<message>", "code": "<code>"}`: `error` is the message, a string, as Mintlify\'s clients read it; `code` is permanent.',
  '',
  'Other methods on this path (`GET`, `HEAD`, `PUT`, `PATCH`, `DELETE`) answer 405 `request/method-not-allowed` with `Allow: POST, OPTIONS`. The endpoint is served by `sheaf service`; `startService` serves it only when given its `assistant` option.',
].join('\n');

const POST_DESCRIPTION = [
  "Answers the question from the documentation of `domain`: the service searches the search records of the site's latest completed export, then streams the answer with its citations. Compatible with `useChat` of AI SDK v4 (`ai@4`, `@ai-sdk/react@1`) configured with `streamProtocol: 'data'`, `sendExtraMessageFields: true`, `body: { fp, retrievalPageSize: 5 }` and the assistant key as a bearer `Authorization` header.",
  '',
  SHARED_DESCRIPTION,
  '',
  '**Deprecated.** Every answer carries `Deprecation: true` and a `Link` to the successor version, the v2 endpoint `/discovery/v2/assistant/{domain}/message` for AI SDK 5 and later.',
].join('\n');

const POST_V2_DESCRIPTION = [
  "Answers the question from the documentation of `domain`, like v1, for AI SDK 5, 6 and 7: `useChat` with `new DefaultChatTransport({ api, headers: { Authorization: 'Bearer svc_dsc_…' }, body: { fp, retrievalPageSize: 5, … } })`. The transport posts the chat's UI messages (`id`, `role`, `parts`) with its `id`, `trigger` and `messageId`, and the `body` fields beside them; all of them are read as in v1.",
  '',
  SHARED_DESCRIPTION,
].join('\n');

/** The headers of a streamed answer of either version. */
const answerHeaders = (protocolHeader: Record<string, Json>): Record<string, Json> => ({
  'X-Thread-Id': { description: 'The thread of this answer (new or continued); send it as `threadId` to continue.', schema: { type: 'string', pattern: '^thr_[0-9a-f]{32}$', example: THREAD_ID } },
  ...protocolHeader,
  'Cache-Control': { description: 'Always `no-store`.', schema: { type: 'string', const: 'no-store' } },
  ...LIMIT_HEADERS,
});

/** The CORS preflight of a message path. */
function preflight(deprecated: boolean, exposed: string): Json {
  return {
    operationId: deprecated ? 'preflightAssistantMessage' : 'preflightAssistantMessageV2',
    tags: ['Assistant'],
    summary: `CORS preflight of the assistant message (${deprecated ? 'v1' : 'v2'})`,
    description: 'The browser asks before a cross-origin `POST`. Any origin may call the endpoint: the assistant key is public and no cookies are involved (a site\'s public key is then refused with 403 `auth/origin-not-allowed` on a page of another origin). Needs no key and counts against no limit.',
    ...(deprecated ? { deprecated: true } : {}),
    security: [],
    parameters: [domainParam],
    responses: {
      '204': {
        description: 'The methods and headers a cross-origin request may use.',
        headers: {
          'Access-Control-Allow-Origin': { description: 'Always `*`.', schema: { type: 'string', const: '*' } },
          'Access-Control-Allow-Methods': { description: 'Always `POST,OPTIONS`.', schema: { type: 'string', const: 'POST,OPTIONS' } },
          'Access-Control-Allow-Headers': { description: 'Always `Authorization,Content-Type`.', schema: { type: 'string', const: 'Authorization,Content-Type' } },
          'Access-Control-Expose-Headers': { description: `The response headers a script may read: ${exposed}.`, schema: { type: 'string' } },
          'Access-Control-Max-Age': { description: 'Seconds a browser may cache the preflight: `600`.', schema: { type: 'integer', const: 600 } },
          ...(deprecated ? DEPRECATION_HEADERS : {}),
        },
      },
    },
  };
}

const EXPOSED =
  '`X-Thread-Id`, `X-Vercel-AI-Data-Stream`, `X-Vercel-AI-UI-Message-Stream`, `Retry-After`, the `RateLimit-*` headers, `Deprecation`, `Sunset` and `Link` (the same list on both versions)';

const v1Text = (id: string, text: string): Json => ({ id, role: 'user', content: text, parts: [{ type: 'text', text }] });
const v2Text = (id: string, text: string): Json => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const FOLLOW_UP = 'Where does the login token come from?';
const CONTEXT: Json = [{ type: 'code', value: 'acme login --token $TOKEN', path: '/quickstart' }];

/** The path items, schemas, headers and security scheme of the assistant message endpoints v1 and v2. */
export function assistantOpenApi(): { paths: Record<string, Json>; schemas: Record<string, Json>; headers: Record<string, Json>; securitySchemes: Record<string, Json>; tag: Json } {
  return {
    tag: {
      name: 'Assistant',
      description: `The assistant message endpoints: answers from the documentation, for AI SDK 5+ chat clients (v2) and AI SDK v4 ones (v1, deprecated). Assistant interface version ${ASSISTANT_INTERFACE_VERSION}.`,
    },
    paths: {
      [ASSISTANT_OPENAPI_PATH]: {
        post: {
          operationId: 'sendAssistantMessage',
          tags: ['Assistant'],
          summary: 'Send an assistant message (v1)',
          description: POST_DESCRIPTION,
          deprecated: true,
          security: [{ assistantKey: [] }],
          parameters: [domainParam],
          requestBody: {
            required: true,
            description: `JSON, at most ${MAX_BODY_BYTES} bytes (1 MiB). Fields the AI SDK client adds beyond these are accepted and ignored.`,
            content: {
              'application/json': {
                schema: schemaRef('AssistantMessageRequest'),
                examples: {
                  question: { summary: 'A first question', value: { fp: 'anonymous', retrievalPageSize: 5, messages: [v1Text('msg_u1', EXAMPLE_QUESTION)] } },
                  followUp: {
                    summary: 'A follow-up in a thread, with context',
                    value: {
                      fp: 'user-1842',
                      threadId: THREAD_ID,
                      retrievalPageSize: 5,
                      filter: { version: 'v2', language: 'en' },
                      currentPath: '/quickstart',
                      context: CONTEXT,
                      messages: [
                        v1Text('msg_u1', EXAMPLE_QUESTION),
                        {
                          id: MESSAGE_ID,
                          role: 'assistant',
                          content: EXAMPLE_ANSWER.join(''),
                          parts: [
                            { type: 'step-start' },
                            { type: 'tool-invocation', toolInvocation: { state: 'result', step: 0, toolCallId: TOOL_CALL_ID, toolName: 'search', args: { query: EXAMPLE_QUESTION }, result: [EXAMPLE_HIT] } },
                            { type: 'step-start' },
                            { type: 'text', text: EXAMPLE_ANSWER.join('') },
                            { type: 'source', source: { sourceType: 'url', id: '1', url: '/quickstart#install', title: 'Quickstart › Install' } },
                          ],
                        },
                        v1Text('msg_u2', FOLLOW_UP),
                      ],
                    },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: STREAM_DESCRIPTION,
              headers: {
                ...answerHeaders({ 'X-Vercel-AI-Data-Stream': { description: 'The stream protocol version: always `v1`.', schema: { type: 'string', const: 'v1' } } }),
                ...DEPRECATION_HEADERS,
              },
              content: {
                'text/plain': {
                  schema: { type: 'string', description: 'Data stream parts, one per line (`text/plain; charset=utf-8`).' },
                  example: EXAMPLE_STREAM,
                },
              },
            },
            ...errorResponses(true),
          },
        },
        options: preflight(true, EXPOSED),
      },
      [ASSISTANT_V2_OPENAPI_PATH]: {
        post: {
          operationId: 'sendAssistantMessageV2',
          tags: ['Assistant'],
          summary: 'Send an assistant message (v2)',
          description: POST_V2_DESCRIPTION,
          security: [{ assistantKey: [] }],
          parameters: [domainParam],
          requestBody: {
            required: true,
            description: `JSON, at most ${MAX_BODY_BYTES} bytes (1 MiB). Fields the AI SDK client adds beyond these are accepted and ignored.`,
            content: {
              'application/json': {
                schema: schemaRef('AssistantMessageV2Request'),
                examples: {
                  question: {
                    summary: 'A first question, as DefaultChatTransport posts it',
                    value: { id: 'chat_1', messages: [v2Text('msg_u1', EXAMPLE_QUESTION)], trigger: 'submit-message', fp: 'anonymous', retrievalPageSize: 5 },
                  },
                  followUp: {
                    summary: 'A follow-up in a thread, with context',
                    value: {
                      id: 'chat_1',
                      trigger: 'submit-message',
                      fp: 'user-1842',
                      threadId: THREAD_ID,
                      retrievalPageSize: 5,
                      filter: { version: 'v2', language: 'en' },
                      currentPath: '/quickstart',
                      context: CONTEXT,
                      messages: [
                        v2Text('msg_u1', EXAMPLE_QUESTION),
                        {
                          id: MESSAGE_ID,
                          role: 'assistant',
                          metadata: { threadId: THREAD_ID },
                          parts: [
                            { type: 'step-start' },
                            { type: 'tool-search', toolCallId: TOOL_CALL_ID, state: 'output-available', input: { query: EXAMPLE_QUESTION }, output: [EXAMPLE_HIT] },
                            { type: 'step-start' },
                            { type: 'text', text: EXAMPLE_ANSWER.join(''), state: 'done' },
                            { type: 'source-url', sourceId: '1', url: '/quickstart#install', title: 'Quickstart › Install' },
                          ],
                        },
                        v2Text('msg_u2', FOLLOW_UP),
                      ],
                    },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: UI_STREAM_DESCRIPTION,
              headers: answerHeaders({
                'x-vercel-ai-ui-message-stream': { description: 'The UI message stream protocol version: always `v1`.', schema: { type: 'string', const: 'v1' } },
              }),
              content: {
                'text/event-stream': {
                  schema: { type: 'string', description: 'Server-sent events, one UI message chunk as JSON per `data:` line, then `data: [DONE]`.' },
                  example: EXAMPLE_UI_STREAM,
                },
              },
            },
            ...errorResponses(false),
          },
        },
        options: preflight(false, EXPOSED),
      },
    },
    headers: {
      Deprecation: { description: 'Always `true`: the v1 endpoint is deprecated.', schema: { type: 'string', const: 'true' } },
      Link: {
        description: 'The successor version: `</discovery/v2/assistant/{domain}/message>; rel="successor-version"`.',
        schema: { type: 'string', example: '</discovery/v2/assistant/docs.acme.com/message>; rel="successor-version"' },
      },
      'RateLimit-Limit': { description: 'Requests allowed in the window of the limit closest to running out.', schema: { type: 'integer', minimum: 1, example: 10000 } },
      'RateLimit-Remaining': { description: 'Requests left in that window (`0` on a 429).', schema: { type: 'integer', minimum: 0, example: 9999 } },
      'RateLimit-Reset': { description: 'Seconds until that window ends (rounded up).', schema: { type: 'integer', minimum: 1, example: 1512 } },
      'RateLimit-Policy': {
        description:
          'Every limit the request was counted against, as `<requests>;w=<window seconds>`: the organization per hour, then the IP address per day. Only the latter on answers given before the organization was counted (401, 404 `site/not-found`, 429 `rate-limit/ip`).',
        schema: { type: 'string', example: '10000;w=3600, 10000;w=86400' },
      },
    },
    securitySchemes: {
      assistantKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'svc_dsc_…',
        description:
          'An assistant key of the organization (`svc_dsc_…`), created with `sheaf keys create --org ORG --kind assistant`. It is a public key, safe in client-side code; it only opens the assistant of its own organization\'s sites. Admin keys (`svc_…`) are refused here.',
      },
    },
    schemas: {
      AssistantMessageRequest: {
        type: 'object',
        required: ['fp', 'messages'],
        description: 'The body of an assistant message. Fields beyond these are accepted and ignored.',
        properties: {
          fp: { type: 'string', description: 'Fingerprint of the reader for tracking conversation sessions: `anonymous`, or a unique user identifier. Stored with a new thread.', example: 'anonymous' },
          messages: {
            type: 'array',
            minItems: 1,
            items: schemaRef('AssistantMessage'),
            description: "The conversation so far. The question is the last `user` message with text in `content` or in its `text` parts (messages after it, such as a cut-off answer, are left out). On a new thread the earlier `user` and `assistant` messages with text become the thread's history.",
          },
          threadId: {
            type: ['string', 'null'],
            description: 'The thread to continue, as the finish data part (or `X-Thread-Id`) of an earlier answer gave it. Absent, `null` or `""` start a new thread.',
            example: THREAD_ID,
          },
          retrievalPageSize: schemaRef('RetrievalPageSize'),
          filter: {
            type: ['object', 'null'],
            description: 'Search only pages of this version and language, plus pages that have neither. `null` or absent: no filter.',
            properties: { version: { type: 'string', example: 'v2' }, language: { type: 'string', example: 'en' } },
          },
          context: { type: 'array', items: schemaRef('AssistantContext'), description: 'Code or text the reader pointed at; its words join the search query and it is given to the answer provider.' },
          currentPath: { type: 'string', maxLength: 200, description: 'Path of the page the reader is on; that page ranks higher in the search.', example: '/quickstart' },
        },
      },
      AssistantMessage: {
        type: 'object',
        required: ['id', 'role', 'content', 'parts'],
        description: 'A message of the conversation, as AI SDK v4 sends it (`sendExtraMessageFields: true`). Other fields are accepted and ignored.',
        properties: {
          id: { type: 'string', description: 'Unique message identifier.' },
          role: { type: 'string', enum: ['system', 'assistant', 'data', 'user'] },
          content: { type: 'string', description: 'The message text.' },
          parts: { type: 'array', items: schemaRef('MessagePart'), description: 'Typed parts of the message.' },
          createdAt: schemaRef('DateTime'),
          annotations: { type: 'array', items: {}, description: 'Annotations of the message (any values).' },
          experimental_attachments: { type: 'array', items: schemaRef('Attachment') },
        },
      },
      Attachment: {
        type: 'object',
        required: ['url'],
        properties: { url: { type: 'string' }, name: { type: 'string' }, contentType: { type: 'string' } },
      },
      MessagePart: {
        description: 'A part of a message, discriminated by `type`.',
        oneOf: ['TextPart', 'ReasoningPart', 'StepStartPart', 'SourcePart', 'ToolInvocationPart'].map(schemaRef),
        discriminator: {
          propertyName: 'type',
          mapping: {
            text: '#/components/schemas/TextPart',
            reasoning: '#/components/schemas/ReasoningPart',
            'step-start': '#/components/schemas/StepStartPart',
            source: '#/components/schemas/SourcePart',
            'tool-invocation': '#/components/schemas/ToolInvocationPart',
          },
        },
      },
      TextPart: { type: 'object', required: ['type', 'text'], properties: { type: { type: 'string', const: 'text' }, text: { type: 'string' } } },
      ReasoningPart: {
        type: 'object',
        required: ['type', 'reasoning', 'details'],
        properties: {
          type: { type: 'string', const: 'reasoning' },
          reasoning: { type: 'string' },
          details: { type: 'array', items: schemaRef('ReasoningDetail') },
        },
      },
      ReasoningDetail: {
        description: 'A piece of reasoning, discriminated by `type`.',
        oneOf: [schemaRef('ReasoningTextDetail'), schemaRef('ReasoningRedactedDetail')],
        discriminator: { propertyName: 'type', mapping: { text: '#/components/schemas/ReasoningTextDetail', redacted: '#/components/schemas/ReasoningRedactedDetail' } },
      },
      ReasoningTextDetail: {
        type: 'object',
        required: ['type', 'text'],
        properties: { type: { type: 'string', const: 'text' }, text: { type: 'string' }, signature: { type: 'string' } },
      },
      ReasoningRedactedDetail: { type: 'object', required: ['type', 'data'], properties: { type: { type: 'string', const: 'redacted' }, data: { type: 'string' } } },
      StepStartPart: { type: 'object', required: ['type'], properties: { type: { type: 'string', const: 'step-start' } } },
      SourcePart: {
        type: 'object',
        required: ['type', 'source'],
        properties: {
          type: { type: 'string', const: 'source' },
          source: {
            type: 'object',
            required: ['sourceType', 'id', 'url'],
            properties: { sourceType: { type: 'string', const: 'url' }, id: { type: 'string' }, url: { type: 'string' }, title: { type: 'string' } },
          },
        },
      },
      ToolInvocationPart: {
        type: 'object',
        required: ['type', 'toolInvocation'],
        properties: { type: { type: 'string', const: 'tool-invocation' }, toolInvocation: schemaRef('ToolInvocation') },
      },
      ToolInvocation: {
        description: 'A tool call in one of its three states, discriminated by `state`.',
        oneOf: [schemaRef('PartialToolCall'), schemaRef('ToolCall'), schemaRef('ToolResult')],
        discriminator: {
          propertyName: 'state',
          mapping: { 'partial-call': '#/components/schemas/PartialToolCall', call: '#/components/schemas/ToolCall', result: '#/components/schemas/ToolResult' },
        },
      },
      PartialToolCall: toolInvocationSchema('partial-call', 'A tool call whose arguments are still streaming.'),
      ToolCall: toolInvocationSchema('call', 'A tool call with its arguments.'),
      ToolResult: toolInvocationSchema('result', 'A tool call with its result.'),
      AssistantContext: {
        type: 'object',
        required: ['type', 'value'],
        properties: {
          type: { type: 'string', enum: ['code', 'textSelection'] },
          value: { type: 'string', description: 'The code snippet or the selected text.' },
          path: { type: 'string', description: 'Path of the source file or page it comes from; that page ranks higher in the search.' },
          elementId: { type: 'string', description: 'Identifier of the UI element holding the context.' },
        },
      },
      AssistantError: {
        type: 'object',
        required: ['error', 'code'],
        description: "The body of every failure of the assistant endpoints. `error` is a string, the message, as Mintlify's clients read it.",
        properties: {
          error: { type: 'string', description: 'What happened and what to do, for people. Never holds a key.' },
          code: { type: 'string', enum: Object.keys(ASSISTANT_ERRORS).sort(), description: 'Permanent error code.' },
        },
      },
      RetrievalPageSize: {
        type: 'number',
        default: DEFAULT_RETRIEVAL_PAGE_SIZE,
        description: `Search results (passages) the answer is made from. More give more context and a slower answer; 5 is recommended. Any number is taken: it is rounded down and brought into 1–${MAX_RETRIEVAL_PAGE_SIZE}.`,
      },
      DateTime: {
        type: 'string',
        format: 'date-time',
        description:
          'Creation time, an RFC 3339 date-time: `T` or `t` (or a space) between date and time, `Z`, `z` or `±hh:mm`, any fraction of a second, and second 60 where the time is 23:59 UTC (a leap second). Other ISO 8601 forms (`+0100`, no offset) are refused.',
        example: '2026-01-01T10:30:00Z',
      },
      AssistantMessageV2Request: {
        type: 'object',
        required: ['fp', 'messages'],
        description: "The body `DefaultChatTransport` posts: the chat's `id`, `messages`, `trigger` and `messageId`, and the transport's `body` fields beside them. Fields beyond these are accepted and ignored.",
        properties: {
          id: { type: 'string', description: 'The chat id (read and ignored).' },
          trigger: { type: 'string', description: '`submit-message` or `regenerate-message` (read and ignored: a question already in the thread is answered anew either way).' },
          messageId: { type: 'string', description: 'The message to regenerate (read and ignored).' },
          fp: { type: 'string', description: 'Fingerprint of the reader: `anonymous`, or a unique user identifier. Stored with a new thread.', example: 'anonymous' },
          messages: {
            type: 'array',
            minItems: 1,
            items: schemaRef('UIMessage'),
            description: "The chat's messages. The question is the last `user` message with text in its `text` parts; on a new thread the earlier `user` and `assistant` messages with text become the thread's history.",
          },
          threadId: {
            type: ['string', 'null'],
            description: 'The thread to continue, as `message.metadata.threadId` (or `X-Thread-Id`) of an earlier answer gave it. Absent, `null` or `""` start a new thread.',
            example: THREAD_ID,
          },
          retrievalPageSize: schemaRef('RetrievalPageSize'),
          filter: {
            type: ['object', 'null'],
            description: 'Search only pages of this version and language, plus pages that have neither. `null` or absent: no filter. `groups` is accepted and ignored: the pages of a Sheaf site are public.',
            properties: { version: { type: 'string', example: 'v2' }, language: { type: 'string', example: 'en' }, groups: { type: 'array', items: { type: 'string' } } },
          },
          context: { type: 'array', items: schemaRef('AssistantContext'), description: 'Code or text the reader pointed at; its words join the search query and it is given to the answer provider.' },
          currentPath: { type: 'string', maxLength: 200, description: 'Path of the page the reader is on; that page ranks higher in the search.', example: '/quickstart' },
        },
      },
      UIMessage: {
        type: 'object',
        required: ['id', 'role', 'parts'],
        description: 'A message of the chat, as AI SDK 5+ keeps it. Other fields are accepted and ignored.',
        properties: {
          id: { type: 'string', description: 'Unique message identifier.' },
          role: { type: 'string', enum: ['system', 'assistant', 'user'] },
          parts: { type: 'array', items: schemaRef('UIMessagePart'), description: 'Typed parts of the message.' },
          createdAt: schemaRef('DateTime'),
          metadata: { description: 'The message metadata (answers of this endpoint carry `{threadId, usage}`).' },
        },
      },
      UIMessagePart: {
        type: 'object',
        required: ['type'],
        description:
          'A part of a UI message. Only `text` parts are read (their `text` is required); the others (`reasoning`, `source-url`, `file`, `step-start`, `tool-search`, `dynamic-tool`, `data-…`) are accepted as the client sends them, so a follow-up carrying the earlier answer passes.',
        properties: { type: { type: 'string', example: 'text' }, text: { type: 'string' } },
      },
    },
  };
}

function toolInvocationSchema(state: string, description: string): Json {
  return {
    type: 'object',
    description,
    required: state === 'result' ? ['state', 'toolCallId', 'toolName', 'args', 'result'] : ['state', 'toolCallId', 'toolName', 'args'],
    properties: {
      state: { type: 'string', const: state },
      step: { type: 'number' },
      toolCallId: { type: 'string' },
      toolName: { type: 'string' },
      args: { description: 'The arguments (any JSON value, `null` included; the key must be present).' },
      ...(state === 'result' ? { result: { description: 'The result (any JSON value, `null` included; the key must be present).' } } : {}),
    },
  };
}

// ─── Discovery API: the search and page endpoints (src/server/assistant/discovery-routes.ts) ───

/** The paths of the search and page endpoints in OpenAPI form. */
export const SEARCH_OPENAPI_PATH = '/discovery/v1/search/{domain}';
export const PAGE_OPENAPI_PATH = '/discovery/v1/page/{domain}';

/**
 * Every code the search and page endpoints answer with, and its status there (`site/not-built`
 * is 404 here, where the assistant answers 409: Mintlify documents 404 for "no search index").
 */
export const DISCOVERY_ERRORS = {
  'request/invalid-json': { status: 400, summary: 'The body is not JSON' },
  'request/invalid-body': { status: 400, summary: 'A field is missing or wrong (the message names it)' },
  'auth/missing-key': { status: 401, summary: 'No Authorization header' },
  'auth/malformed-key': { status: 401, summary: 'Not a bearer Sheaf key' },
  'auth/unknown-key': { status: 401, summary: 'Unknown or revoked assistant key' },
  'auth/admin-key': { status: 403, summary: 'An admin key instead of the assistant key' },
  'auth/origin-not-allowed': { status: 403, summary: 'A site’s public key used by a page on another origin' },
  'site/not-found': { status: 404, summary: "No such site for the key's organization" },
  'site/not-built': { status: 404, summary: 'The site was never exported: no search index' },
  'site/no-page-text': { status: 404, summary: 'The latest export was made before the service kept page texts (page endpoint)' },
  'page/not-found': { status: 404, summary: 'No such page in the search index (page endpoint)' },
  'request/method-not-allowed': { status: 405, summary: 'A method other than POST or OPTIONS' },
  'request/too-large': { status: 413, summary: 'The body is over 1 MiB' },
  'request/unsupported-media-type': { status: 415, summary: 'The body is not sent as JSON' },
  'rate-limit/ip': { status: 429, summary: 'Too many requests from this IP address today' },
  'rate-limit/organization': { status: 429, summary: 'Too many requests for this organization this hour' },
  internal: { status: 500, summary: 'The request failed, or the export’s files could not be read' },
} as const satisfies Partial<Record<AssistantErrorCode, { readonly status: number; readonly summary: string }>>;

type DiscoveryCode = keyof typeof DISCOVERY_ERRORS;

/** An error response of the search and page endpoints, its codes listed (`page` and `search`: the codes of one endpoint only). */
function discoveryErrorResponse(status: number, description: string, only: 'search' | 'page', headers: Record<string, Json>): Json {
  const pageOnly: readonly DiscoveryCode[] = ['site/no-page-text', 'page/not-found'];
  const codes = (Object.keys(DISCOVERY_ERRORS) as DiscoveryCode[]).filter((code) => DISCOVERY_ERRORS[code].status === status && (only === 'page' || !pageOnly.includes(code)));
  if (codes.length === 0) throw new Error(`No discovery error code has status ${status}`);
  return {
    description: `${description} Codes: ${codes.map((c) => `\`${c}\` (${DISCOVERY_ERRORS[c].summary})`).join(', ')}.`,
    headers,
    content: { 'application/json': { schema: schemaRef('DiscoveryError') } },
  };
}

/** The error responses of one of the two endpoints. */
function discoveryErrors(only: 'search' | 'page'): Record<string, Json> {
  return {
    '400': discoveryErrorResponse(400, 'The body is not JSON, or a field is missing, of the wrong type or out of range; the message names up to five fields.', only, LIMIT_HEADERS),
    '401': discoveryErrorResponse(401, 'No key, a malformed one, or an unknown or revoked assistant key. Counted against the IP limit only.', only, {
      'WWW-Authenticate': { description: 'Always `Bearer realm="assistant"`.', schema: { type: 'string' } },
      ...LIMIT_HEADERS,
    }),
    '403': discoveryErrorResponse(403, 'An admin key (`svc_…`) instead of the assistant key, or a site’s public key used by a page on an origin it is not for.', only, LIMIT_HEADERS),
    '404':
      only === 'page'
        ? discoveryErrorResponse(404, "No such site for the key's organization, no completed export (no search index), an export without page texts, or no such page in the search index.", only, LIMIT_HEADERS)
        : discoveryErrorResponse(404, "No such site for the key's organization, or no completed export (no search index).", only, LIMIT_HEADERS),
    '413': discoveryErrorResponse(413, `The body is larger than ${MAX_BODY_BYTES} bytes (1 MiB). The connection is closed.`, only, {
      Connection: { description: 'Always `close`: the rest of the body was not read.', schema: { type: 'string', const: 'close' } },
      ...LIMIT_HEADERS,
    }),
    '415': discoveryErrorResponse(415, 'A `Content-Type` other than JSON (`application/json` or `application/*+json`).', only, LIMIT_HEADERS),
    '429': discoveryErrorResponse(429, 'A rate limit of this endpoint is reached. Wait `Retry-After` seconds.', only, {
      'Retry-After': { description: 'Seconds until the window of the exhausted limit ends.', schema: { type: 'integer', minimum: 1 } },
      ...LIMIT_HEADERS,
    }),
    '500': discoveryErrorResponse(500, "The request failed, or the export's search records or page texts could not be read; the body carries no internals.", only, LIMIT_HEADERS),
  };
}

const DISCOVERY_COMMON = [
  "**Key and limits.** The assistant key (`Authorization: Bearer svc_dsc_…`); an admin key is refused (403). Each endpoint has its own two windows, of the assistant's sizes (`--assistant-org-per-hour`, `--assistant-ip-per-day`, 10,000 each by default): per organization per hour and per client IP address per day, counted and reported (`RateLimit-*`, `Retry-After`) as the assistant endpoint's. Any origin may call (CORS), as the assistant key is public; a site's public key only from its own origins (403 `auth/origin-not-allowed`).",
  '',
  `**Order of checks.** IP limit, key (401/403), site (404), a site's public key used by a page on another origin (403), organization limit, content type (415; a request without \`Content-Type\` is read as JSON), body size (413, over ${MAX_BODY_BYTES / 1_048_576} MiB), JSON (400), fields (400), a completed export (404). Fields the document does not name are accepted and ignored. Other methods answer 405 \`request/method-not-allowed\` with \`Allow: POST, OPTIONS\`.`,
  '',
  '**Errors** carry the assistant\'s error body with the message also at the top level as `message` (the field Mintlify documents for the page endpoint\'s 404).',
  '',
  '**`groups`** names the reader groups a caller may see on a site with reader authentication. Sheaf sites have none (docs.json `auth` and page `groups` are not read): every page is public, and `groups` is validated and changes nothing.',
].join('\n');

const SEARCH_DESCRIPTION = [
  "Searches the documentation of `domain`: the search records (one per page section) of the site's latest completed export, the same records the site's search box and the assistant search. The query's content words (stopwords left out) are matched as stems, by prefix and, from five letters, with a typo; titles weigh 3 and section headings 2.",
  '',
  "**Scores.** Each result's `metadata.score` is in 0–1: (query terms it matches ÷ query terms) × (its relevance ÷ the best result's relevance), rounded to four decimals. 1 is the best result when it holds every term; results go best first, and `scoreThreshold` keeps those at or above it before `pageSize` cuts the list. A query with no content word returns `[]`.",
  '',
  '**Filters.** `version` and `language` keep the records of that version or language and those of pages that have none (shared by every version); `tag` keeps only pages whose frontmatter `tag` (an operation\'s `x-mint.metadata.tag`) is exactly it.',
  '',
  DISCOVERY_COMMON,
].join('\n');

const PAGE_DESCRIPTION = [
  "The full text of one page of `domain`: its Markdown copy (the `route.md` file of the site) from the site's latest completed export, for the pages its search index holds (not `noindex` pages). `path` is a page as the search endpoint returns it — the route with or without its leading slash, an `#anchor`, `?query`, a full URL, the `.md`, `.html` or `/index.html` file, a path under the site's base path (`/docs/quickstart`); `/`, `index.md` and `` are the home page — and comes back as sent.",
  '',
  'Exports made before the service kept page texts have none: the answer is 404 `site/no-page-text` until the site is exported again.',
  '',
  DISCOVERY_COMMON,
].join('\n');

/** The paths and schemas of the search and page endpoints (merged into the service document beside the assistant's). */
export function discoveryOpenApi(): { paths: Record<string, Json>; schemas: Record<string, Json>; tag: Json } {
  const operation = (operationId: string, summary: string, description: string, body: string, example: Json, ok: Json, only: 'search' | 'page'): Json => ({
    operationId,
    tags: ['Discovery'],
    summary,
    description,
    security: [{ assistantKey: [] }],
    parameters: [domainParam],
    requestBody: { required: true, description: `JSON, at most ${MAX_BODY_BYTES} bytes (1 MiB).`, content: { 'application/json': { schema: schemaRef(body), example } } },
    responses: { '200': ok, ...discoveryErrors(only) },
  });
  const preflight = (operationId: string): Json => ({
    operationId,
    tags: ['Discovery'],
    summary: 'CORS preflight',
    description: "Any origin may call: the assistant key is public and no cookies are involved (a site's public key only from its own origins). Needs no key and counts against no limit.",
    security: [],
    parameters: [domainParam],
    responses: {
      '204': {
        description: 'The methods (`POST,OPTIONS`) and headers (`Authorization,Content-Type`) a cross-origin request may use; `Retry-After` and the `RateLimit-*` headers are exposed.',
      },
    },
  });
  const json = (schema: Json, example: Json, description: string): Json => ({
    description,
    headers: { 'Cache-Control': { description: 'Always `no-store`.', schema: { type: 'string', const: 'no-store' } }, ...LIMIT_HEADERS },
    content: { 'application/json': { schema, example } },
  });
  return {
    tag: { name: 'Discovery', description: "Search a site's documentation and read its pages (Mintlify's discovery API), with the assistant key." },
    paths: {
      [SEARCH_OPENAPI_PATH]: {
        post: operation(
          'searchDocumentation',
          'Search documentation',
          SEARCH_DESCRIPTION,
          'SearchRequest',
          { query: 'install the CLI', pageSize: 5, scoreThreshold: 0.2, filter: { version: 'v2', language: 'en' } },
          json({ type: 'array', items: schemaRef('SearchResult') }, [
            {
              path: '/quickstart#install',
              content: 'Install the CLI with npm install -g acme-cli, then run acme login.',
              metadata: { title: 'Quickstart', section: 'Install', version: 'v2', language: 'en', tag: 'NEW', score: 1 },
            },
          ], 'The results, best first (at most `pageSize`).'),
          'search',
        ),
        options: preflight('preflightSearchDocumentation'),
      },
      [PAGE_OPENAPI_PATH]: {
        post: operation(
          'getPageContent',
          'Get page content',
          PAGE_DESCRIPTION,
          'PageRequest',
          { path: '/quickstart#install' },
          json(schemaRef('PageContent'), { path: '/quickstart#install', content: '# Quickstart\n\n## Install\n\nInstall the CLI with `npm install -g acme-cli`, then run `acme login`.\n' }, "The page's full text."),
          'page',
        ),
        options: preflight('preflightGetPageContent'),
      },
    },
    schemas: {
      SearchRequest: {
        type: 'object',
        required: ['query'],
        description: 'The body of a search. Fields beyond these are accepted and ignored.',
        properties: {
          query: { type: 'string', description: 'The search query.' },
          pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Results returned at most.' },
          scoreThreshold: { type: 'number', minimum: 0, maximum: 1, description: 'Least `metadata.score` of a result returned (see the operation).' },
          filter: {
            type: 'object',
            properties: {
              version: { type: 'string', description: 'Only this version, and pages of no version.', example: 'v2' },
              language: { type: 'string', description: 'Only this language, and pages of no language.', example: 'en' },
              tag: { type: 'string', description: 'Only pages with exactly this `tag`.', example: 'NEW' },
              groups: { type: 'array', items: { type: 'string' }, description: 'Accepted; no effect (Sheaf sites have no reader groups).' },
            },
          },
        },
      },
      SearchResult: {
        type: 'object',
        required: ['path', 'content', 'metadata'],
        properties: {
          path: { type: 'string', description: 'The page route as a URL path, with `#anchor` for a section: pass it to the page endpoint.' },
          content: { type: 'string', description: 'The section text (at most 4,000 characters, then `…`).' },
          metadata: {
            type: 'object',
            required: ['title', 'section', 'score'],
            properties: {
              title: { type: 'string', description: 'Page title.' },
              section: { type: 'string', description: 'Section heading; `""` for the top of a page.' },
              version: { type: 'string' },
              language: { type: 'string' },
              tag: { type: 'string', description: "The page's `tag`." },
              score: { type: 'number', minimum: 0, maximum: 1, description: 'Normalized relevance (see the operation).' },
            },
          },
        },
      },
      PageRequest: {
        type: 'object',
        required: ['path'],
        description: 'The body of a page request. Fields beyond these are accepted and ignored.',
        properties: {
          path: { type: 'string', description: 'The page, as the search endpoint returns it (see the operation).', example: '/quickstart#install' },
          groups: { type: 'array', items: { type: 'string' }, description: 'Accepted; no effect (Sheaf sites have no reader groups).' },
        },
      },
      PageContent: {
        type: 'object',
        required: ['path', 'content'],
        properties: {
          path: { type: 'string', description: 'The `path` requested, as sent.' },
          content: { type: 'string', description: "The page's Markdown copy." },
        },
      },
      DiscoveryError: {
        description: 'The body of every failure of the search and page endpoints: the assistant error body, with the message also as `message`.',
        allOf: [
          schemaRef('AssistantError'),
          { type: 'object', required: ['message'], properties: { message: { type: 'string', description: 'What happened and what to do (the same text as the error message).' } } },
        ],
      },
    },
  };
}
