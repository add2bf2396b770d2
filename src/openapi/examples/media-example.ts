import type { MediaModel } from '../operation-model/model.js';
import { generateExample, type ExampleOptions } from './generate-example.js';

/**
 * The example of one media type: the first of its own examples that has a `value` (`example`
 * or `examples`; `externalValue`-only ones are skipped), else one generated from its schema.
 * `undefined` when neither gives anything.
 */
export function mediaExample(media: MediaModel, document: unknown, mode: 'request' | 'response', options: ExampleOptions = {}): unknown {
  const given = media.examples.find((e) => e.value !== undefined);
  return given !== undefined ? given.value : generateExample(media.schema, document, mode, options);
}
