import { decodeHTMLAttribute } from 'entities';

/**
 * `javascript:` URLs, read as a browser reads them. A link with one runs the page's script when
 * followed; Sheaf renders such links inert (no `href`) and reports them (`build/script-url`).
 */

/** The URL parser's start: leading C0 controls and spaces dropped, tab/LF/CR removed anywhere (WHATWG URL). */
function asParsed(url: string): string {
  return url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
}

/**
 * True when `url` is a `javascript:` URL once a browser has read it: any letter case, after
 * leading spaces or control characters, with tabs or line breaks inside the scheme, and with
 * character references decoded as in an HTML attribute (`&#106;avascript&colon;…`,
 * `java&Tab;script:`), since a value may be written into HTML as it was given.
 */
export function isScriptUrl(url: string): boolean {
  if (/^javascript:/i.test(asParsed(url))) return true;
  return url.includes('&') && /^javascript:/i.test(asParsed(decodeHTMLAttribute(url)));
}

/** The start of a script URL for a message: at most 40 characters, control characters shown as `\uXXXX`. */
export function describeScriptUrl(url: string): string {
  const short = url.length > 40 ? `${url.slice(0, 40)}…` : url;
  return short.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
