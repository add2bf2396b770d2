export { buildOperationModel } from '../../openapi/operation-model/model-from-document.js';
export { operationDisplay, renderOperationPage, type OperationDisplay, type RenderOperationInput } from './render-operation.js';
export { renderOperationBody, withOperation, type OperationBodyOptions } from './operation-body.js';
