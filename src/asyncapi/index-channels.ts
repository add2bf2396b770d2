import { pointerFrom } from '../diagnostics/positions.js';
import type { IndexedChannel } from '../model/asyncapi.js';
import { describeType } from '../openapi/problem.js';
import { fragmentPointer, resolvePointer } from '../openapi/resolve-pointer.js';
import { isRecord } from '../parse/is-record.js';
import type { AsyncApiProblem } from './asyncapi-problem.js';
import { followRef, textOf } from './follow-ref.js';

/** AsyncAPI major versions Sheaf reads: 3 (what Mintlify documents) and 2 (channels keyed by address). */
export type AsyncApiMajor = 2 | 3;

/** The operation actions of AsyncAPI 3 (what the application does), and their AsyncAPI 2 counterparts. */
const ACTIONS = new Set(['send', 'receive']);
const V2_OPERATIONS = ['publish', 'subscribe'] as const;

/**
 * The channels of a document in document order, and the problems of its shape that leave a part
 * out (`asyncapi/invalid-document`): a channel, operation or message that is not an object (after
 * its `$ref`), a 3.x operation whose `action` is not `send`/`receive` or whose `channel` does not
 * resolve to a channel. `$ref`s that resolve to nothing are `checkAsyncApiRefs`'s to report.
 */
export function indexChannels(doc: Record<string, unknown>, file: string, major: AsyncApiMajor): { channels: IndexedChannel[]; problems: AsyncApiProblem[] } {
  const problems: AsyncApiProblem[] = [];
  const invalid = (pointer: string, message: string, hint: string): void => {
    problems.push({ code: 'asyncapi/invalid-document', message, file, pointer, hint });
  };
  const channels: IndexedChannel[] = [];
  const written = doc.channels;
  if (written !== undefined && !isRecord(written)) {
    invalid('/channels', `\`channels\` of \`${file}\` is ${describeType(written)}, not an object; the document has no channel pages.`, 'Write `channels` as an object of channels by name.');
    return { channels, problems };
  }
  for (const [id, raw] of Object.entries(written ?? {})) {
    const at = pointerFrom(['channels', id]);
    const channel = followRef(doc, raw, at);
    if (channel === undefined) {
      // An external or dangling `$ref` is `checkAsyncApiRefs`'s to report; one that resolves but never ends is a cycle.
      if (isRecord(raw) && typeof raw.$ref === 'string' && raw.$ref.startsWith('#') && resolvePointer(doc, fragmentPointer(raw.$ref)) !== undefined) {
        invalid(at, `The channel \`${id}\` of \`${file}\` is a \`$ref\` that never reaches a channel (a cycle of references); it has no page.`, 'Point the `$ref` at a channel object, such as `#/components/channels/<name>`.');
      }
      continue;
    }
    if (!isRecord(channel.value)) {
      invalid(at, `The channel \`${id}\` of \`${file}\` is ${describeType(channel.value)}, not an object; it has no page.`, 'Write the channel as an object (`address`, `messages`, …).');
      continue;
    }
    if (major === 2) {
      for (const key of V2_OPERATIONS) {
        const op = channel.value[key];
        if (op !== undefined && !isRecord(followRef(doc, op, `${at}/${key}`)?.value)) {
          invalid(`${at}/${key}`, `The \`${key}\` operation of the channel \`${id}\` of \`${file}\` is not an object; it is left out of the page.`, `Write \`${key}\` as an operation object (\`message\`, \`summary\`, …).`);
        }
      }
    }
    channels.push(indexed(doc, id, at, channel.value, major));
  }
  if (major === 3) problems.push(...checkOperations(doc, file));
  return { channels, problems };
}

function indexed(doc: unknown, id: string, pointer: string, channel: Record<string, unknown>, major: AsyncApiMajor): IndexedChannel {
  const title = major === 3 ? textOf(channel.title) : undefined;
  const summary = textOf(channel.summary);
  const description = textOf(channel.description);
  const tags = Array.isArray(channel.tags)
    ? channel.tags.flatMap((t, i) => {
        const tag = followRef(doc, t, `${pointer}/tags/${i}`)?.value;
        const name = isRecord(tag) ? textOf(tag.name) : undefined;
        return name !== undefined ? [name] : [];
      })
    : [];
  return { id, ...(title ? { title } : {}), ...(summary ? { summary } : {}), ...(description ? { description } : {}), tags, pointer };
}

/** The 3.x `operations`: each an object with a known `action` and a `channel` that resolves to a channel. */
function checkOperations(doc: Record<string, unknown>, file: string): AsyncApiProblem[] {
  const problems: AsyncApiProblem[] = [];
  const operations = doc.operations;
  if (operations === undefined) return problems;
  if (!isRecord(operations)) {
    return [{ code: 'asyncapi/invalid-document', message: `\`operations\` of \`${file}\` is ${describeType(operations)}, not an object; no operation is shown.`, file, pointer: '/operations', hint: 'Write `operations` as an object of operations by name.' }];
  }
  for (const [name, raw] of Object.entries(operations)) {
    const at = pointerFrom(['operations', name]);
    const op = followRef(doc, raw, at);
    if (op === undefined) continue;
    const problem = (pointer: string, why: string, hint: string): void => {
      problems.push({ code: 'asyncapi/invalid-document', message: `The operation \`${name}\` of \`${file}\` ${why}; it is left out of the channel pages.`, file, pointer, hint });
    };
    if (!isRecord(op.value)) {
      problem(at, `is ${describeType(op.value)}, not an object`, 'Write the operation as an object with `action`, `channel` and `messages`.');
      continue;
    }
    if (typeof op.value.action !== 'string' || !ACTIONS.has(op.value.action)) {
      problem(`${op.pointer}/action`, `has the action ${op.value.action === undefined ? 'missing' : `\`${String(op.value.action)}\``}, which is neither \`send\` nor \`receive\``, 'Set `action: send` (the application sends) or `action: receive` (the application receives).');
      continue;
    }
    const channel = op.value.channel;
    if (!isRecord(channel) || typeof channel.$ref !== 'string') {
      problem(`${op.pointer}/channel`, 'has no `channel` reference', 'Set `channel: { $ref: "#/channels/<name>" }`.');
      continue;
    }
    const target = followRef(doc, channel, `${op.pointer}/channel`);
    if (target !== undefined && !/^\/channels\/[^/]+$/.test(target.pointer)) {
      problem(`${op.pointer}/channel`, `refers to \`${channel.$ref}\`, which is not a channel of the document`, 'Point `channel` at `#/channels/<name>`.');
    }
  }
  return problems;
}
