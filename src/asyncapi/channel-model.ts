import { pointerFrom } from '../diagnostics/positions.js';
import type { LoadedAsyncApi } from '../model/asyncapi.js';
import { fragmentPointer } from '../openapi/resolve-pointer.js';
import { isRecord } from '../parse/is-record.js';
import { replaceBraced } from '../text/linear-text.js';
import { followRef, textOf } from './follow-ref.js';

/**
 * The channel model: everything a channel page shows, read from the document with `$ref`s of
 * channels, operations, messages and servers followed. Schemas (payloads, headers) stay raw,
 * their `$ref`s kept, for the schema renderer to expand lazily. AsyncAPI 2.x documents are read
 * into the same model (a channel's `subscribe` is an operation the application sends, `publish`
 * one it receives, as 3.0 renamed them).
 */

/** Which way a message goes, seen from the reader's client: AsyncAPI `action: receive` is what a client sends. */
export type Direction = 'send' | 'receive';

/** One server the channel is reached on. */
export interface ChannelServer {
  /** The server's key under `servers`. */
  readonly name: string;
  /** `ws`, `wss`, `mqtt`, `kafka`… as written (lowercased). */
  readonly protocol: string;
  /** The channel's full URL: `protocol://host` + `pathname` + address, variables set to their defaults. */
  readonly url: string;
  readonly description?: string;
}

/** One example of a message. */
export interface MessageExample {
  readonly name?: string;
  readonly summary?: string;
  readonly payload?: unknown;
  readonly headers?: unknown;
}

/** One message of the channel. */
export interface ChannelMessage {
  /** Its key in the channel's `messages` (3.x), else its `name` or `messageId`, else `Message N`. */
  readonly key: string;
  /** Where the message lives (after `$ref`s): its identity on the page. */
  readonly pointer: string;
  readonly name?: string;
  readonly title?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly contentType?: string;
  /** The payload schema as written (a Multi Format Schema Object `{schemaFormat, schema}` unwrapped). */
  readonly payload?: unknown;
  readonly headers?: unknown;
  readonly examples: readonly MessageExample[];
}

/** One operation on the channel: its messages go one way. */
export interface ChannelOperation {
  /** The operation's key under `operations` (3.x), or its `operationId` (2.x; else `publish`/`subscribe`). */
  readonly id: string;
  /** The document's `action`: what the application does (`send`: a client receives). */
  readonly action: 'send' | 'receive';
  readonly direction: Direction;
  readonly title?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly messages: readonly ChannelMessage[];
}

/** A channel address parameter (`{roomId}`). */
export interface ChannelParameter {
  readonly name: string;
  readonly description?: string;
  readonly default?: string;
  readonly enum?: readonly string[];
  readonly examples: readonly string[];
}

export interface ChannelModel {
  readonly id: string;
  /** `title`, else the id in sentence case (as the page title is). */
  readonly title: string;
  readonly summary?: string;
  readonly description?: string;
  /** The address as written (`/`, `chat/{roomId}`); absent when it is `null` or unknown (3.0 allows that). */
  readonly address?: string;
  readonly servers: readonly ChannelServer[];
  readonly parameters: readonly ChannelParameter[];
  /** Operations in document order (3.x), or `publish` then `subscribe` (2.x). */
  readonly operations: readonly ChannelOperation[];
  /** Every message of the channel, in document order. */
  readonly messages: readonly ChannelMessage[];
}

/** `channelOne` → `Channel One`: Mintlify's title of a channel without `title` (its `camelToSentenceCase`). */
export function channelTitle(id: string, title: string | undefined): string {
  if (title !== undefined && title !== id) return title;
  const spaced = id.replace(/([A-Z])/g, ' $1');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Builds the model of channel `id`, or undefined when the document has no such channel (or it is not an object). */
export function buildChannelModel(loaded: LoadedAsyncApi, id: string): ChannelModel | undefined {
  const doc = loaded.document;
  const channels = isRecord(doc.channels) ? doc.channels : {};
  if (!Object.hasOwn(channels, id)) return undefined;
  const at = pointerFrom(['channels', id]);
  const channel = followRef(doc, channels[id], at);
  if (channel === undefined || !isRecord(channel.value)) return undefined;
  const v2 = /^2\./.test(loaded.index.version);
  const c = channel.value;
  const summary = textOf(c.summary);
  const description = textOf(c.description);
  const address = v2 ? id : typeof c.address === 'string' ? c.address : undefined;
  const messages = v2 ? v2Messages(doc, c, channel.pointer) : v3Messages(doc, c, channel.pointer);
  return {
    id,
    title: channelTitle(id, v2 ? undefined : textOf(c.title)),
    ...(summary !== undefined ? { summary } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(address !== undefined ? { address } : {}),
    servers: servers(doc, c, address ?? '', v2),
    parameters: parameters(doc, c, channel.pointer, v2),
    operations: v2 ? v2Operations(doc, c, channel.pointer) : v3Operations(doc, at, channel.pointer, messages),
    messages,
  };
}

/** A Multi Format Schema Object (`{schemaFormat?, schema}`, 3.0) read as the schema it holds; anything else as it is. */
function unwrapSchema(value: unknown): unknown {
  if (!isRecord(value) || !Object.hasOwn(value, 'schema')) return value;
  return Object.keys(value).every((k) => k === 'schema' || k === 'schemaFormat') ? value.schema : value;
}

function readMessage(doc: unknown, raw: unknown, at: string, key: string): ChannelMessage | undefined {
  const found = followRef(doc, raw, at);
  if (found === undefined || !isRecord(found.value)) return undefined;
  const m = found.value;
  const examples = Array.isArray(m.examples)
    ? m.examples.flatMap((e): MessageExample[] => {
        if (!isRecord(e)) return [];
        const name = textOf(e.name);
        const summary = textOf(e.summary);
        return [{ ...(name ? { name } : {}), ...(summary ? { summary } : {}), ...(e.payload !== undefined ? { payload: e.payload } : {}), ...(e.headers !== undefined ? { headers: e.headers } : {}) }];
      })
    : [];
  const fields = { name: textOf(m.name), title: textOf(m.title), summary: textOf(m.summary), description: textOf(m.description), contentType: textOf(m.contentType) };
  return {
    key,
    pointer: found.pointer,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    ...(m.payload !== undefined ? { payload: unwrapSchema(m.payload) } : {}),
    ...(m.headers !== undefined ? { headers: unwrapSchema(m.headers) } : {}),
    examples,
  };
}

function v3Messages(doc: unknown, channel: Record<string, unknown>, at: string): ChannelMessage[] {
  if (!isRecord(channel.messages)) return [];
  return Object.entries(channel.messages).flatMap(([key, raw]) => readMessage(doc, raw, `${at}/messages/${pointerFrom([key]).slice(1)}`, key) ?? []);
}

/** 2.x: the messages of `publish` and `subscribe` (`message`, or `message.oneOf`), each once. */
function v2Messages(doc: unknown, channel: Record<string, unknown>, at: string): ChannelMessage[] {
  const seen = new Set<string>();
  return v2Operations(doc, channel, at).flatMap((op) => op.messages).filter((m) => (seen.has(m.pointer) ? false : (seen.add(m.pointer), true)));
}

/** The last token of a `$ref` (`#/components/messages/Chat` → `Chat`), for a message's key. */
function refKey(raw: unknown): string | undefined {
  if (!isRecord(raw) || typeof raw.$ref !== 'string') return undefined;
  const last = fragmentPointer(raw.$ref).split('/').pop();
  return last ? last.replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/**
 * 3.x operations on this channel: those whose `channel` reference resolves to it, in document
 * order, each with its `messages` (references into the channel's messages), or, without
 * `messages`, every message of the channel (the specification's default).
 */
function v3Operations(doc: Record<string, unknown>, at: string, resolvedAt: string, channelMessages: readonly ChannelMessage[]): ChannelOperation[] {
  if (!isRecord(doc.operations)) return [];
  const out: ChannelOperation[] = [];
  for (const [name, raw] of Object.entries(doc.operations)) {
    const opAt = pointerFrom(['operations', name]);
    const op = followRef(doc, raw, opAt)?.value;
    if (!isRecord(op) || (op.action !== 'send' && op.action !== 'receive') || !isRecord(op.channel)) continue;
    const target = followRef(doc, op.channel, `${opAt}/channel`);
    const ref = typeof op.channel.$ref === 'string' ? fragmentPointer(op.channel.$ref) : undefined;
    if (target === undefined || (ref !== at && target.pointer !== resolvedAt)) continue;
    const messages = Array.isArray(op.messages)
      ? op.messages.flatMap((m, i) => {
          const read = readMessage(doc, m, `${opAt}/messages/${i}`, refKey(m) ?? `Message ${i + 1}`);
          if (read === undefined) return [];
          // The channel's own entry for the same message carries its key (`TestMessage`).
          return [channelMessages.find((c) => c.pointer === read.pointer) ?? read];
        })
      : channelMessages;
    const fields = { title: textOf(op.title), summary: textOf(op.summary), description: textOf(op.description) };
    out.push({
      id: name,
      action: op.action,
      direction: op.action === 'receive' ? 'send' : 'receive',
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      messages,
    });
  }
  return out;
}

/** 2.x `publish` (the application receives: a client sends) and `subscribe` (the application sends). */
function v2Operations(doc: unknown, channel: Record<string, unknown>, at: string): ChannelOperation[] {
  const out: ChannelOperation[] = [];
  for (const key of ['publish', 'subscribe'] as const) {
    const found = followRef(doc, channel[key], `${at}/${key}`);
    const op = found?.value;
    if (found === undefined || !isRecord(op)) continue;
    const message = followRef(doc, op.message, `${found.pointer}/message`);
    const list = message !== undefined && isRecord(message.value) && Array.isArray(message.value.oneOf)
      ? message.value.oneOf.map((m, i) => ({ raw: m, at: `${message.pointer}/oneOf/${i}` }))
      : op.message !== undefined ? [{ raw: op.message, at: `${found.pointer}/message` }] : [];
    const messages = list.flatMap(({ raw, at: mAt }, i) => {
      const resolved = followRef(doc, raw, mAt)?.value;
      const named = isRecord(resolved) ? textOf(resolved.name) ?? textOf(resolved.messageId) : undefined;
      return readMessage(doc, raw, mAt, refKey(raw) ?? named ?? `Message ${i + 1}`) ?? [];
    });
    const fields = { summary: textOf(op.summary), description: textOf(op.description) };
    const action = key === 'subscribe' ? 'send' : 'receive';
    out.push({
      id: textOf(op.operationId) ?? key,
      action,
      direction: action === 'receive' ? 'send' : 'receive',
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      messages,
    });
  }
  return out;
}

/** `base` + address with exactly one `/` between them (an address `/` after a bare host stays `/`). */
function joinUrl(base: string, address: string): string {
  if (address === '') return base;
  if (base.endsWith('/') && address.startsWith('/')) return base + address.slice(1);
  if (!base.endsWith('/') && !address.startsWith('/')) return `${base}/${address}`;
  return base + address;
}

/** `{name}` in a server URL set to the variable's `default` (else left as written). */
function withDefaults(doc: unknown, url: string, variables: unknown, at: string): string {
  if (!isRecord(variables)) return url;
  return replaceBraced(url, (whole, name) => {
    const variable = followRef(doc, variables[name], `${at}/variables`)?.value;
    return isRecord(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
}

/**
 * The servers of the channel: those its `servers` list names (3.x references, 2.x names), else
 * every server of the document, in document order; each with the channel's full URL.
 */
function servers(doc: Record<string, unknown>, channel: Record<string, unknown>, address: string, v2: boolean): ChannelServer[] {
  const all = isRecord(doc.servers) ? doc.servers : {};
  let names = Object.keys(all);
  if (Array.isArray(channel.servers) && channel.servers.length > 0) {
    const listed = channel.servers.flatMap((s) => (v2 ? (typeof s === 'string' ? [s] : []) : refKey(s) !== undefined ? [refKey(s) as string] : []));
    names = names.filter((n) => listed.includes(n));
  }
  return names.flatMap((name): ChannelServer[] => {
    const at = pointerFrom(['servers', name]);
    const s = followRef(doc, all[name], at)?.value;
    if (!isRecord(s)) return [];
    const protocol = (textOf(s.protocol) ?? '').toLowerCase();
    let base: string;
    if (v2) {
      const url = textOf(s.url) ?? '';
      base = url.includes('://') || protocol === '' ? url : `${protocol}://${url}`;
    } else {
      const host = textOf(s.host) ?? '';
      base = `${protocol !== '' ? `${protocol}://` : ''}${host}${textOf(s.pathname) ?? ''}`;
    }
    const description = textOf(s.description);
    return [{ name, protocol, url: joinUrl(withDefaults(doc, base, s.variables, at), address), ...(description !== undefined ? { description } : {}) }];
  });
}

function parameters(doc: unknown, channel: Record<string, unknown>, at: string, v2: boolean): ChannelParameter[] {
  if (!isRecord(channel.parameters)) return [];
  return Object.entries(channel.parameters).flatMap(([name, raw]): ChannelParameter[] => {
    const p = followRef(doc, raw, `${at}/parameters`)?.value;
    if (!isRecord(p)) return [{ name, examples: [] }];
    // 2.x describes the value with a `schema`; 3.0 with `default`, `enum` and `examples` on the parameter.
    const schema = v2 ? followRef(doc, p.schema, `${at}/parameters`)?.value : p;
    const source = isRecord(schema) ? schema : {};
    const description = textOf(p.description) ?? textOf(source.description);
    const strings = (list: unknown): string[] => (Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []);
    const enumValues = strings(source.enum);
    return [{
      name,
      ...(description !== undefined ? { description } : {}),
      ...(typeof source.default === 'string' ? { default: source.default } : {}),
      ...(enumValues.length > 0 ? { enum: enumValues } : {}),
      examples: strings(source.examples),
    }];
  });
}
