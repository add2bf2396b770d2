import type { CodeTable } from './types.js';

export const configCodes = {
} as const satisfies CodeTable;
