import type { CodeSampleModel, ServerModel } from './model.js';
import { entriesOf, str, text } from './deref.js';
import { isRecord } from '../../parse/is-record.js';

/** The servers of a `servers` array (entries without a string `url` are left out). */
export function readServers(value: unknown): ServerModel[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((server) => {
    const url = str(server.url);
    if (url === undefined) return [];
    const variables: Record<string, ServerModel['variables'][string]> = {};
    for (const [name, raw] of entriesOf(server.variables)) {
      if (!isRecord(raw)) continue;
      const values = Array.isArray(raw.enum) ? raw.enum.filter((v) => typeof v === 'string' || typeof v === 'number').map(String) : undefined;
      variables[name] = {
        default: raw.default === undefined || raw.default === null ? (values?.[0] ?? '') : String(raw.default),
        ...(values && values.length > 0 ? { enum: values } : {}),
        ...(text(raw.description) !== undefined ? { description: text(raw.description) as string } : {}),
      };
    }
    return [{ url, description: text(server.description), variables }];
  });
}

/** The first non-empty `servers` list among the candidates (operation, path item, document), else none. */
export function pickServers(...candidates: unknown[]): ServerModel[] {
  for (const candidate of candidates) {
    const servers = readServers(candidate);
    if (servers.length > 0) return servers;
  }
  return [];
}

/** `x-codeSamples`, else `x-code-samples`: entries with a string `lang` and `source`. */
export function readCodeSamples(operation: Readonly<Record<string, unknown>>): CodeSampleModel[] {
  const list = Array.isArray(operation['x-codeSamples']) ? operation['x-codeSamples'] : operation['x-code-samples'];
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).flatMap((sample) => {
    const lang = str(sample.lang);
    const source = str(sample.source);
    return lang !== undefined && source !== undefined ? [{ lang, label: text(sample.label), source }] : [];
  });
}
