import { fragmentPointer, resolvePointer } from '../openapi/resolve-pointer.js';
import { walkJson } from '../parse/json-walk.js';
import type { AsyncApiProblem } from './asyncapi-problem.js';

/** `$ref` problems reported one by one per document, at most; the rest are counted in one more. */
const MAX_REPORTED = 50;

/**
 * Every `$ref` of the document that will not resolve when the pages are rendered: internal ones
 * pointing at nothing (`asyncapi/ref-not-found`) and ones into another file or URL, which are not
 * read (`asyncapi/external-ref`). Each at the `$ref` itself; past 50, one more problem of the
 * first kind counts the rest. Iterative walk (`walkJson`): a deep document cannot overflow it.
 */
export function checkAsyncApiRefs(doc: unknown, file: string): AsyncApiProblem[] {
  const problems: AsyncApiProblem[] = [];
  let more = 0;
  for (const entry of walkJson(doc)) {
    if (entry.key !== '$ref' || entry.inArray || typeof entry.value !== 'string') continue;
    const ref = entry.value;
    const internal = ref.startsWith('#');
    if (internal && resolvePointer(doc, fragmentPointer(ref)) !== undefined) continue;
    if (problems.length >= MAX_REPORTED) {
      more += 1;
      continue;
    }
    problems.push(
      internal
        ? {
            code: 'asyncapi/ref-not-found',
            message: `\`$ref: ${ref}\` in \`${file}\` points at nothing in the document; it renders unresolved.`,
            file,
            pointer: entry.pointer,
            hint: 'Point it at an existing part of the document, such as `#/components/messages/<name>`.',
          }
        : {
            code: 'asyncapi/external-ref',
            message: `\`$ref: ${ref}\` in \`${file}\` points into another file or URL, which is not read; it renders unresolved.`,
            file,
            pointer: entry.pointer,
            hint: 'Move what it names into the document (under `components`) and reference it with `#/components/…`.',
          },
    );
  }
  if (more > 0) {
    problems.push({
      code: 'asyncapi/ref-not-found',
      message: `${more.toLocaleString('en-US')} more \`$ref\`s of \`${file}\` do not resolve (the first ${MAX_REPORTED} are reported one by one); they render unresolved.`,
      file,
      hint: 'Fix the reported ones first: they often share one cause.',
    });
  }
  return problems;
}
