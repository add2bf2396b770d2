export { buildOperationModel } from './build-model.js';
export { renderOperationPage, type RenderOperationInput } from './render-operation.js';
export { renderOperationBody, withOperation, type OperationBodyOptions } from './operation-body.js';
