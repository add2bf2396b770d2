import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/diagnostics/code-frame.js';
import { clampText, createDiagnostic } from '../../src/diagnostics/create.js';
import { internalErrorDiagnostic } from '../../src/diagnostics/internal-error.js';
import { createLineIndex } from '../../src/diagnostics/line-index.js';
import { FRAME_WINDOW_CHARS, MAX_MESSAGE_CHARS } from '../../src/diagnostics/output-limits.js';
import { measureExpanded } from '../../src/parse/expanded-shape.js';
import { findTooDeep } from '../../src/parse/json-depth.js';
import { MAX_NESTING_DEPTH } from '../../src/parse/nesting-limits.js';

/** `levels` arrays inside each other: `[[…]]`. */
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('findTooDeep', () => {
  it('accepts exactly the cap and points at the first bracket past it', () => {
    expect(MAX_NESTING_DEPTH).toBe(256);
    expect(findTooDeep(nested(256), 256)).toBeUndefined();
    expect(findTooDeep(nested(257), 256)).toBe(256);
    expect(findTooDeep(`{"a":${nested(257)}}`, 256)).toBe(5 + 255);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(findTooDeep(`["${'['.repeat(1000)}"]`, 2)).toBeUndefined();
    expect(findTooDeep(`["a\\"[[[[", [[1]]]`, 3)).toBeUndefined();
    expect(findTooDeep(`["a\\\\", [[[1]]]]`, 3)).toBe(10);
    // An unterminated string hides the rest, as it does from a parser.
    expect(findTooDeep(`["${nested(10)}`, 2)).toBeUndefined();
  });

  it('scans 100,000 levels without recursing', () => {
    expect(findTooDeep(nested(100_000), 256)).toBe(256);
  });
});

describe('line index', () => {
  it('finds positions and line bounds with LF and CRLF', () => {
    const index = createLineIndex('ab\r\ncd\nef');
    expect(index.lineCount).toBe(3);
    expect(index.positionOf(0)).toEqual({ line: 1, column: 1 });
    expect(index.positionOf(4)).toEqual({ line: 2, column: 1 });
    expect(index.positionOf(8)).toEqual({ line: 3, column: 2 });
    expect(index.positionOf(99)).toEqual({ line: 3, column: 3 });
    expect([index.lineStart(2), index.lineEnd(1), index.lineEnd(2), index.lineEnd(3), index.lineStart(4)]).toEqual([4, 2, 6, 9, undefined]);
  });
});

describe('code frame', () => {
  it('marks the line with its neighbours, like Babel', () => {
    const index = createLineIndex('openapi: 3.0.3\ninfo:\n  title: T\n');
    expect(codeFrame(index, 2, 1)).toBe(['  1 | openapi: 3.0.3', '> 2 | info:', '    | ^', '  3 |   title: T'].join('\n'));
    expect(codeFrame(index, 3, 3)).toBe(['  2 | info:', '> 3 |   title: T', '    |   ^', '  4 |'].join('\n'));
    expect(codeFrame(index, 9, 1)).toBeUndefined();
  });

  it('shows a window of the line around the column, never the whole of a long line', () => {
    const line = 'a'.repeat(2_500_000) + 'X' + 'b'.repeat(2_500_000);
    const index = createLineIndex(line);
    const frame = codeFrame(index, 1, 2_500_001) as string;
    const [marked, caret] = frame.split('\n') as [string, string];
    expect(frame.split('\n')).toHaveLength(2);
    expect(marked).toBe(`> 1 | …${'a'.repeat(FRAME_WINDOW_CHARS / 2)}X${'b'.repeat(FRAME_WINDOW_CHARS / 2 - 1)}…`);
    expect(caret.indexOf('^')).toBe(marked.indexOf('X'));
    // At the end of the line, the window ends there.
    expect(codeFrame(index, 1, 5_000_001)?.split('\n')[0]).toBe(`> 1 | …${'b'.repeat(FRAME_WINDOW_CHARS)}`);
  });

  it('cuts the neighbouring lines to the same window and shows control characters as �', () => {
    const index = createLineIndex(`${'x'.repeat(500)}\n${'y'.repeat(400)}\u001b[31m\n`);
    const lines = (codeFrame(index, 2, 405) as string).split('\n');
    expect(lines[0]).toBe(`  1 | …${'x'.repeat(FRAME_WINDOW_CHARS)}…`);
    expect(lines[1]).toBe(`> 2 | …${'y'.repeat(FRAME_WINDOW_CHARS - 5)}\ufffd[31m`);
  });
});

describe('message limits', () => {
  it('cuts a message quoting a 100 MB string to the cap, keeping both ends', () => {
    const huge = 'z'.repeat(100 * 1024 * 1024);
    const d = createDiagnostic('openapi/ref-not-found', { message: `start ${huge} end`, file: 'a.json', hint: huge, pointer: `/${huge}` });
    expect(d.message.length).toBeLessThan(MAX_MESSAGE_CHARS + 60);
    expect(d.message.startsWith('start zzz')).toBe(true);
    expect(d.message.endsWith('zzz end')).toBe(true);
    expect(d.message).toContain(`(${(huge.length + 10 - MAX_MESSAGE_CHARS).toLocaleString('en-US')} characters left out)`);
    expect(d.hint?.length).toBeLessThan(MAX_MESSAGE_CHARS + 60);
    expect(d.pointer?.length).toBeLessThan(MAX_MESSAGE_CHARS + 60);
    expect(clampText('short')).toBe('short');
  });
});

describe('expanded shape', () => {
  it('counts shared nodes once per place and measures depth without recursing', () => {
    const shared = { x: 1 };
    const shape = measureExpanded({ a: shared, b: [shared, shared] });
    expect([shape.nodes, shape.distinct, shape.depth, shape.deepestPath(5)]).toEqual([8, 4, 3, ['b', '0']]);
    let chain: unknown = 'leaf';
    for (let i = 0; i < 50_000; i++) chain = [chain];
    const long = measureExpanded(chain);
    expect([long.nodes, long.distinct, long.depth, long.deepestPath(3)]).toEqual([50_001, 50_001, 50_000, ['0', '0', '0']]);
    const cycle: Record<string, unknown> = {};
    cycle['self'] = { back: cycle };
    expect(measureExpanded(cycle).depth).toBe(Infinity);
  });
});

describe('internal errors', () => {
  it('say what failed in one line, with the stack only when debugging', () => {
    const error = new RangeError('broken\nsecond line');
    const plain = internalErrorDiagnostic(error, 'while testing', { file: 'x.json', debug: false });
    expect(plain).toMatchObject({ code: 'internal/error', severity: 'error', file: 'x.json', message: 'Sheaf failed while testing: broken' });
    expect(plain.message).not.toContain('    at ');
    expect(plain.hint).toContain('--debug or SHEAF_DEBUG=1');
    const debug = internalErrorDiagnostic(error, 'while testing', { debug: true });
    expect(debug.message).toContain('RangeError: broken');
    expect(debug.message).toContain('    at ');
  });
});
