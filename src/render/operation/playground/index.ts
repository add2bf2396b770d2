export { renderPlayground, renderTryIt } from './render-playground.js';
export { hasTryIt, PLAYGROUND_INPUT_ID, TRY_IT_DIALOG_ID, tryItButton } from './try-it-dialog.js';
export { playgroundDisplay, playgroundSettings, type PlaygroundSettings } from './playground-display.js';
export { buildPlaygroundSpec } from './playground-spec.js';
export { embedJson } from './embed-json.js';
export type { PlaygroundDisplay, PlaygroundInput } from './types.js';
export type { BodyKind, PlaygroundSpec, SpecBodyContent, SpecParameter, SpecSecurity, SpecServer, ValueShape } from '../../../model/playground-spec.js';
