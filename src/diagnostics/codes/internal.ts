import type { CodeTable } from './types.js';

export const internalCodes = {
  'internal/error': {
    severity: 'error',
    summary: 'Sheaf itself failed on this input (a bug): the message says where; please report it.',
  },
  'internal/not-built': {
    severity: 'error',
    summary: "One of Sheaf's own browser files (dist/client/*.js, built by `npm run build`) is missing, so no site can be built.",
  },
  'project/not-found': {
    severity: 'error',
    summary: 'The project folder does not exist or holds neither docs.json nor mint.json.',
  },
} as const satisfies CodeTable;
