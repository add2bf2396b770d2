import { z } from 'zod';
import type { AssistantMessageBody } from '../../model/assistant.js';
import type { AnswerContext } from './answer-provider.js';
import { isRfc3339DateTime } from './rfc3339.js';

/**
 * The request bodies of the assistant message endpoints: v1 (AI SDK v4 UI messages, as the
 * interface's tables define it) and v2 (AI SDK 5+ UI messages with parts, as `DefaultChatTransport`
 * sends them). Both share the fields beside the messages and their rules, and both come out as one
 * `AssistantRequest` for the endpoint's one pipeline. Objects are loose: fields the clients add
 * (`id`, `data`, `trigger`, `messageId`, `revisionId`, `toolInvocations`, `providerMetadata`…) are
 * accepted and ignored.
 */

const toolInvocationBase = {
  step: z.number().optional(),
  toolCallId: z.string(),
  toolName: z.string(),
  // `z.unknown()` keys are required in zod 4: `args` (and `result`) must be present, any value.
  args: z.unknown(),
};

const toolInvocationSchema = z.discriminatedUnion('state', [
  z.looseObject({ state: z.literal('partial-call'), ...toolInvocationBase }),
  z.looseObject({ state: z.literal('call'), ...toolInvocationBase }),
  z.looseObject({ state: z.literal('result'), ...toolInvocationBase, result: z.unknown() }),
]);

const reasoningDetailSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string(), signature: z.string().optional() }),
  z.looseObject({ type: z.literal('redacted'), data: z.string() }),
]);

const partSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('reasoning'), reasoning: z.string(), details: z.array(reasoningDetailSchema) }),
  z.looseObject({ type: z.literal('step-start') }),
  z.looseObject({
    type: z.literal('source'),
    source: z.looseObject({ sourceType: z.literal('url'), id: z.string(), url: z.string(), title: z.string().optional() }),
  }),
  z.looseObject({ type: z.literal('tool-invocation'), toolInvocation: toolInvocationSchema }),
]);

const attachmentSchema = z.looseObject({ url: z.string(), name: z.string().optional(), contentType: z.string().optional() });

/** Any RFC 3339 date-time (zod's `iso.datetime` refuses lower-case `t`/`z` and leap seconds). */
const dateTimeSchema = z.string().refine(isRfc3339DateTime, { message: 'Invalid date-time: expected RFC 3339, like 2026-01-01T10:30:00Z' });

const messageSchema = z.looseObject({
  id: z.string(),
  role: z.enum(['system', 'assistant', 'data', 'user']),
  content: z.string(),
  parts: z.array(partSchema),
  createdAt: dateTimeSchema.optional(),
  annotations: z.array(z.unknown()).optional(),
  experimental_attachments: z.array(attachmentSchema).optional(),
});

const contextSchema = z.looseObject({
  type: z.enum(['code', 'textSelection']),
  value: z.string(),
  path: z.string().optional(),
  elementId: z.string().optional(),
});

/** Passages retrieved at most per request (the search API's page size cap). */
export const MAX_RETRIEVAL_PAGE_SIZE = 50;
/** Passages retrieved when the request does not say. */
export const DEFAULT_RETRIEVAL_PAGE_SIZE = 5;

/** Any number is taken (Mintlify's document says only `number`), brought into 1–50 and down to a whole number. */
const retrievalPageSizeSchema = z
  .number()
  .transform((n) => Math.min(MAX_RETRIEVAL_PAGE_SIZE, Math.max(1, Math.floor(n))))
  .default(DEFAULT_RETRIEVAL_PAGE_SIZE);

/** The fields beside the messages, with the same rules in v1 and v2. */
const sharedFields = {
  fp: z.string(),
  /** `null`, absent or `''` start a new thread. */
  threadId: z.string().nullable().optional(),
  retrievalPageSize: retrievalPageSizeSchema,
  context: z.array(contextSchema).optional(),
  currentPath: z.string().max(200).optional(),
};

export const messageBodySchema = z.looseObject({
  ...sharedFields,
  messages: z.array(messageSchema).min(1),
  filter: z.looseObject({ version: z.string().optional(), language: z.string().optional() }).nullable().optional(),
});

export type MessageBody = z.infer<typeof messageBodySchema>;

/**
 * A part of an AI SDK 5+ UI message. Only text parts are read (their `text` must be a string);
 * every other part (`reasoning`, `source-url`, `file`, `step-start`, `tool-search`, `dynamic-tool`,
 * `data-…`) is taken as the client sends it, so a follow-up carrying the previous answer's parts
 * passes.
 */
const uiPartSchema = z.looseObject({ type: z.string() }).superRefine((part, ctx) => {
  if (part.type === 'text' && typeof part['text'] !== 'string') ctx.addIssue({ code: 'custom', path: ['text'], message: 'a text part needs its text (a string)' });
});

const uiMessageSchema = z.looseObject({
  id: z.string(),
  role: z.enum(['system', 'assistant', 'user']),
  parts: z.array(uiPartSchema),
  createdAt: dateTimeSchema.optional(),
  metadata: z.unknown().optional(),
});

/** The v2 body: what `DefaultChatTransport` posts (`id`, `messages`, `trigger`, `messageId`) plus the transport's `body`. */
export const messageBodyV2Schema = z.looseObject({
  ...sharedFields,
  id: z.string().optional(),
  trigger: z.string().optional(),
  messageId: z.string().optional(),
  messages: z.array(uiMessageSchema).min(1),
  /** `groups` is accepted and ignored: a Sheaf site's pages are public to every reader. */
  filter: z.looseObject({ version: z.string().optional(), language: z.string().optional(), groups: z.array(z.string()).optional() }).nullable().optional(),
});

type Holds<T extends true> = T;
/**
 * Compile-time check that this schema and the wire type the page's script builds
 * (`AssistantMessageBody` in src/model/assistant.ts) agree both ways: what the script sends is
 * schema input, and what the schema gives is that type. A change to one alone fails `tsc`.
 */
export type MessageBodyMatchesModel = Holds<
  [AssistantMessageBody] extends [z.input<typeof messageBodySchema>]
    ? [MessageBody] extends [AssistantMessageBody]
      ? true
      : false
    : false
>;

/** `messages[0].parts[1].toolInvocation.result` for the path `messages,0,parts,1,…`. */
export function fieldPathOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out || '(body)';
}

/** At most this many problems are listed in one error message. */
const LISTED_ISSUES = 5;

/** A message before the question, as the thread stores it. */
export interface EarlierMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** A request of either version, as the endpoint's pipeline reads it. */
export interface AssistantRequest {
  readonly fp: string;
  /** Undefined starts a new thread. */
  readonly threadId: string | undefined;
  readonly retrievalPageSize: number;
  readonly filter: { readonly version?: string | undefined; readonly language?: string | undefined } | null | undefined;
  readonly context: readonly AnswerContext[];
  readonly currentPath: string | undefined;
  /** The last user message with text: the question answered. */
  readonly question: { readonly id: string; readonly text: string };
  /** User and assistant messages with text before the question, oldest first. */
  readonly earlier: readonly EarlierMessage[];
}

/** The message ids, roles and texts of a body's messages, in order. */
type MessageTexts = readonly { readonly id: string; readonly role: string; readonly text: string }[];

/** Parses a body of one version into an `AssistantRequest`, or a message naming each bad field. */
export type RequestParser = (input: unknown) => { readonly request: AssistantRequest } | { readonly message: string };

/** v1: a message's text is its `content`, else the text of its text parts. */
export const parseMessageBody: RequestParser = (input) =>
  parseWith(messageBodySchema, input, (body) =>
    body.messages.map((m) => ({ id: m.id, role: m.role, text: m.content.trim() || textOfParts(m.parts) })),
  );

/** v2: a message's text is the text of its text parts. */
export const parseMessageBodyV2: RequestParser = (input) =>
  parseWith(messageBodyV2Schema, input, (body) => body.messages.map((m) => ({ id: m.id, role: m.role, text: textOfParts(m.parts) })));

function textOfParts(parts: readonly { readonly type: string; readonly [key: string]: unknown }[]): string {
  return parts
    .flatMap((p) => (p.type === 'text' && typeof p['text'] === 'string' ? [p['text']] : []))
    .join('\n')
    .trim();
}

/**
 * The schema's checks, then the question: the last user message with text. A history ending with
 * an assistant or data message (a client retrying after a cut-off answer) is answered from that
 * user message; a body without any user message with text is refused.
 */
function parseWith<S extends typeof messageBodySchema | typeof messageBodyV2Schema>(
  schema: S,
  input: unknown,
  textsOf: (body: z.infer<S>) => MessageTexts,
): { readonly request: AssistantRequest } | { readonly message: string } {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { message: invalidBodyMessage(parsed.error, input) };
  const body = parsed.data as z.infer<S>;
  const texts = textsOf(body);
  let at = texts.length - 1;
  while (at >= 0 && !(texts[at]?.role === 'user' && texts[at]?.text !== '')) at--;
  const question = texts[at];
  if (!question) return { message: 'Invalid request body: messages: there is no user message with text (the question).' };
  const earlier = texts.slice(0, at).flatMap((m): EarlierMessage[] => (m.text !== '' && (m.role === 'user' || m.role === 'assistant') ? [{ id: m.id, role: m.role, content: m.text }] : []));
  return {
    request: {
      fp: body.fp,
      threadId: body.threadId || undefined,
      retrievalPageSize: body.retrievalPageSize,
      filter: body.filter,
      context: (body.context ?? []).map((c) => ({ type: c.type, value: c.value, ...(c.path === undefined ? {} : { path: c.path }) })),
      currentPath: body.currentPath,
      question: { id: question.id, text: question.text },
      earlier,
    },
  };
}

/**
 * The 400 message of a body the schema refused: each bad field named with its problem
 * (`messages[0].role: …`; a missing one `is required`), at most five, and how many more.
 */
export function invalidBodyMessage(error: z.ZodError, input: unknown): string {
  const problems = error.issues.map((issue) => `${fieldPathOf(issue.path)}: ${issueText(issue, input)}`);
  const more = problems.length > LISTED_ISSUES ? ` (and ${problems.length - LISTED_ISSUES} more)` : '';
  return `Invalid request body: ${problems.slice(0, LISTED_ISSUES).join('; ')}${more}.`;
}

function issueText(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) return 'is required';
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator' && valueAt(input, issue.path) === undefined) {
    return 'is required';
  }
  return issue.message;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
