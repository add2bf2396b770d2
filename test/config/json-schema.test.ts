import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { docsConfigJsonSchema } from '../../src/config/json-schema.js';
import { themes } from '../../src/config/schema/docs-config.js';
import { expectGolden } from '../golden.js';
import { fixture, REPO } from './helpers.js';

const committed = path.join(REPO, 'schema/docs.schema.json');
const rendered = JSON.stringify(docsConfigJsonSchema(), null, 2) + '\n';

describe('docsConfigJsonSchema', () => {
  it('matches the committed schema/docs.schema.json (UPDATE=1 rewrites it)', () => {
    expectGolden(committed, rendered);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(docsConfigJsonSchema())).toBe(JSON.stringify(docsConfigJsonSchema()));
  });

  it('describes the root, the 9 themes and the navigation definitions', () => {
    const schema = docsConfigJsonSchema() as {
      $schema: string;
      title: string;
      required: string[];
      additionalProperties: boolean;
      properties: { theme: { enum: string[] } };
      definitions: Record<string, unknown>;
    };
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.title).toBe('docs.json (Mintlify format), as Sheaf reads it');
    expect(schema.required).toEqual(['theme', 'name', 'colors', 'navigation']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.theme.enum).toEqual([...themes]);
    expect(Object.keys(schema.definitions).sort()).toEqual([
      'anchor', 'anchors', 'asyncapi', 'dropdown', 'dropdowns', 'footer', 'global', 'group', 'icon', 'language',
      'languages', 'menu', 'menuItem', 'navbar', 'openapi', 'product', 'products', 'tab', 'tabs', 'version', 'versions',
    ]);
  });

  it('accepts a configuration using every feature, and rejects an unknown key (draft-07 validator)', () => {
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(docsConfigJsonSchema());
    const all = JSON.parse(readFileSync(path.join(fixture('config-all-features'), 'docs.json'), 'utf8')) as Record<string, unknown>;
    expect(validate(all)).toBe(true);
    expect(validate({ ...all, serach: {} })).toBe(false);
  });
});
