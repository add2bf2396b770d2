import type { HarNameValue, HarRequest } from '../har.js';

/** A file part: the sample reads the file `fileName` from disk (or a file input, in a browser). */
export interface FilePart {
  readonly kind: 'file';
  readonly name: string;
  readonly fileName: string;
  /** The part's media type when the document names one (`encoding.<name>.contentType`). */
  readonly contentType?: string;
}

export interface TextPart {
  readonly kind: 'text';
  readonly name: string;
  readonly value: string;
}

export type MultipartPart = FilePart | TextPart;

/**
 * A `multipart/form-data` request as the sample writers of multipart/ take it: no language's
 * writer builds the body by hand, each uses its client's multipart support (which writes the
 * boundary and reads the files), so no sample sends a file's name where its bytes belong.
 */
export interface MultipartRequest {
  /** Uppercase HTTP method. */
  readonly method: string;
  /** Absolute URL with its query string, already encoded. */
  readonly url: string;
  /** Headers other than `Content-Type` (the client writes it, with the boundary) and `Cookie`. */
  readonly headers: readonly HarNameValue[];
  /** The `Cookie` header's value (`a=1; b=2`), when there are cookies. */
  readonly cookie?: string;
  readonly parts: readonly MultipartPart[];
}

/** The HAR request as a `MultipartRequest`, or `undefined` when its body is not multipart. */
export function multipartRequest(har: HarRequest): MultipartRequest | undefined {
  if (!har.postData.mimeType.toLowerCase().startsWith('multipart/') || !har.postData.params) return undefined;
  const query = har.queryString.map((q) => `${q.name}=${q.value}`).join('&');
  const parts = har.postData.params.map((p): MultipartPart =>
    p.fileName !== undefined
      ? { kind: 'file', name: p.name, fileName: p.fileName, ...(p.contentType !== undefined ? { contentType: p.contentType } : {}) }
      : { kind: 'text', name: p.name, value: p.value ?? '' },
  );
  const cookie = har.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    method: har.method.toUpperCase(),
    url: query ? `${har.url}${har.url.includes('?') ? '&' : '?'}${query}` : har.url,
    headers: har.headers.filter((h) => !/^(content-type|cookie)$/i.test(h.name)),
    ...(cookie ? { cookie } : {}),
    parts,
  };
}

/** The request's headers with the cookies as a `cookie` header first (as httpsnippet orders them). */
export function headersWithCookie(req: MultipartRequest): HarNameValue[] {
  return req.cookie !== undefined ? [{ name: 'cookie', value: req.cookie }, ...req.headers] : [...req.headers];
}

/** Parts grouped by name, in first-seen order (for clients that take a map of names to values). */
export function partsByName(parts: readonly MultipartPart[]): [string, MultipartPart[]][] {
  const groups = new Map<string, MultipartPart[]>();
  for (const part of parts) {
    const list = groups.get(part.name);
    if (list) list.push(part);
    else groups.set(part.name, [part]);
  }
  return [...groups];
}
