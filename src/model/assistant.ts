/**
 * The assistant message endpoint's wire data (interface v1): the request body the page's script
 * builds and the endpoint reads, and the passages it cites. Types only. The endpoint's zod schema
 * (src/server/assistant/message-body.ts) is checked against `AssistantMessageBody` at compile time,
 * both ways, so the browser code and the server cannot drift apart.
 *
 * Type aliases rather than interfaces: the schema's objects are loose (extra keys pass), and only
 * an alias is assignable to a type with an index signature.
 */

type ToolInvocationBase = { step?: number; toolCallId: string; toolName: string; args: unknown };

/** A tool call of an AI SDK v4 UI message, by its state. */
export type AssistantToolInvocation =
  | (ToolInvocationBase & { state: 'partial-call' })
  | (ToolInvocationBase & { state: 'call' })
  | (ToolInvocationBase & { state: 'result'; result: unknown });

export type AssistantReasoningDetail = { type: 'text'; text: string; signature?: string } | { type: 'redacted'; data: string };

/** A cited source: `id` is the citation number, `url` the page route plus `#anchor`. */
export type AssistantUrlSource = { sourceType: 'url'; id: string; url: string; title?: string };

export type AssistantMessagePart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; reasoning: string; details: AssistantReasoningDetail[] }
  | { type: 'step-start' }
  | { type: 'source'; source: AssistantUrlSource }
  | { type: 'tool-invocation'; toolInvocation: AssistantToolInvocation };

export type AssistantAttachment = { url: string; name?: string; contentType?: string };

/** One whole UI message, as the AI SDK's useChat sends it with sendExtraMessageFields. */
export type AssistantMessage = {
  id: string;
  role: 'system' | 'assistant' | 'data' | 'user';
  content: string;
  parts: AssistantMessagePart[];
  /** ISO 8601 date-time with offset. */
  createdAt?: string;
  annotations?: unknown[];
  experimental_attachments?: AssistantAttachment[];
};

export type AssistantContext = { type: 'code' | 'textSelection'; value: string; path?: string; elementId?: string };

/** The request body of `POST /discovery/v1/assistant/{domain}/message` (v1; the Ask AI panel speaks v2, src/client/assistant/ui-message.ts). */
export type AssistantMessageBody = {
  fp: string;
  /** At least one. */
  messages: AssistantMessage[];
  /** `null`, absent or `''` start a new thread. */
  threadId?: string | null;
  /** Passages retrieved, 1 to 50; 5 when absent. */
  retrievalPageSize?: number;
  filter?: { version?: string; language?: string } | null;
  context?: AssistantContext[];
  /** At most 200 characters. */
  currentPath?: string;
};

/** One retrieved passage, exactly as the `search` tool result carries it on the wire. */
export interface SearchHit {
  /** Site path of the passage: the page route as a URL path (percent-encoded), plus `#anchor` for a section. */
  readonly path: string;
  /** The passage text (a section of a page, possibly shortened). */
  readonly content: string;
  readonly metadata: {
    readonly title: string;
    /** Section heading; `''` for the top of a page. */
    readonly section: string;
    readonly version?: string;
    readonly language?: string;
    /** The page's `tag` (frontmatter). */
    readonly tag?: string;
  };
}
