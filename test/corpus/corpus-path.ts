import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared corpus lives beside the repository: `../shared/corpus`. Never copied in. */
export const CORPUS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');
export const HAS_CORPUS = existsSync(CORPUS);
