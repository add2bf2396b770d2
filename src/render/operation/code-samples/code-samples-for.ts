import { HTTPSnippet } from '@readme/httpsnippet';
import type { OperationModel } from '../../../openapi/operation-model/model.js';
import { buildHar, type BuiltHar } from './build-har.js';
import { restorePlaceholders } from './placeholders.js';
import { DEFAULT_LANGUAGES, sampleLanguage, type SampleLanguage } from './languages.js';
import { multipartRequest } from './multipart/index.js';

/** One tab of the request panel. */
export interface CodeSample {
  readonly label: string;
  /** Code-block language id (`bash`, `python`…): highlighting and `data-language`. */
  readonly language: string;
  readonly code: string;
}

/** `api.examples` as resolved from docs.json (with `api.mdx.server` or the like as `baseUrl`). */
export interface CodeSampleSettings {
  /** Keys or aliases; default `bash`, `python`, `javascript`. Unknown ones are skipped. */
  readonly languages?: readonly string[];
  readonly defaults: 'all' | 'required';
  readonly autogenerate: boolean;
  readonly prefill: boolean;
  readonly baseUrl?: string;
}

type SnippetInput = ConstructorParameters<typeof HTTPSnippet>[0];

/** The methods every httpsnippet client writes (others get `customMethod`, see languages.ts). */
const SNIPPET_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);

/**
 * The request samples of an operation, in order: its `x-codeSamples` / `x-code-samples` as
 * given (label, else the language's label, else `lang`); then, when `autogenerate`, one
 * generated sample per configured language (aliases folded, duplicates dropped) that the given
 * samples do not already cover and that httpsnippet can write (a multipart/form-data request
 * by the language's own writer, when it has one: see multipart/). Webhooks get no generated
 * samples (the API sends them; there is nothing to call). Never throws: a language whose
 * generator fails is left out.
 */
export function codeSamplesFor(model: OperationModel, document: unknown, settings: CodeSampleSettings): CodeSample[] {
  const given = model.codeSamples.map((s): CodeSample => {
    const lang = sampleLanguage(s.lang);
    return { label: s.label ?? lang?.label ?? s.lang, language: lang?.language ?? s.lang.toLowerCase(), code: s.source };
  });
  if (!settings.autogenerate || model.kind === 'webhook') return given;
  const covered = new Set(model.codeSamples.map((s) => sampleLanguage(s.lang)?.key ?? s.lang.toLowerCase()));
  const languages: SampleLanguage[] = [];
  for (const name of settings.languages ?? DEFAULT_LANGUAGES) {
    const lang = sampleLanguage(name);
    if (lang?.target && !covered.has(lang.key)) {
      covered.add(lang.key);
      languages.push(lang);
    }
  }
  if (languages.length === 0) return given;
  let built: BuiltHar;
  try {
    built = buildHar(model, document, settings);
  } catch {
    return given;
  }
  const multipart = multipartRequest(built.har);
  const generated = languages.flatMap((lang): CodeSample[] => {
    if (!lang.target) return [];
    try {
      const written = multipart && lang.multipart ? lang.multipart(multipart) : undefined;
      if (written !== undefined) return [{ label: lang.label, language: lang.language, code: restorePlaceholders(written, built.placeholders) }];
      if (multipart && lang.multipart) return [];
      const standIn = lang.customMethod !== undefined && !SNIPPET_METHODS.has(built.har.method);
      const har = standIn ? { ...built.har, method: 'POST' } : built.har;
      // A fresh instance and HAR per language: httpsnippet's targets mutate the prepared request.
      const snippet = new HTTPSnippet(structuredClone(har) as unknown as SnippetInput, { harIsAlreadyEncoded: true });
      const [converted] = snippet.convert(lang.target.id as Parameters<HTTPSnippet['convert']>[0], lang.target.client);
      // httpsnippet answers a method its client has no call for (RestSharp and QUERY) with this text.
      if (typeof converted !== 'string' || converted === 'Method not supported') return [];
      const code = standIn && lang.customMethod ? lang.customMethod(converted, built.har.method) : converted;
      const restored = restorePlaceholders(code, built.placeholders).trimEnd();
      return [{ label: lang.label, language: lang.language, code: lang.tidy ? lang.tidy(restored) : restored }];
    } catch {
      return [];
    }
  });
  return [...given, ...generated];
}
