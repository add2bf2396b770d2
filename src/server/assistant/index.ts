export { createAssistantRoutes, ASSISTANT_MESSAGE_PATH, MAX_BODY_BYTES, type AssistantDeps } from './assistant-routes.js';
export { AnswerProviderError, type AnswerContext, type AnswerInput, type AnswerProvider, type HistoryMessage, type SearchHit } from './answer-provider.js';
export { createExtractiveProvider, NOTHING_FOUND, type ExtractiveOptions } from './extractive-provider.js';
export { createOpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openai-compatible-provider.js';
export { createProvider, providerConfigSchema, type CreateProviderResult, type ProviderConfig } from './create-provider.js';
export type { AssistantErrorCode, ErrorBody } from './http-error.js';
