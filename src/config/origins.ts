import type { ConfigOrigin, ConfigOrigins } from '../model/project.js';

/**
 * Maps a JSON pointer of the merged configuration to the file and pointer it came from,
 * following the contract of `ConfigOrigins`: longest recorded prefix wins.
 */
export function originOf(origins: ConfigOrigins, pointer: string): ConfigOrigin {
  let prefix = pointer;
  for (;;) {
    const origin = origins[prefix];
    if (origin) return { file: origin.file, pointer: origin.pointer + pointer.slice(prefix.length) };
    if (prefix === '') return { file: 'docs.json', pointer };
    const cut = prefix.lastIndexOf('/');
    prefix = cut <= 0 ? '' : prefix.slice(0, cut);
  }
}
