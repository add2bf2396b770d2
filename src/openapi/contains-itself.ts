import { pointerFrom } from '../diagnostics/positions.js';
import { findCycle, type ValueCycle } from '../parse/find-cycle.js';
import { isRecord } from '../parse/is-record.js';
import type { Problem } from './problem.js';

/** Where a value holds itself, for messages: ``the whole document would hold itself at `/paths/~1a/get/…` ``. */
export function describeCycle(cycle: ValueCycle): string {
  const target = cycle.target.length === 0 ? 'the whole document' : `\`${pointerFrom(cycle.target)}\``;
  return `${target} would hold itself at \`${pointerFrom(cycle.path)}\``;
}

/**
 * An `openapi/contains-itself` problem when the steps that build new objects from the parsed
 * value (bundling external `$ref`s, the Swagger 2.0 conversion) made `built` hold itself, else
 * undefined; parsing refuses the cycles it reads (YAML aliases). swagger2openapi inlines a
 * parameter's `description` or `type` written as a `$ref`, and its pointer lookup takes a `$ref`
 * that is not a string (`{$ref: 1}`) for the whole document: the document then holds itself, which
 * no later stage could walk (found by fuzzing). Placed at the member of `written` (the document as
 * the author wrote it) at the same pointer.
 */
export function builtCycle(file: string, built: unknown, written: unknown, converted: boolean): Problem | undefined {
  const cycle = findCycle(built);
  if (!cycle) return undefined;
  const was = valueAt(written, cycle.path);
  // A collection is not printed: after bundling, `written` is `built` and may be the cycle itself.
  const ref = isRecord(was) && Object.hasOwn(was, '$ref') ? ` (written \`{"$ref":${typeof was.$ref === 'object' && was.$ref !== null ? '{…}' : String(JSON.stringify(was.$ref)).slice(0, 200)}}\`)` : '';
  const step = converted ? 'converted from Swagger 2.0' : 'its external `$ref`s are inlined';
  return {
    code: 'openapi/contains-itself',
    message: `\`${file}\` contains itself once ${step}: ${describeCycle(cycle)}${ref}; the file is skipped.`,
    file,
    pointer: pointerFrom(cycle.path),
    hint: converted
      ? 'The conversion inlines a parameter `description` or `type` given as a `$ref`, and a `$ref` that is not a string as the whole document: write the value itself, or a `$ref` as a JSON pointer string (`#/x-texts/term`).'
      : 'Check the `$ref`s at and around that place: none may name a value that holds it.',
  };
}

/** The member of `value` at `path`, without following `$ref`s; undefined when there is none. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
