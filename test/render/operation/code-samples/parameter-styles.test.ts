import { describe, expect, it } from 'vitest';
import { codeSamplesFor } from '../../../../src/render/operation/code-samples/index.js';
import { expectGolden, loadFixture, modelOf, samplesText, settings } from './helpers.js';

const FIXTURE = 'samples-styles';
const loaded = loadFixture(FIXTURE);
const curl = (id: string, over: Parameters<typeof settings>[0] = {}) => codeSamplesFor(modelOf(loaded, id), loaded.document, settings({ languages: ['curl'], ...over }))[0]?.code ?? '';

describe('code samples serialize parameters per style and explode', () => {
  it('golden: matrix and label paths, pipe- and space-delimited, deepObject, a reserved-character value, header list, exploded cookie object (curl, Python, JavaScript)', () => {
    const samples = codeSamplesFor(modelOf(loaded, 'searchColors'), loaded.document, settings({ languages: ['curl', 'python', 'javascript'] }));
    expectGolden(FIXTURE, 'searchColors.txt', samplesText(samples));
  });

  it('writes the URL as the specification’s style table does, data percent-encoded', () => {
    expect(curl('searchColors')).toBe(
      [
        'curl --request GET \\',
        "  --url 'https://colors.example.com/palettes/;palette=blue;palette=black;palette=brown/colors/.R,100,G,200,B,150?names=sky%20blue%7Cnavy&sort=hue%20-lightness&filter%5Bcolor%5D=string&filter%5Bsize%5D=123&after=https%3A%2F%2Fcolors.example.com%2Fc%3Fpage%3D2' \\",
        "  --header 'X-Channels: 1,2' \\",
        "  --cookie 'theme=dark%20mode; lang=en'",
      ].join('\n'),
    );
  });

  it('leaves a deprecated optional parameter out, keeps a required one', () => {
    expect(curl('searchColors')).not.toContain('legacy');
    expect(curl('getShade')).toContain('legacy=still-needed');
  });

  it('never shows a placeholder inside a serialized object; a whole-value placeholder stays as written', () => {
    expect(curl('searchColors')).not.toMatch(/%5D=<|%3C/);
    const model = { ...modelOf(loaded, 'getShade'), parameters: [{ name: 'q', in: 'query' as const, required: true, deprecated: false, examples: [], schema: { type: 'string' } }] };
    expect(codeSamplesFor(model, loaded.document, settings({ languages: ['curl'] }))[0]?.code).toBe("curl --request GET \\\n  --url 'https://colors.example.com/shades/{shade}?q=<string>'");
  });

  it('frames a path placeholder in its style: matrix `;shade={shade}`', () => {
    expect(curl('getShade')).toBe("curl --request GET \\\n  --url 'https://colors.example.com/shades/;shade={shade}?legacy=still-needed'");
  });
});

describe('code samples of parameters described by content, and the 3.2 querystring', () => {
  const base = modelOf(loaded, 'getShade');
  const url = (model: typeof base) => /--url '?([^'\s]+)/.exec(codeSamplesFor(model, loaded.document, settings({ languages: ['curl'] }))[0]?.code ?? '')?.[1];
  const coordinates = { name: 'coordinates', in: 'query' as const, required: true, deprecated: false, mediaType: 'application/json', examples: [{ name: 'e', value: { lat: 1.5, long: -2 } }] };

  it('sends a content parameter as its media type’s text, percent-encoded', () => {
    expect(url({ ...base, parameters: [coordinates] })).toBe('https://colors.example.com/shades/{shade}?coordinates=%7B%22lat%22%3A1.5%2C%22long%22%3A-2%7D');
  });

  it('a JSON querystring is the whole query string, percent-encoded (form fields come in as a query parameter: requestParameters)', () => {
    const querystring = (mediaType: string, value: unknown) => ({ name: 'filter', required: true, deprecated: false, mediaType, examples: [{ name: 'e', value }] });
    expect(url({ ...base, parameters: [{ name: 'filter', in: 'query', required: true, deprecated: false, mediaType: 'application/x-www-form-urlencoded', examples: [{ name: 'e', value: { color: 'dark red', size: 2 } }] }] })).toBe(
      'https://colors.example.com/shades/{shade}?color=dark%20red&size=2',
    );
    expect(url({ ...base, parameters: [], querystring: querystring('application/json', { color: 'red' }) })).toBe('https://colors.example.com/shades/{shade}?%7B%22color%22%3A%22red%22%7D');
    expect(url({ ...base, parameters: [], querystring: { ...querystring('application/json', { a: 1 }), required: false, deprecated: true } })).toBe('https://colors.example.com/shades/{shade}');
  });
});
