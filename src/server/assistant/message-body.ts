import { z } from 'zod';
import type { AssistantMessageBody } from '../../model/assistant.js';

/**
 * The assistant message request body, as the interface's tables define it. Objects are loose:
 * fields the AI SDK v4 client adds (`id`, `data`, `revisionId`, `toolInvocations`, `reasoning`,
 * `providerMetadata`…) are accepted and ignored.
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

const messageSchema = z.looseObject({
  id: z.string(),
  role: z.enum(['system', 'assistant', 'data', 'user']),
  content: z.string(),
  parts: z.array(partSchema),
  createdAt: z.iso.datetime({ offset: true }).optional(),
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

export const messageBodySchema = z.looseObject({
  fp: z.string(),
  messages: z.array(messageSchema).min(1),
  /** `null`, absent or `''` start a new thread. */
  threadId: z.string().nullable().optional(),
  retrievalPageSize: z.number().int().min(1).max(MAX_RETRIEVAL_PAGE_SIZE).default(5),
  filter: z.looseObject({ version: z.string().optional(), language: z.string().optional() }).nullable().optional(),
  context: z.array(contextSchema).optional(),
  currentPath: z.string().max(200).optional(),
});

export type MessageBody = z.infer<typeof messageBodySchema>;
export type RequestMessage = MessageBody['messages'][number];

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

/**
 * The validated body, or a message naming each bad field (`messages[0].role: …`). Beyond the
 * schema, the last message must be the user's question, with text.
 */
export function parseMessageBody(input: unknown): { readonly body: MessageBody } | { readonly message: string } {
  const parsed = messageBodySchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${fieldPathOf(issue.path)}: ${issueText(issue, input)}`);
    const more = problems.length > LISTED_ISSUES ? ` (and ${problems.length - LISTED_ISSUES} more)` : '';
    return { message: `Invalid request body: ${problems.slice(0, LISTED_ISSUES).join('; ')}${more}.` };
  }
  const body = parsed.data;
  const last = body.messages.length - 1;
  const question = body.messages[last];
  if (question?.role !== 'user') return { message: `Invalid request body: messages[${last}].role: the last message must be the user's question (role user).` };
  if (!questionOf(question)) return { message: `Invalid request body: messages[${last}].content: the question is empty.` };
  return { body };
}

/** The text of a message: its `content`, else the text of its text parts. */
export function questionOf(message: RequestMessage): string {
  const text = message.content.trim() || message.parts.flatMap((p) => (p.type === 'text' ? [(p as { text: string }).text] : [])).join('\n').trim();
  return text;
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
