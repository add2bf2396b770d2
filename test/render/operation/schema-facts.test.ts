import { describe, expect, it } from 'vitest';
import { schemaFacts, valueText } from '../../../src/render/operation/schema/schema-facts.js';

describe('schema facts', () => {
  it('quotes an empty or blank string value so it stays visible', () => {
    expect(valueText('')).toBe('""');
    expect(valueText(' ')).toBe('" "');
    expect(valueText('none')).toBe('none');
    expect(valueText(3)).toBe('3');
  });

  it('shows an empty enum value as "" among the allowed values (Stripe tax_exempt)', () => {
    const html = schemaFacts({ type: 'string', enum: ['', 'exempt', 'none'] }, (t) => t);
    expect(html).toContain('<span class="sheaf-op-enum"><code>&quot;&quot;</code> <code>exempt</code> <code>none</code></span>');
  });
});
