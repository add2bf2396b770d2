import type { JSX } from 'preact';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * `2025-03-04` as `March 4, 2025`: English month names from a table, so the text is the same on
 * every machine (no locale, no time zone); undefined for anything but a `YYYY-MM-DD` date.
 */
export function formatDate(date: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return undefined;
  return `${month} ${Number(m[3])}, ${m[1]}`;
}

/**
 * "Last modified on March 4, 2025" under the page's content, as Mintlify shows `metadata.timestamp`
 * (mintlify__docs organize/pages.mdx "Last modified timestamp"); the date in a `<time datetime>`.
 */
export function LastModified({ date }: { readonly date: string }): JSX.Element | null {
  const text = formatDate(date);
  if (text === undefined) return null;
  return (
    <p class="sheaf-last-modified">
      Last modified on <time datetime={date}>{text}</time>
    </p>
  );
}
