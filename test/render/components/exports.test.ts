import { describe, expect, it } from 'vitest';
import * as api from '../../../src/render/components/index.js';

describe('src/render/components public surface', () => {
  it('exports exactly the map, the context, IconSlot and the icon stores', () => {
    expect(Object.keys(api).sort()).toEqual(['ComponentContext', 'IconSlot', 'components', 'createIconStore', 'sharedIconStore']);
  });

  it('maps every Mintlify component name (Snippet is the MDX pipeline’s), and `a` for Markdown’s links', () => {
    expect(Object.keys(api.components).sort()).toEqual([
      'Accordion', 'AccordionGroup', 'Badge', 'Callout', 'Card', 'CardGroup', 'Check', 'CodeGroup', 'Color', 'Column',
      'Columns', 'Danger', 'Expandable', 'FileTree', 'Frame', 'GitHub', 'Icon', 'Info', 'Note', 'Panel', 'ParamField',
      'Prompt', 'RequestExample', 'ResponseExample', 'ResponseField', 'Step', 'Steps', 'Tab', 'Tabs', 'Tile', 'Tip',
      'Tooltip', 'Tree', 'Update', 'View', 'Visibility', 'Warning', 'a',
    ]);
  });

  it('exposes the dotted members', () => {
    const c = api.components as Record<string, any>;
    for (const [root, member] of [['Tree', 'Folder'], ['Tree', 'File'], ['Color', 'Row'], ['Color', 'Item'], ['GitHub', 'Repo']] as const) {
      expect(typeof c[root][member]).toBe('function');
    }
  });
});
