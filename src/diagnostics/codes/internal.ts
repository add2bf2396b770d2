import type { CodeTable } from './types.js';

export const internalCodes = {
  'internal/error': {
    severity: 'error',
    summary: 'Sheaf itself failed on this input (a bug): the message says where; please report it.',
  },
  'project/not-found': {
    severity: 'error',
    summary: 'The project folder does not exist or holds neither docs.json nor mint.json.',
  },
} as const satisfies CodeTable;
