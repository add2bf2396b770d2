import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';

/**
 * Tailwind's warnings as data. Tailwind v3 prints what it finds wrong with a class (an ambiguous
 * arbitrary value such as `bg-[var(--x)]`, a theme key that does not exist) straight to the
 * console through one logger object (`tailwindcss/lib/util/log.js`, the same in every 3.x). Sheaf
 * prints nothing of a library's own; so that logger's methods are replaced, once per process, by
 * ones that hand each message to the generation running in the current async context (so two
 * sites generated at once never see each other's messages) and drop it anywhere else.
 */

type LogMethod = (keyOrMessages: unknown, messages?: unknown) => void;
interface TailwindLogger {
  info: LogMethod;
  warn: LogMethod;
  risk: LogMethod;
}

const runs = new AsyncLocalStorage<string[]>();
const INSTALLED = Symbol.for('sheaf.tailwind-log');

/** Runs `task` with Tailwind's messages collected into the returned list. */
export async function withTailwindWarnings<T>(task: () => Promise<T>): Promise<{ value: T; warnings: string[] }> {
  installLogger();
  const warnings: string[] = [];
  const value = await runs.run(warnings, task);
  return { value, warnings };
}

function installLogger(): void {
  const logger = (createRequire(import.meta.url)('tailwindcss/lib/util/log.js') as { default: TailwindLogger }).default;
  const marked = logger as TailwindLogger & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  const collect: LogMethod = (keyOrMessages, messages) => {
    const lines = Array.isArray(keyOrMessages) ? keyOrMessages : messages;
    const store = runs.getStore();
    if (store && Array.isArray(lines)) store.push(lines.map((line) => String(line).replace(/\u001b\[[0-9;]*m/g, '')).join(' '));
  };
  logger.info = collect;
  logger.warn = collect;
  logger.risk = collect;
  marked[INSTALLED] = true;
}
