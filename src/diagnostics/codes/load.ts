import type { CodeTable } from './types.js';

export const loadCodes = {
} as const satisfies CodeTable;
