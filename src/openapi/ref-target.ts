import path from 'node:path';
import { isRemote } from './read-source.js';

/** Where the file part of an external `$ref` points. */
export type RefTarget =
  | { readonly kind: 'local'; readonly key: string; readonly display: string }
  | { readonly kind: 'remote'; readonly key: string }
  /** A file outside the project root, or (with `scheme`) a URL scheme other than http(s). */
  | { readonly kind: 'outside'; readonly display: string; readonly scheme?: string };

/**
 * Resolves the file part of a `$ref` (`models/pet.yaml`, `../common.json`, `https://…`) against
 * the file holding it. `base` is an absolute path or an http(s) URL; `root` is the absolute
 * project root. Local keys are absolute paths, remote keys URLs without fragment; `display` is
 * the project-relative POSIX path used in messages.
 */
export function refTarget(root: string, base: string, address: string): RefTarget {
  if (/^[a-z][a-z\d+.-]+:/i.test(address) || isRemote(base)) {
    let url: URL;
    try {
      url = isRemote(base) ? new URL(address, base) : new URL(address);
    } catch {
      return { kind: 'outside', display: address };
    }
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? { kind: 'remote', key: url.href }
      : { kind: 'outside', display: url.href, scheme: url.protocol };
  }
  const absolute = path.resolve(path.dirname(base), decodePath(address));
  const relative = path.relative(root, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    return { kind: 'outside', display: address };
  }
  return { kind: 'local', key: absolute, display: relative.split(path.sep).join('/') };
}

/** Project-relative POSIX display name of an absolute path or URL key. */
export function displayOf(root: string, key: string): string {
  return isRemote(key) ? key : path.relative(root, key).split(path.sep).join('/');
}

/** `$ref` file parts are URI references: `%20` means a space. Undecodable text is kept. */
function decodePath(address: string): string {
  if (!address.includes('%')) return address;
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
}
