import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_BLOCKS, readCodeBlocksSetting } from '../../src/config/code-blocks-setting.js';
import { validateConfig } from '../../src/config/validate-config.js';

const system = { light: 'github-light', dark: 'github-dark', surface: 'site', custom: [] };

describe('readCodeBlocksSetting: every documented form of styling.codeblocks', () => {
  it('absent or "system": the GitHub pair on the page surface (the default look)', () => {
    expect(readCodeBlocksSetting(undefined)).toEqual(system);
    expect(readCodeBlocksSetting('system')).toEqual(system);
    expect(DEFAULT_CODE_BLOCKS).toEqual(system);
  });

  it('"dark": the dark theme in both modes, on its own background', () => {
    expect(readCodeBlocksSetting('dark')).toEqual({ light: 'github-dark', dark: 'github-dark', surface: 'theme', custom: [] });
  });

  it('a bare Shiki theme name and { theme: name }: that theme in both modes', () => {
    const dracula = { light: 'dracula', dark: 'dracula', surface: 'theme', custom: [] };
    expect(readCodeBlocksSetting('dracula')).toEqual(dracula);
    expect(readCodeBlocksSetting({ theme: 'dracula' })).toEqual(dracula);
  });

  it('{ theme: { light, dark } }: one theme per mode', () => {
    expect(readCodeBlocksSetting({ theme: { light: 'github-light', dark: 'github-dark' } })).toEqual({ light: 'github-light', dark: 'github-dark', surface: 'theme', custom: [] });
  });

  it('languages.custom: the paths, blank and repeated ones left out, with or without a theme', () => {
    expect(readCodeBlocksSetting({ languages: { custom: ['/languages/a.json', ' ', '/languages/a.json', 3, 'b.json'] } })).toEqual({ ...system, custom: ['/languages/a.json', 'b.json'] });
    expect(readCodeBlocksSetting({ theme: 'nord', languages: { custom: ['x.json'] } })).toEqual({ light: 'nord', dark: 'nord', surface: 'theme', custom: ['x.json'] });
  });

  it('anything else reads as the default, never throws', () => {
    for (const v of [null, 42, true, [], '', '  ', { theme: { light: 'github-light' } }, { theme: 7 }]) {
      expect(readCodeBlocksSetting(v), JSON.stringify(v)).toEqual(system);
    }
  });

  it('reads the schema output of each written form alike', () => {
    const read = (codeblocks: unknown) => {
      const result = validateConfig({ name: 'x', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] }, styling: { codeblocks } });
      return readCodeBlocksSetting(result.config?.styling?.codeblocks);
    };
    expect(read('dracula')).toEqual(readCodeBlocksSetting('dracula'));
    expect(read('dark')).toEqual(readCodeBlocksSetting('dark'));
    expect(read({ theme: { light: 'one-light', dark: 'one-dark-pro' } })).toEqual({ light: 'one-light', dark: 'one-dark-pro', surface: 'theme', custom: [] });
  });
});
