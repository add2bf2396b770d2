import type { CodeTable } from './types.js';

/** Codes of the config stage (`src/config/`): reading, `$ref` includes, mint.json upgrade, validation. */
export const configCodes = {
  'config/invalid-json': {
    severity: 'error',
    summary: 'docs.json, mint.json or a file included with `$ref` is not valid JSON.',
  },
  'config/too-deep': {
    severity: 'error',
    summary: 'docs.json, mint.json or an included file nests objects and arrays more than 256 levels deep (also counted across `$ref` includes); it is not read.',
  },
  'config/ref-not-found': {
    severity: 'error',
    summary: 'A `$ref` names a file that does not exist.',
  },
  'config/ref-cycle': {
    severity: 'error',
    summary: '`$ref` includes form a cycle (a file includes itself, directly or through others).',
  },
  'config/ref-outside-project': {
    severity: 'error',
    summary: 'A `$ref` path leaves the project root.',
  },
  'config/ref-siblings-ignored': {
    severity: 'warning',
    summary: 'A `$ref` with sibling keys points at a non-object value (e.g. an array), so the siblings are ignored.',
  },
  'config/unknown-key': {
    severity: 'error',
    summary: 'An unknown key in an object Mintlify closes too (`colors`, a colour pair, an OpenAPI or AsyncAPI source object, `navigation.global`, `fonts`, `integrations`, `footer.socials`); elsewhere an unknown key is `config/ignored-key`.',
  },
  'config/ignored-key': {
    severity: 'warning',
    summary: 'A key docs.json does not define at that place (an old key such as `styling.css`, or a typo); Mintlify strips it silently, Sheaf ignores it and says so.',
  },
  'config/ignored-children': {
    severity: 'warning',
    summary: 'A navigation element holds more than one kind of children (e.g. `versions` and `tabs`); as Mintlify does, one kind is kept by its order and the others are ignored.',
  },
  'config/invalid-navigation-part': {
    severity: 'warning',
    summary: 'A malformed part inside the children of a navigation division (e.g. a group without a name, a page entry that is not a string): Mintlify accepts the file and silently drops all of that list; Sheaf leaves out only the part, or shows a group without a name without a heading.',
  },
  'config/untitled-group': {
    severity: 'warning',
    summary: 'A mint.json navigation group has an empty name, which mint.json allows; the group is shown without a heading.',
  },
  'config/missing-required': {
    severity: 'error',
    summary: 'A required key is missing.',
  },
  'config/invalid-value': {
    severity: 'error',
    summary: 'A value has the wrong type or is not one of the accepted values.',
  },
  'config/conflicting-keys': {
    severity: 'error',
    summary: 'Keys that exclude each other are both set, e.g. a navigation element with two kinds of children.',
  },
  'config/duplicate-redirect': {
    severity: 'error',
    summary: 'Two redirects have the same `source`.',
  },
  'config/invalid-openapi': {
    severity: 'warning',
    summary: 'The `openapi` of a navigation group is invalid and is ignored, as Mintlify does.',
  },
  'config/mint-json-upgraded': {
    severity: 'info',
    summary: 'The project uses legacy mint.json; it was converted to the docs.json shape.',
  },
  'config/setting-not-rendered': {
    severity: 'info',
    summary: 'docs.json sets something Sheaf does not render yet (a theme other than mint, a group `boost`, a version `tag`, …; see the settings table): the site builds without it, as the message says.',
  },
} as const satisfies CodeTable;
