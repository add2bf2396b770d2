import type { RawSchema } from '../operation-model/model.js';
import { numberExample } from './number-example.js';
import { stringExample } from './string-example.js';

/**
 * A string, number, integer, boolean or null example by type, within the schema's constraints
 * (see `stringExample` and `numberExample`); `undefined` for other types.
 */
export function scalarExample(type: string, schema: RawSchema): unknown {
  switch (type) {
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return numberExample(type, schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}
