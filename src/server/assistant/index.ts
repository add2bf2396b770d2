export { createAssistantRoutes, ASSISTANT_MESSAGE_PATH, ASSISTANT_MESSAGE_V2_PATH, type AssistantDeps } from './assistant-routes.js';
export { MAX_BODY_BYTES, type AssistantKeyOwner } from './admission.js';
export { AnswerProviderError, type AnswerContext, type AnswerInput, type AnswerChunk, type AnswerProvider, type HistoryMessage, type SearchHit, type TokenUsage } from './answer-provider.js';
export { createExtractiveProvider, NOTHING_FOUND, type ExtractiveOptions } from './extractive-provider.js';
export { createOpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openai-compatible-provider.js';
export { createProvider, providerConfigSchema, type CreateProviderResult, type ProviderConfig } from './create-provider.js';
export type { AssistantErrorCode, ErrorBody } from './http-error.js';
