import { collectRefs, type RefSite } from './collect-refs.js';
import { compareStrings } from './compare-strings.js';
import type { Problem } from './problem.js';
import type { InlinedRef } from './validate-document.js';
import { readRefFiles, type ReadContext, type RefFile, type RefFileFailure } from './read-ref-files.js';
import { refTarget } from './ref-target.js';
import { fragmentPointer, resolvePointer } from './resolve-pointer.js';

export type { RefFile } from './read-ref-files.js';

export interface RefContext extends ReadContext {
  /** Absolute project root; local `$ref`s must stay inside it. */
  readonly root: string;
  readonly allowNetwork: boolean;
  /** OpenAPI 3.1: schemas with `$id` change the base of `$ref`s inside them. */
  readonly idScopes: boolean;
}

export interface RefCheck {
  /** Every file read for this document, by key, the root included. */
  readonly files: ReadonlyMap<string, RefFile>;
  /** Holders of `$ref`s the bundler cannot resolve: broken, refused, or `$id`-relative. */
  readonly hidden: ReadonlySet<Record<string, unknown>>;
  /** True when at least one external `$ref` resolved, so the document needs bundling. */
  readonly external: boolean;
  /** Each external `$ref` that resolved: where it is and what the bundler puts in its place. */
  readonly inlined: readonly InlinedRef[];
  readonly problems: readonly Problem[];
}

/** An external `$ref` waiting for its file to be read. */
interface Pending {
  readonly file: RefFile;
  readonly site: RefSite;
  readonly key: string;
  readonly pointer: string;
}

/**
 * Checks every `$ref` of a document and of the files it reaches. Internal refs must resolve in
 * their own file; external ones must name a file inside the project (or, with network access, a
 * URL) and a pointer that exists there. Files are read level by level, several at a time, each
 * once; problems come out in a deterministic order. Nothing throws for bad input.
 */
export async function checkRefs(rootFile: RefFile, context: RefContext): Promise<RefCheck> {
  const files = new Map<string, RefFile>([[rootFile.key, rootFile]]);
  const failures = new Map<string, RefFileFailure>();
  const hidden = new Set<Record<string, unknown>>();
  const problems: Problem[] = [];
  const inlined: InlinedRef[] = [];
  let external = false;
  const report = (file: RefFile, site: RefSite, problem: Omit<Problem, 'file' | 'pointer'>) => {
    hidden.add(site.holder);
    problems.push({ ...problem, file: file.display, pointer: `${site.pointer}/$ref` });
  };

  for (let level = [rootFile]; level.length > 0; ) {
    const pending: Pending[] = [];
    for (const file of level) {
      const resolves = memoResolves(file.value);
      for (const site of collectRefs(file.value, { idScopes: context.idScopes, shared: file.source.syntax === 'yaml' })) {
        const hash = site.ref.indexOf('#');
        const address = hash === -1 ? site.ref : site.ref.slice(0, hash);
        const pointer = fragmentPointer(hash === -1 ? '' : site.ref.slice(hash));
        if (address === '') {
          const problem = checkInternal(file, site, pointer, resolves(pointer));
          if (problem) problems.push(problem);
          if (problem?.code === 'openapi/ref-not-found') hidden.add(site.holder);
        } else if (site.scope) {
          hidden.add(site.holder); // an identifier relative to a JSON Schema `$id`, not a file
        } else {
          const target = refTarget(context.root, file.key, address);
          if (target.kind === 'outside') {
            report(file, site, {
              code: 'openapi/ref-outside-root',
              message: target.scheme
                ? `\`$ref\` \`${site.ref}\` uses the \`${target.scheme}\` scheme; only relative paths inside the project (and http(s) URLs) are read.`
                : `\`$ref\` \`${site.ref}\` points outside the project folder; it is not read.`,
              hint: 'Copy the referenced file into the project and reference it with a relative path.',
            });
          } else if (target.kind === 'remote' && !context.allowNetwork) {
            report(file, site, {
              code: 'openapi/remote-not-allowed',
              message: `\`$ref\` \`${site.ref}\` is remote and network access is off; it renders unresolved.`,
              hint: 'Pass `--allow-network` to fetch remote references, or copy the file into the project.',
            });
          } else {
            pending.push({ file, site, key: target.key, pointer });
          }
        }
      }
    }

    const unread = [...new Set(pending.map((p) => p.key))].filter((k) => !files.has(k) && !failures.has(k)).sort(compareStrings);
    const results = await readRefFiles(unread, context);
    const next: RefFile[] = [];
    results.forEach((result, i) => {
      if ('reason' in result) {
        failures.set(unread[i] as string, result);
        if (result.problem) problems.push(result.problem);
      } else {
        files.set(result.key, result);
        next.push(result);
      }
    });

    for (const { file, site, key, pointer } of pending) {
      let resolved: ReturnType<typeof resolvePointer>;
      const failure = failures.get(key);
      const target = files.get(key);
      if (failure) {
        if (failure.problem) hidden.add(site.holder); // the file's own problem is reported once
        else report(file, site, { code: 'openapi/ref-not-found', message: `\`$ref\` \`${site.ref}\` cannot be resolved: ${failure.reason}.` });
      } else if (target && target.value !== undefined && (resolved = resolvePointer(target.value, pointer))) {
        external = true;
        inlined.push({ file: file.display, pointer: site.pointer, targetFile: target.display, targetPointer: resolved.pointer });
      } else {
        report(file, site, {
          code: 'openapi/ref-not-found',
          message: `\`$ref\` \`${site.ref}\` cannot be resolved: \`${target?.display ?? key}\` has nothing at \`${pointer || '/'}\`.`,
        });
      }
    }
    level = next;
  }
  return { files, hidden, external, inlined, problems };
}

/** Whether a pointer resolves in `value`, remembered per pointer: documents repeat their refs. */
function memoResolves(value: unknown): (pointer: string) => boolean {
  const known = new Map<string, boolean>();
  return (pointer) => {
    let found = known.get(pointer);
    if (found === undefined) {
      found = resolvePointer(value, pointer) !== undefined;
      known.set(pointer, found);
    }
    return found;
  };
}

/** Checks a fragment-only `$ref` against its own file, minding 3.1 `$id` scopes. */
function checkInternal(file: RefFile, site: RefSite, pointer: string, inDocument: boolean): Problem | undefined {
  const inScope = site.scope !== undefined && resolvePointer(site.scope.node, pointer) !== undefined;
  const at = { file: file.display, pointer: `${site.pointer}/$ref` };
  if (!inDocument) {
    const note = inScope
      ? ` It exists inside the schema with \`$id\` \`${site.scope?.id}\`, but Sheaf resolves \`$ref\`s against the document.`
      : '';
    return { code: 'openapi/ref-not-found', message: `\`$ref\` \`${site.ref}\` points at nothing in \`${file.display}\`.${note}`, ...at };
  }
  if (site.scope && !inScope) {
    return {
      code: 'openapi/ref-inside-id',
      message: `\`$ref\` \`${site.ref}\` sits inside a schema with \`$id\` \`${site.scope.id}\`: Sheaf resolves it against the document, but JSON Schema tools resolve it against that \`$id\`, where it does not exist.`,
      hint: 'Remove `$id` from the enclosing schema, or move the schema to `components/schemas` and reference it.',
      ...at,
    };
  }
  return undefined;
}
