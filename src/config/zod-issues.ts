import type { z } from 'zod';
import { pointerFrom } from '../diagnostics/positions.js';
import { isRecord } from '../parse/is-record.js';
import { describePath, describeValue, valueAt } from './describe.js';
import type { ConfigProblem } from './problem.js';
import { fits, kindOf, schemaAt, unionOptions } from './schema-walk.js';
import { expectedOf, invalidValue, oneOf, tooBig, tooSmall } from './value-messages.js';
import { unknownKey } from './unknown-key.js';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** The `expected` type name of a schema kind. */
const kindNoun: Readonly<Record<string, string>> = { enum: 'string', literal: 'string', template_literal: 'string', record: 'object', tuple: 'array' };

/**
 * Turns zod issues into config problems. `schema` is the schema the issues' paths start from,
 * found at `base` in `input` (the parsed value). Union failures are explained through the branch
 * that best fits the input; unknown keys get a did-you-mean from the keys the schema declares.
 */
export function problemsFromIssues(issues: readonly Issue[], schema: z.ZodType, input: unknown, base: Path = []): ConfigProblem[] {
  return issues.flatMap((issue) => problemsFromIssue(issue, schema, input, base));
}

function problemsFromIssue(issue: Issue, schema: z.ZodType, input: unknown, base: Path): ConfigProblem[] {
  const path = [...base, ...issue.path];
  const pointer = pointerFrom(path.map(String));
  const value = valueAt(input, pointer);
  const start = valueAt(input, pointerFrom(base.map(String)));
  const at = describePath(pointer);
  const problem = (code: ConfigProblem['code'], message: string, hint?: string): ConfigProblem[] => [
    hint === undefined ? { code, pointer, message } : { code, pointer, message, hint },
  ];
  const key = path[path.length - 1];
  const ownerPointer = pointerFrom(path.slice(0, -1).map(String));
  const owner = valueAt(input, ownerPointer);
  const expected = expectation(issue, schema, start);
  if (value === undefined && key !== undefined && expected !== undefined && isRecord(owner)) {
    const name = ownerPointer === '' ? 'The configuration' : `\`${describePath(ownerPointer)}\``;
    return problem('config/missing-required', `${name} is missing the required key \`${String(key)}\`.`, `Add \`${String(key)}\` (${expected}).`);
  }
  switch (issue.code) {
    case 'invalid_union':
      return problemsFromUnion(issue, schema, input, base);
    case 'unrecognized_keys': {
      const owner = schemaAt(schema, issue.path, start);
      return issue.keys.map((key) => unknownKey(key, owner, pointer));
    }
    case 'invalid_key': {
      const owner = schemaAt(schema, issue.path.slice(0, -1), start);
      const key = String(issue.path[issue.path.length - 1]);
      return [unknownKey(key, owner, pointerFrom(path.slice(0, -1).map(String)))];
    }
    case 'invalid_type':
      return problem('config/invalid-value', `\`${at}\` must be ${expectedOf(issue.expected)}, got ${describeValue(value)}.`);
    case 'invalid_value': {
      const { message, hint } = invalidValue(at, issue.values.map(String), value);
      return problem('config/invalid-value', message, hint);
    }
    case 'too_small':
      return problem('config/invalid-value', tooSmall(at, issue.origin, Number(issue.minimum), value));
    case 'too_big':
      return problem('config/invalid-value', tooBig(at, issue.origin, Number(issue.maximum), value));
    case 'invalid_format': {
      const expected = issue.format === 'url' ? 'an absolute URL such as `https://example.com`' : formatExpectation(issue);
      return problem('config/invalid-value', `\`${at}\` must be ${expected}, got ${describeValue(value)}.`);
    }
    default:
      return problem('config/invalid-value', `\`${at}\`: ${issue.message}.`);
  }
}

/** What a missing value should have been, for the issues a missing key produces; else `undefined`. */
function expectation(issue: Issue, schema: z.ZodType, start: unknown): string | undefined {
  if (issue.code === 'invalid_type') return expectedOf(issue.expected);
  if (issue.code === 'invalid_value') return oneOf(issue.values.map(String));
  if (issue.code !== 'invalid_union') return undefined;
  const union = schemaAt(schema, issue.path, start, true);
  return listTypes(union ? unionOptions(union) : []);
}

/** `a string, an array or an object`: the value types a set of schemas accepts. */
function listTypes(options: readonly z.ZodType[]): string {
  const wanted = [...new Set(options.map((o) => expectedOf(kindNoun[kindOf(o)] ?? kindOf(o))))];
  return wanted.length <= 1 ? wanted.join('') : `${wanted.slice(0, -1).join(', ')} or ${wanted[wanted.length - 1]}`;
}

/** Our regexes carry a readable message (`a hex colour such as …`); others show their pattern. */
function formatExpectation(issue: z.core.$ZodIssueInvalidStringFormat): string {
  if (issue.format === 'regex' && issue.message.startsWith('Invalid string')) return `a string matching \`${issue.pattern ?? ''}\``;
  return issue.format === 'regex' ? issue.message : `a valid ${issue.format}`;
}

/**
 * Explains a union failure. Branches whose type cannot accept the input are set aside; among the
 * rest, the one with the fewest (weighted) issues is explained. If no branch has the right type,
 * the message lists the accepted types.
 */
function problemsFromUnion(issue: z.core.$ZodIssueInvalidUnion, schema: z.ZodType, input: unknown, base: Path): ConfigProblem[] {
  const unionSchema = schemaAt(schema, issue.path, valueAt(input, pointerFrom(base.map(String))), true);
  const options = unionSchema ? unionOptions(unionSchema) : [];
  const path = [...base, ...issue.path];
  const pointer = pointerFrom(path.map(String));
  const value = valueAt(input, pointer);
  let best: { index: number; score: number } | undefined;
  for (const [index, branch] of issue.errors.entries()) {
    const option = options[index];
    if (!option || !fits(kindOf(option), value)) continue;
    const score = branch.reduce((sum, i) => sum + weight(i, option), 0);
    if (!best || score < best.score) best = { index, score };
  }
  const chosen = best && options[best.index];
  if (best && chosen) return problemsFromIssues(issue.errors[best.index] ?? [], chosen, input, path);
  return [{ code: 'config/invalid-value', pointer, message: `\`${describePath(pointer)}\` must be ${listTypes(options)}, got ${describeValue(value)}.` }];
}

/** An issue on a literal key (a discriminator such as `type: "github"`) marks the wrong branch. */
function weight(issue: Issue, branch: z.ZodType | undefined): number {
  const target = branch && issue.path.length > 0 ? schemaAt(branch, issue.path, undefined) : undefined;
  if (target && kindOf(target) === 'literal') return 10;
  return issue.code === 'unrecognized_keys' ? issue.keys.length : 1;
}
