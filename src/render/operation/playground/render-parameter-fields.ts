import { explicitValue } from '../../../openapi/examples/index.js';
import type { ParameterModel } from '../../../openapi/operation-model/model.js';
import { field } from './field-markup.js';
import { describeSchema } from './schema-info.js';
import { startingValue, typeHint, valueControl } from './value-control.js';

const LOCATIONS: readonly { readonly in: ParameterModel['in']; readonly legend: string }[] = [
  { in: 'path', legend: 'Path parameters' },
  { in: 'query', legend: 'Query parameters' },
  { in: 'header', legend: 'Headers' },
  { in: 'cookie', legend: 'Cookies' },
];

/**
 * One fieldset per parameter location, in the order path, query, header, cookie. Each control
 * carries `data-pg-param="<index in the spec's parameters>"`; path parameters are always required.
 */
export function renderParameterFields(parameters: readonly ParameterModel[], document: unknown, prefill: boolean, idPrefix: string): string {
  return LOCATIONS.map(({ in: location, legend }) => {
    const fields = parameters.flatMap((p, index) => {
      if (p.in !== location) return [];
      const info = describeSchema(document, p.schema);
      const required = p.required || p.in === 'path';
      const id = `${idPrefix}-param-${index}`;
      const control = valueControl({
        attrs: { id, name: `${p.in}.${p.name}`, 'data-pg-param': String(index) },
        info,
        ...startingValue(info, explicitValue(p, document, prefill), prefill),
        required,
      });
      return [field(id, { text: p.name, hint: typeHint(info), required, deprecated: p.deprecated }, control)];
    });
    return fields.length ? `<fieldset class="sheaf-playground-group"><legend>${legend}</legend>${fields.join('')}</fieldset>` : '';
  }).join('');
}
