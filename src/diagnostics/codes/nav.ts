import type { CodeTable } from './types.js';

export const navCodes = {
} as const satisfies CodeTable;
