import { describe, expect, it } from 'vitest';
import { findSection, markdownSections } from '../../../src/server/mcp/markdown-sections.js';

const PAGE = ['# Notes', '', 'Intro.', '', '## Create a `note`', '', 'Text.', '', '```md', '## Not a heading', '```', '', '### Fields', '', 'More.', '', '## Create a note', '', 'Again.', ''].join('\n');

describe('the sections of a Markdown copy', () => {
  it('splits at headings outside code fences, each section holding its subsections, with the page anchors', () => {
    expect(markdownSections(PAGE).map((s) => [s.level, s.heading, s.anchor])).toEqual([
      [1, 'Notes', 'notes'],
      [2, 'Create a note', 'create-a-note'],
      [3, 'Fields', 'fields'],
      [2, 'Create a note', 'create-a-note-1'],
    ]);
    expect(markdownSections(PAGE)[1]?.markdown).toBe('## Create a `note`\n\nText.\n\n```md\n## Not a heading\n```\n\n### Fields\n\nMore.');
    expect(markdownSections('Lead text.\n\n## A\n\nx')[0]).toEqual({ heading: '', anchor: '', level: 0, markdown: 'Lead text.' });
  });

  it('finds a section by anchor (with or without #), by heading text in any case, or by the anchor of the text', () => {
    expect(findSection(PAGE, '#create-a-note-1')?.markdown).toBe('## Create a note\n\nAgain.');
    expect(findSection(PAGE, 'fields')?.markdown).toBe('### Fields\n\nMore.');
    expect(findSection(PAGE, '  CREATE A NOTE ')?.anchor).toBe('create-a-note');
    expect(findSection(PAGE, 'Not a heading')).toBeUndefined();
    expect(findSection(PAGE, 'Billing')).toBeUndefined();
  });
});

describe('heading lines', () => {
  it('drop a closing # sequence, keep a # that is part of a word, and read links, tags and code as text', () => {
    const page = '## Title ##\n\n## C#\n\n### [Link `text`](https://x.test/a_b) <Badge>new</Badge> ###   \n\n#NotAHeading\n';
    expect(markdownSections(page).map((s) => [s.level, s.heading, s.anchor])).toEqual([
      [2, 'Title', 'title'],
      [2, 'C#', 'c'],
      [3, 'Link text new', 'link-text-new'],
    ]);
  });
});
