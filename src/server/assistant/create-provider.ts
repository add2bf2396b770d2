import { z } from 'zod';
import type { AnswerProvider } from './answer-provider.js';
import { createExtractiveProvider } from './extractive-provider.js';
import { createOpenAiCompatibleProvider } from './openai-compatible-provider.js';

/**
 * The operator's choice of answer provider. The API key of an OpenAI-compatible provider is never
 * in the configuration itself: `apiKeyEnv` names the environment variable holding it.
 */
export const providerConfigSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('extractive') }),
  z.strictObject({
    kind: z.literal('openai-compatible'),
    /** API root up to the version, e.g. `https://api.openai.com/v1`. */
    baseUrl: z.url({ protocol: /^https?$/ }),
    model: z.string().min(1),
    /** Name of the environment variable holding the API key. */
    apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  }),
]);

export type ProviderConfig = z.infer<typeof providerConfigSchema>;

export type CreateProviderResult =
  | { readonly provider: AnswerProvider }
  | { readonly error: { readonly code: 'assistant/provider-key-missing'; readonly message: string } };

/**
 * The provider `config` asks for. `env` is where the key is read (default: the process
 * environment). A missing or empty key variable is an operator error, returned as data.
 */
export function createProvider(
  config: ProviderConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: { readonly fetch?: typeof fetch } = {},
): CreateProviderResult {
  if (config.kind === 'extractive') return { provider: createExtractiveProvider() };
  const apiKey = env[config.apiKeyEnv];
  if (!apiKey) {
    return {
      error: {
        code: 'assistant/provider-key-missing',
        message: `The assistant's model provider needs an API key in the environment variable ${config.apiKeyEnv}, which is not set. Set it, or use the extractive provider ({"kind":"extractive"}).`,
      },
    };
  }
  return {
    provider: createOpenAiCompatibleProvider({
      baseUrl: config.baseUrl,
      apiKey,
      model: config.model,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  };
}
