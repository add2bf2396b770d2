import type { IndexedOperation, XMint } from '../model/openapi.js';
import { describeType, type Problem } from './problem.js';
import { isRecord } from '../parse/is-record.js';

/** What `readOperation` needs besides the operation itself. */
export interface OperationContext {
  readonly file: string;
  /** OpenAPI 3.0 requires `responses`; 3.1 does not. */
  readonly requireResponses: boolean;
  /** `operationId` -> pointer of its first use, across paths and webhooks. */
  readonly operationIds: Map<string, string>;
  readonly problems: Problem[];
}

/**
 * Indexes one operation object. Optional fields are present only when the document has them with
 * the right type; a wrong type is reported as `openapi/wrong-type` and the field is ignored.
 */
export function readOperation(
  operation: Readonly<Record<string, unknown>>,
  /** Lowercase. */
  method: string,
  path: string,
  pointer: string,
  context: OperationContext,
): IndexedOperation {
  const wrong = (key: string, expected: string, value: unknown) =>
    wrongType(context, `${pointer}/${key}`, `\`${key}\` of ${method.toUpperCase()} ${path}`, expected, value);
  const text = (key: string): string | undefined => {
    const value = operation[key];
    if (value === undefined || typeof value === 'string') return value;
    wrong(key, 'a string', value);
    return undefined;
  };

  if (context.requireResponses && operation.responses === undefined) {
    context.problems.push({
      code: 'openapi/missing-responses',
      message: `${method.toUpperCase()} ${path} has no \`responses\`, which OpenAPI 3.0 requires; the page shows no responses.`,
      file: context.file,
      pointer,
      hint: 'Add at least one response, e.g. `responses: { "200": { description: OK } }`.',
    });
  }
  const operationId = text('operationId');
  if (operationId !== undefined) checkUnique(operationId, `${pointer}/operationId`, context);

  const result: Record<string, unknown> = { method, path };
  if (operationId !== undefined) result.operationId = operationId;
  const summary = text('summary');
  if (summary !== undefined) result.summary = summary;
  const description = text('description');
  if (description !== undefined) result.description = description;
  result.tags = readTags(operation.tags, wrong);
  result.deprecated = operation.deprecated === true;
  result.hidden = operation['x-hidden'] === true;
  result.excluded = operation['x-excluded'] === true;
  const xMint = readXMint(operation['x-mint'], wrong);
  if (xMint !== undefined) result.xMint = xMint;
  result.pointer = pointer;
  return result as unknown as IndexedOperation;
}

type Wrong = (key: string, expected: string, value: unknown) => void;

function readTags(tags: unknown, wrong: Wrong): string[] {
  if (tags === undefined) return [];
  if (!Array.isArray(tags)) {
    wrong('tags', 'an array of strings', tags);
    return [];
  }
  return tags.filter((tag, i): tag is string => {
    if (typeof tag !== 'string') wrong(`tags/${i}`, 'a string', tag);
    return typeof tag === 'string';
  });
}

/**
 * Reads `x-mint` {href, metadata, content}; other keys (mcp, groups, playground) are not indexed,
 * and an `x-mint` with none of the three gives `undefined`.
 */
function readXMint(value: unknown, wrong: Wrong): XMint | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    wrong('x-mint', 'an object', value);
    return undefined;
  }
  const xMint: { href?: string; metadata?: Record<string, unknown>; content?: string } = {};
  if (typeof value.href === 'string') xMint.href = value.href;
  else if (value.href !== undefined) wrong('x-mint/href', 'a string', value.href);
  if (isRecord(value.metadata)) xMint.metadata = value.metadata;
  else if (value.metadata !== undefined) wrong('x-mint/metadata', 'an object', value.metadata);
  if (typeof value.content === 'string') xMint.content = value.content;
  else if (value.content !== undefined) wrong('x-mint/content', 'a string', value.content);
  return Object.keys(xMint).length > 0 ? xMint : undefined;
}

function checkUnique(operationId: string, pointer: string, context: OperationContext): void {
  const first = context.operationIds.get(operationId);
  if (first === undefined) {
    context.operationIds.set(operationId, pointer);
    return;
  }
  context.problems.push({
    code: 'openapi/duplicate-operation-id',
    message: `\`operationId\` \`${operationId}\` is used by more than one operation; it must be unique in \`${context.file}\`.`,
    file: context.file,
    pointer,
    hint: 'Rename one of them; code generators and links by operationId need unique ids.',
    related: [{ file: context.file, pointer: first, message: 'first used here' }],
  });
}

/** Reports `openapi/wrong-type` for the node at `pointer`. */
export function wrongType(context: Pick<OperationContext, 'file' | 'problems'>, pointer: string, what: string, expected: string, value: unknown): void {
  context.problems.push({
    code: 'openapi/wrong-type',
    message: `${what} must be ${expected}, but is ${describeType(value)}; it is ignored.`,
    file: context.file,
    pointer,
  });
}
