import type { PlaygroundDisplay } from './types.js';
import { isRecord } from '../../../parse/is-record.js';

const DISPLAYS: readonly PlaygroundDisplay[] = ['interactive', 'simple', 'none', 'auth'];

const asDisplay = (value: unknown): PlaygroundDisplay | undefined =>
  DISPLAYS.find((d) => d === value);

/**
 * The playground display of one page: the page's `playground` frontmatter when it is one of the
 * four values, else `api.playground.display` of docs.json, else `interactive` (Mintlify's
 * default). `configApi` is docs.json's `api` object (or undefined); `frontmatter` the page's.
 */
export function playgroundDisplay(configApi: unknown, frontmatter: unknown): PlaygroundDisplay {
  const page = isRecord(frontmatter) ? asDisplay(frontmatter.playground) : undefined;
  if (page) return page;
  const playground = isRecord(configApi) && isRecord(configApi.playground) ? configApi.playground : undefined;
  return asDisplay(playground?.display) ?? 'interactive';
}

export interface PlaygroundSettings {
  readonly display: PlaygroundDisplay;
  readonly proxy: boolean;
  readonly credentials: boolean;
  readonly prefill: boolean;
}

/**
 * Every playground setting of a page from docs.json's `api` and the page's frontmatter, with
 * Mintlify's defaults: proxy `true`, credentials `false`, `api.examples.prefill` `false`.
 */
export function playgroundSettings(configApi: unknown, frontmatter: unknown): PlaygroundSettings {
  const api = isRecord(configApi) ? configApi : {};
  const playground = isRecord(api.playground) ? api.playground : {};
  const examples = isRecord(api.examples) ? api.examples : {};
  return {
    display: playgroundDisplay(configApi, frontmatter),
    proxy: playground.proxy !== false,
    credentials: playground.credentials === true,
    prefill: examples.prefill === true,
  };
}
