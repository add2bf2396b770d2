/** A start tag, attribute values quoted or not (a `>` inside quotes does not end it). */
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /(\s+)([^\s"'>/=]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Attributes the browser fetches on its own, by element (`*`: any element). */
const FETCHED: Readonly<Record<string, readonly string[]>> = {
  '*': ['src', 'srcset', 'poster'],
  object: ['data'],
  link: ['href'],
};

/** `https://…`, `http://…`, `//host/…` and other absolute URLs that are not `data:` or `blob:`. */
const isRemote = (value: string): boolean => {
  const v = value.trim();
  return /^\/\//.test(v) || (/^[a-z][a-z0-9+.-]*:/i.test(v) && !/^(data|blob):/i.test(v));
};
const remoteIn = (name: string, value: string): string[] =>
  name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '').filter(isRemote) : isRemote(value) ? [value.trim()] : [];

/**
 * HTML in which no element loads anything from the network, for air-gapped builds: an attribute
 * the browser would fetch from an absolute URL (`<img src="https://…">`, `srcset`, `poster`,
 * `<iframe src>`, `<link href>`, `<object data>`) is renamed `data-sheaf-offline-<name>`, so the
 * URL stays readable in the source but is never requested. Returns the URLs it kept back.
 * Links (`<a href>`) are not requests and stay.
 */
export function withoutRemoteResources(html: string): { html: string; removed: string[] } {
  const removed: string[] = [];
  const out = html.replace(START_TAG, (tag: string, element: string, attributes: string) => {
    const fetched = [...(FETCHED['*'] ?? []), ...(FETCHED[element.toLowerCase()] ?? [])];
    let changed = false;
    const rewritten = attributes.replace(ATTRIBUTE, (attr: string, space: string, name: string, _eq?: string, dq?: string, sq?: string, bare?: string) => {
      const value = dq ?? sq ?? bare;
      if (value === undefined || !fetched.includes(name.toLowerCase())) return attr;
      const remote = remoteIn(name.toLowerCase(), value);
      if (!remote.length) return attr;
      removed.push(...remote);
      changed = true;
      return `${space}data-sheaf-offline-${name.toLowerCase()}${attr.slice(space.length + name.length)}`;
    });
    return changed ? `<${element}${rewritten}${tag.slice(1 + element.length + attributes.length)}` : tag;
  });
  return { html: out, removed };
}
