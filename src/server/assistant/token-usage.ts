import type { AnswerInput, TokenUsage } from './answer-provider.js';
import { promptOf } from './openai-compatible-provider.js';

/** Characters per token of the estimate: the rule of thumb OpenAI gives for English text. */
export const CHARS_PER_TOKEN = 4;

const tokensOf = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/**
 * An estimate of an answer's tokens where no model counted them (the extractive provider, or a
 * model provider whose stream carried no usage): the prompt an OpenAI-compatible model would be
 * given for `input` (instructions, passages, thread, question and context) and the answer's
 * `text`, at `CHARS_PER_TOKEN` characters per token, rounded up.
 */
export function estimateUsage(input: AnswerInput, text: string): TokenUsage {
  const prompt = promptOf(input).reduce((sum, m) => sum + tokensOf(m.content), 0);
  return { promptTokens: prompt, completionTokens: tokensOf(text) };
}
