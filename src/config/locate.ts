import { createLocator, type Locator, type Position } from '../diagnostics/positions.js';

/** Finds the 1-based position of a JSON pointer in one of the config files read. */
export type ConfigLocator = (file: string, pointer: string) => Position | undefined;

/**
 * Builds a locator over the texts of the config files (project-relative path → text). Each
 * file's tree is parsed on first use only. Unknown files give `undefined`.
 */
export function createConfigLocator(texts: ReadonlyMap<string, string>): ConfigLocator {
  const locators = new Map<string, Locator>();
  return (file, pointer) => {
    let locator = locators.get(file);
    if (!locator) {
      const text = texts.get(file);
      if (text === undefined) return undefined;
      locator = createLocator(text, 'json');
      locators.set(file, locator);
    }
    return locator(pointer);
  };
}
