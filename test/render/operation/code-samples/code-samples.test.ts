import { describe, expect, it } from 'vitest';
import { codeSamplesFor } from '../../../../src/render/operation/code-samples/index.js';
import type { OperationModel } from '../../../../src/openapi/operation-model/model.js';
import { expectGolden, loadFixture, modelOf, samplesText, settings } from './helpers.js';

const FIXTURE = 'samples-basic';
const loaded = loadFixture(FIXTURE);
const doc = loaded.document;
const samples = (id: string, over: Parameters<typeof settings>[0] = {}) => codeSamplesFor(modelOf(loaded, id), doc, settings(over));
const labels = (list: readonly { label: string }[]) => list.map((s) => s.label);

describe('codeSamplesFor: goldens', () => {
  it('JSON body, path/query/header/cookie parameters, bearer auth, server variables: curl, python, javascript, ts, golang', () => {
    expectGolden(FIXTURE, 'updatePet.txt', samplesText(samples('updatePet', { languages: ['curl', 'python', 'javascript', 'ts', 'golang'] })));
  });

  it('defaults: required leaves out optional parameters and body properties', () => {
    expectGolden(FIXTURE, 'updatePet.required.txt', samplesText(samples('updatePet', { languages: ['bash'], defaults: 'required' })));
  });

  it('multipart with a file field, API key header with x-default, path placeholder', () => {
    expectGolden(FIXTURE, 'uploadAvatar.txt', samplesText(samples('uploadAvatar')));
  });

  it('form body with an array field, basic auth', () => {
    expectGolden(FIXTURE, 'createToken.txt', samplesText(samples('createToken')));
  });

  it('binary body, API key in the query, encoded path example', () => {
    expectGolden(FIXTURE, 'putFile.txt', samplesText(samples('putFile')));
  });

  it('x-codeSamples first, then generated languages they do not cover', () => {
    expectGolden(FIXTURE, 'search.txt', samplesText(samples('search')));
  });

  it('prefill uses x-default values of parameters and body properties', () => {
    expectGolden(FIXTURE, 'search.prefill.txt', samplesText(samples('search', { languages: ['curl'], prefill: true })));
    expectGolden(FIXTURE, 'updatePet.prefill.txt', samplesText(samples('updatePet', { languages: ['curl'], prefill: true })));
  });
});

describe('codeSamplesFor: precedence and languages', () => {
  it('defaults to cURL, Python, JavaScript', () => {
    expect(labels(samples('updatePet'))).toEqual(['cURL', 'Python', 'JavaScript']);
  });

  it('x-codeSamples come first as given; a generated sample for a covered language is dropped', () => {
    const list = samples('search');
    expect(list.slice(0, 2)).toEqual([
      { label: 'JS SDK', language: 'javascript', code: "await client.search({ q: 'rex' });" },
      { label: 'Go', language: 'go', code: 'client.Search("rex")' },
    ]);
    expect(labels(list)).toEqual(['JS SDK', 'Go', 'cURL', 'Python']);
  });

  it('autogenerate: false shows only x-codeSamples', () => {
    expect(labels(samples('search', { autogenerate: false }))).toEqual(['JS SDK', 'Go']);
    expect(samples('updatePet', { autogenerate: false })).toEqual([]);
  });

  it('folds aliases (case-insensitive), drops duplicates, skips languages without a generator and unknown names', () => {
    expect(labels(samples('updatePet', { languages: ['CURL', 'bash', 'sh', 'Py', 'rust', 'flutter', 'cobol', 'node', 'c#', 'dotnet', 'cpp', 'kt', 'rb', 'php', 'java', 'swift', 'powershell', 'c'] }))).toEqual([
      'cURL', 'Python', 'Node', 'C#', '.NET', 'C++', 'Kotlin', 'Ruby', 'PHP', 'Java', 'Swift', 'PowerShell', 'C',
    ]);
  });

  it('every mapped language produces code that names the URL', () => {
    const all = samples('updatePet', { languages: ['bash', 'python', 'javascript', 'node', 'php', 'go', 'java', 'ruby', 'powershell', 'swift', 'csharp', 'dotnet', 'typescript', 'c', 'c++', 'kotlin'] });
    expect(all).toHaveLength(16);
    for (const s of all) expect(s.code, s.label).toContain('https://eu.pets.example.com/v1/pets/42');
  });

  it('a QUERY operation (OpenAPI 3.2): PowerShell calls -CustomMethod, RestSharp (no call for it) is left out', () => {
    const list = samples('search', { languages: ['powershell', 'csharp', 'curl'] }).filter((s) => !['JS SDK', 'Go'].includes(s.label));
    const query = codeSamplesFor({ ...modelOf(loaded, 'search'), method: 'QUERY', codeSamples: [] }, doc, settings({ languages: ['powershell', 'csharp', 'curl'] }));
    expect(labels(list)).toEqual(['PowerShell', 'C#', 'cURL']);
    expect(labels(query)).toEqual(['PowerShell', 'cURL']);
    expect(query[0]?.code).toBe(list[0]?.code.replace('-Method GET', "-CustomMethod 'QUERY'"));
    expect(query[0]?.code).toContain("Invoke-RestMethod -Uri 'https://eu.pets.example.com/v1/search?q=rex&limit=100' -CustomMethod 'QUERY'");
  });

  it('webhooks get no generated samples', () => {
    expect(samples('petAdopted')).toEqual([]);
  });
});

describe('codeSamplesFor: URLs', () => {
  const bare: OperationModel = { ...modelOf(loaded, 'search'), codeSamples: [], parameters: [], servers: [] };
  const curl = (m: OperationModel, baseUrl?: string) => codeSamplesFor(m, doc, settings({ languages: ['curl'], ...(baseUrl ? { baseUrl } : {}) }))[0]?.code ?? '';

  it('uses https://api.example.com without a server, baseUrl when given', () => {
    expect(curl(bare)).toContain('--url https://api.example.com/search');
    expect(curl(bare, 'https://docs.example.org/api/')).toContain('--url https://docs.example.org/api/search');
  });

  it('puts relative servers under the base, protocol-relative ones under https', () => {
    expect(curl({ ...bare, servers: [{ url: '/v2', variables: {} }] })).toContain('--url https://api.example.com/v2/search');
    expect(curl({ ...bare, servers: [{ url: '//cdn.example.net', variables: {} }] })).toContain('--url https://cdn.example.net/search');
  });

  it('keeps a server variable without a default as {name}', () => {
    expect(curl({ ...bare, servers: [{ url: 'https://{tenant}.example.com', variables: { tenant: { default: '' } } }] })).toContain('--url https://{tenant}.example.com/search');
  });

  it('serialises query parameters per style', () => {
    const p = (over: object) => ({ name: 'ids', in: 'query' as const, required: true, deprecated: false, examples: [{ name: 'e', value: [1, 2] }], ...over });
    expect(curl({ ...bare, parameters: [p({})] })).toContain('search?ids=1&ids=2');
    expect(curl({ ...bare, parameters: [p({ explode: false })] })).toContain('search?ids=1,2');
    expect(curl({ ...bare, parameters: [p({ style: 'pipeDelimited', explode: false })] })).toContain('search?ids=1%7C2');
    expect(curl({ ...bare, parameters: [p({ style: 'deepObject', examples: [{ name: 'e', value: { a: 'x y' } }] })] })).toContain('search?ids%5Ba%5D=x%20y');
  });
});

describe('codeSamplesFor: bodies', () => {
  const base = modelOf(loaded, 'updatePet');
  const withBody = (mediaType: string, value: unknown): OperationModel => ({
    ...base,
    parameters: base.parameters.filter((p) => p.in === 'path'),
    security: [],
    requestBody: { required: true, content: [{ mediaType, examples: [{ name: 'e', value }] }] },
  });
  const code = (m: OperationModel, lang: string) => codeSamplesFor(m, doc, settings({ languages: [lang] }))[0]?.code ?? '';

  it('treats vendor JSON media types as JSON, keeping the real content-type', () => {
    const m = withBody('application/vnd.pets+json', { name: 'Rex' });
    expect(code(m, 'python')).toContain('requests.put(url, json=payload, headers=headers)');
    expect(code(m, 'python')).toContain('"content-type": "application/vnd.pets+json"');
  });

  it('writes XML bodies from object examples and keeps string examples as written', () => {
    expect(code(withBody('application/xml', { pet: { name: 'Rex & co', tags: ['a', 'b'] } }), 'curl')).toContain(
      `--data '<?xml version="1.0" encoding="UTF-8"?>\n<root>\n  <pet>\n    <name>Rex &#38; co</name>\n    <tags>a</tags>\n    <tags>b</tags>\n  </pet>\n</root>'`,
    );
    expect(code(withBody('text/plain', 'hello'), 'curl')).toContain('--data hello');
  });

  it('uses a heredoc for JSON holding a single quote (httpsnippet), left as is', () => {
    expect(code(withBody('application/json', { note: "it's here, long enough" }), 'curl')).toContain(`--data @- <<EOF\n{\n  "note": "it's here, long enough"\n}\nEOF`);
  });
});
