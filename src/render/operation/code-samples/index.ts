export { codeSamplesFor, type CodeSample, type CodeSampleSettings } from './code-samples-for.js';
export { renderSamplesPanel } from './render-samples-panel.js';
export { responseExamples, type ResponseSample } from './response-examples.js';
