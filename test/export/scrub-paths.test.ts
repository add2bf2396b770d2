import { describe, expect, it } from 'vitest';
import { scrubPaths } from '../../src/export/scrub-paths.js';

describe('scrubPaths', () => {
  const names = { '/srv/data': '<data>', '/srv/data/work/j1': '<work>', '/srv/docs': 'the docs source' };

  it('replaces the longest folder first, a backticked folder with its backticks, a longer path in place', () => {
    expect(scrubPaths('`/srv/docs` holds a link to `/srv/data/signing.key`; see /srv/data/work/j1/x.', names, 500)).toBe(
      'the docs source holds a link to `<data>/signing.key`; see <work>/x.',
    );
  });

  it('cuts at the length, marking the cut', () => {
    expect(scrubPaths('x'.repeat(20), names, 10)).toBe('xxxxxxx...');
    expect(scrubPaths('x'.repeat(10), names, 10)).toBe('xxxxxxxxxx');
  });
});
