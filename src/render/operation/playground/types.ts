/**
 * Types of the playground renderer's input. The spec it embeds for the browser script is wire
 * data, in src/model/playground-spec.ts.
 */

import type { OperationModel } from '../../../openapi/operation-model/model.js';

/** `api.playground.display` and the per-page `playground` frontmatter. */
export type PlaygroundDisplay = 'interactive' | 'simple' | 'none' | 'auth';

export interface PlaygroundInput {
  readonly model: OperationModel;
  /** The bundled OpenAPI document the model was read from (its `$ref`s are resolved in it). */
  readonly document: unknown;
  readonly display: PlaygroundDisplay;
  /** `api.playground.proxy`: send through `POST <base>/_svc/api/request` (default true). */
  readonly proxy: boolean;
  /** `api.playground.credentials`: with the proxy off, `fetch` with `credentials: 'include'`. */
  readonly credentials: boolean;
  /** `api.examples.prefill`: parameter and form fields start with their example values. */
  readonly prefill: boolean;
  /** `api.examples.defaults`: with `required`, optional fields start empty, as the code samples leave them out (default `all`). */
  readonly defaults?: 'all' | 'required';
  /** `api.params.post`: schema keys shown as pills after each field's name (default none). */
  readonly post?: readonly string[];
  /** Prefix of the element ids; only needed when a page holds more than one playground. */
  readonly idPrefix?: string;
}
