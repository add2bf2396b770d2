import type { ApiConfig } from '../../../config/loaded-config.js';
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
export function playgroundDisplay(configApi: ApiConfig | undefined, frontmatter: unknown): PlaygroundDisplay {
  const page = isRecord(frontmatter) ? asDisplay(frontmatter.playground) : undefined;
  if (page) return page;
  return configApi?.playground?.display ?? 'interactive';
}

export interface PlaygroundSettings {
  readonly display: PlaygroundDisplay;
  readonly proxy: boolean;
  readonly credentials: boolean;
  readonly prefill: boolean;
  readonly defaults: 'all' | 'required';
  /** `api.params.post`: schema keys shown as pills after each field's name. */
  readonly post: readonly string[];
}

/**
 * Every playground setting of a page from docs.json's `api` and the page's frontmatter, with
 * Mintlify's defaults: proxy `true`, credentials `false`, `api.examples.prefill` `false`.
 */
export function playgroundSettings(configApi: ApiConfig | undefined, frontmatter: unknown): PlaygroundSettings {
  return {
    display: playgroundDisplay(configApi, frontmatter),
    proxy: configApi?.playground?.proxy !== false,
    credentials: configApi?.playground?.credentials === true,
    prefill: configApi?.examples?.prefill === true,
    defaults: configApi?.examples?.defaults === 'required' ? 'required' : 'all',
    post: configApi?.params?.post ?? [],
  };
}
