import { replaceBraced } from '../text/linear-text.js';

/**
 * Mintlify's page-name slug (reference §3.4 step 4), applied in this exact order: spaces to `-`,
 * each `{…}` to `-`, one leading and one trailing `-` dropped, the characters `{}(),.'\n/`
 * removed, each `--` to `-` in one non-overlapping pass, lowercased. Everything else is kept.
 */
export function slugify(input: string): string {
  let s = replaceBraced(input.replace(/ /g, '-'), () => '-');
  if (s.startsWith('-')) s = s.slice(1);
  if (s.endsWith('-')) s = s.slice(0, -1);
  s = s.replace(/[{}(),.'\n/]/g, '').replace(/--/g, '-');
  return s.toLowerCase();
}

/** Title from a path's last segment: `-` and `_` become spaces, first letter capitalised. */
export function slugToTitle(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? '';
  const words = last.replace(/[-_]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
