import type { CodeTable } from './types.js';

export const openapiCodes = {
} as const satisfies CodeTable;
