import type { IndexedOperation, OperationIndex } from '../../src/model/openapi.js';

/** An indexed operation with defaults, for unit tests. */
export const op = (method: IndexedOperation['method'], path: string, extra: Partial<IndexedOperation> = {}): IndexedOperation => ({
  method,
  path,
  tags: [],
  deprecated: false,
  hidden: false,
  excluded: false,
  pointer: `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`,
  ...extra,
});

/** An operation index with defaults, for unit tests. */
export const index = (file: string, operations: IndexedOperation[], webhooks: IndexedOperation[] = []): OperationIndex => ({
  file,
  version: '3.0.3',
  converted: false,
  operations,
  webhooks,
  tags: [],
});
