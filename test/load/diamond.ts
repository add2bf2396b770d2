import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The folder of level `i` of a diamond: `d00`, `d01`, … */
export const level = (i: number) => `d${String(i).padStart(2, '0')}`;

/**
 * The measured attack on the walk: `levels` folders side by side under `root`, each but the last
 * holding two symbolic links, `a` and `b`, to the next (`../d01`): 2^(levels-1) paths lead to the
 * last folder, which holds `file` (project-relative name and text) when given. Returns the number
 * of links made.
 */
export async function makeDiamond(root: string, levels: number, file?: { readonly name: string; readonly text: string }): Promise<number> {
  let links = 0;
  for (let i = 0; i < levels; i++) {
    await mkdir(path.join(root, level(i)), { recursive: true });
    if (i + 1 === levels) break;
    for (const name of ['a', 'b']) {
      await symlink(`../${level(i + 1)}`, path.join(root, level(i), name));
      links += 1;
    }
  }
  if (file) await writeFile(path.join(root, level(levels - 1), file.name), file.text);
  return links;
}

/**
 * What a walk that takes each real folder at most once through links finds in a diamond: the
 * paths through links that are left out (`repeated`, sorted as the walk sorts them) and the two
 * paths of the last folder (its own, and the first chain of `a` links).
 */
export function diamondWalk(levels: number): { readonly repeated: readonly string[]; readonly lastFolders: readonly [string, string] } {
  const repeated: string[] = [];
  // Along the first chain d00/a/a/…, each `b` leads where `a` just went.
  for (let k = 0; k < levels - 1; k++) repeated.push([level(0), ...Array<string>(k).fill('a'), 'b'].join('/'));
  // Each later folder's own links lead to folders already walked through a link.
  for (let i = 1; i < levels - 1; i++) repeated.push(`${level(i)}/a`, `${level(i)}/b`);
  return { repeated: repeated.sort(), lastFolders: [[level(0), ...Array<string>(levels - 1).fill('a')].join('/'), level(levels - 1)] };
}
