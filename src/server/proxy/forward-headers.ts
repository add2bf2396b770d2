/**
 * Header filtering both ways. Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and
 * are never forwarded: Connection and every header it names, Keep-Alive, Proxy-Connection, TE,
 * Trailer, Transfer-Encoding, Upgrade, Proxy-Authorization, Proxy-Authenticate. Host and
 * Content-Length are recomputed for the new request (Node sets Host from the URL).
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** Request headers the proxy sets itself. */
const RECOMPUTED = ['host', 'content-length'];

/** Headers with credentials, dropped when a redirect leaves the origin (as fetch does). */
const CREDENTIALS = ['authorization', 'cookie', 'proxy-authorization'];

/** Describe the body; dropped when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location', 'content-length'];

/** The header names a Connection value lists (`close, X-Foo` -> `x-foo`). */
function namedInConnection(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
}

function without(headers: Readonly<Record<string, string>>, drop: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!drop.has(name.toLowerCase())) out[name] = value;
  return out;
}

function headerOf(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** The page's headers minus hop-by-hop and recomputed ones, names as the page wrote them. */
export function forwardRequestHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return without(headers, new Set([...HOP_BY_HOP, ...RECOMPUTED, ...namedInConnection(headerOf(headers, 'connection'))]));
}

/** Headers for a redirect hop: credentials dropped across origins, body headers when the body goes. */
export function redirectHeaders(headers: Readonly<Record<string, string>>, crossOrigin: boolean, dropBody: boolean): Record<string, string> {
  return without(headers, new Set([...(crossOrigin ? CREDENTIALS : []), ...(dropBody ? BODY_HEADERS : [])]));
}

/**
 * The upstream's response headers for the page: lower-case names, repeated headers joined with
 * `, `, hop-by-hop ones removed, and `content-length` (plus `content-encoding` once the proxy
 * decoded the body) removed because the body the page gets is not the bytes that were counted.
 */
export function forwardResponseHeaders(headers: Readonly<Record<string, readonly string[] | undefined>>, decoded: boolean): Record<string, string> {
  const drop = new Set([...HOP_BY_HOP, 'content-length', ...(decoded ? ['content-encoding'] : []), ...namedInConnection(headers['connection']?.join(','))]);
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers).sort()) {
    const values = headers[name];
    if (values && !drop.has(name)) out[name] = values.join(', ');
  }
  return out;
}

export { headerOf };
