export { renderPlayground } from './render-playground.js';
export { playgroundDisplay, playgroundSettings, type PlaygroundSettings } from './playground-display.js';
export { buildPlaygroundSpec } from './playground-spec.js';
export { embedJson } from './embed-json.js';
export type { BodyKind, PlaygroundDisplay, PlaygroundInput, PlaygroundSpec, SpecBodyContent, SpecParameter, SpecSecurity, SpecServer, ValueShape } from './types.js';
