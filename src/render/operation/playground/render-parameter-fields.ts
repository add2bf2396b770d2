import { explicitValue } from '../../../openapi/examples/index.js';
import type { ParameterModel } from '../../../openapi/operation-model/model.js';
import { fieldSyntax, toFieldText } from '../../../parameter-style/index.js';
import { field } from './field-markup.js';
import { describeSchema, type SchemaInfo } from './schema-info.js';
import { startingValue, valueControl } from './value-control.js';
import { postPills } from '../schema/schema-field.js';
import { resolveSchema } from '../schema/resolve-schema.js';

const LOCATIONS: readonly { readonly in: ParameterModel['in']; readonly legend: string }[] = [
  { in: 'path', legend: 'Path parameters' },
  { in: 'query', legend: 'Query parameters' },
  { in: 'header', legend: 'Headers' },
  { in: 'cookie', legend: 'Cookies' },
];

/**
 * `type · format`, and for arrays and objects the syntax the field takes, which follows the
 * parameter's style (`pipe-separated`, `key=value, comma-separated`: src/parameter-style/field-text.ts).
 */
function parameterHint(p: ParameterModel, info: SchemaInfo): string {
  const base = [info.type, info.format].filter(Boolean).join(' · ');
  const syntax = fieldSyntax(p, info.type === 'array' ? 'array' : info.type === 'object' ? 'object' : 'scalar');
  return syntax ? `${base}, ${syntax}` : base;
}

/**
 * One fieldset per parameter location, in the order path, query, header, cookie. Each control
 * carries `data-pg-param="<index in the spec's parameters>"`; path parameters are always required.
 * A field starts with the value the code samples send (build-har.ts): required parameters always;
 * optional ones only with `defaults: 'all'` (docs.json `api.examples.defaults`) and when not
 * deprecated. Other fields start empty, their example shown greyed as the placeholder, so Send
 * sends what the curl sample shows.
 */
export function renderParameterFields(parameters: readonly ParameterModel[], document: unknown, prefill: boolean, idPrefix: string, defaults: 'all' | 'required' = 'all', post: readonly string[] = []): string {
  return LOCATIONS.map(({ in: location, legend }) => {
    const fields = parameters.flatMap((p, index) => {
      if (p.in !== location) return [];
      const info = describeSchema(document, p.schema);
      const required = p.required || p.in === 'path';
      const id = `${idPrefix}-param-${index}`;
      // Filled with the value the code samples show (its example, else default): Send works on the first click.
      const given = explicitValue(p, document, prefill);
      const sent = required || (defaults === 'all' && !p.deprecated);
      const start = sent ? startingValue(info, given) : { value: undefined, placeholder: given ?? info.default ?? info.placeholder };
      const control = valueControl({
        attrs: { id, name: `${p.in}.${p.name}`, 'data-pg-param': String(index) },
        info,
        // Arrays and objects in the field syntax of the parameter's style (`a|b`, `R=1,G=2`).
        value: toFieldText(p, start.value),
        placeholder: toFieldText(p, start.placeholder),
        required,
      });
      const pills = postPills(resolveSchema(document, p.schema).schema, post);
      return [field(id, { text: p.name, hint: parameterHint(p, info), required, deprecated: p.deprecated, pills }, control)];
    });
    return fields.length ? `<fieldset class="sheaf-playground-group"><legend>${legend}</legend>${fields.join('')}</fieldset>` : '';
  }).join('');
}
