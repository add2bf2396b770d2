export { explicitValue, schemaValue } from './explicit-value.js';
export { generateExample, type ExampleOptions } from './generate-example.js';
export { mediaExample } from './media-example.js';
export { resolveMerged } from './resolve-merged.js';
