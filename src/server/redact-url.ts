/**
 * A URL as logs and messages may show it: scheme, user, host and path; the password as `***`
 * and the query as `?…` (a presigned link's query is its signature); a string that does not
 * parse as `(an invalid URL)`, since where its password ends cannot be known.
 */
export function redactUrl(link: string): string {
  try {
    const url = new URL(link);
    const user = url.username ? `${url.username}${url.password ? ':***' : ''}@` : url.password ? ':***@' : '';
    return `${url.protocol}//${user}${url.host}${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    return '(an invalid URL)';
  }
}
