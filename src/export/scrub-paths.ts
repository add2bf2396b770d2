/**
 * A reason in plain words for an API caller, with the server's own folders replaced: each key of
 * `names` (an absolute path) by its value (`the docs source`, `<data>`), longest first, since
 * one folder may lie inside another (the snapshot in the work folder in the data folder). A path
 * standing alone in backticks loses them with it (`` `/srv/x` `` → `the docs source`); inside a
 * longer path only the folder is replaced (`` `/srv/data/key` `` → `` `<data>/key` ``). Cut to
 * `maxLength` characters (an ellipsis marks the cut).
 */
export function scrubPaths(text: string, names: Readonly<Record<string, string>>, maxLength: number): string {
  let out = text;
  for (const dir of Object.keys(names).sort((a, b) => b.length - a.length)) {
    if (!dir) continue;
    const name = names[dir] as string;
    out = out.split(`\`${dir}\``).join(name).split(dir).join(name);
  }
  return out.length > maxLength ? `${out.slice(0, maxLength - 3)}...` : out;
}
