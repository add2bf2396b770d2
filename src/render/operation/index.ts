export { buildOperationModel } from '../../openapi/operation-model/model-from-document.js';
export { renderOperationPage, type RenderOperationInput } from './render-operation.js';
export { renderOperationBody, withOperation, type OperationBodyOptions } from './operation-body.js';
