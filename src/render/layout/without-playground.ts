/** The wrapper `apiAside` puts around the Try-it panel of an API page (operation or MDX `api:` page). */
const PLAYGROUND_OPEN = '<div class="sheaf-aside" data-aside="playground">';

const DIV_TAG = /<div\b|<\/div>/g;

/**
 * `aside` HTML without its Try-it panels (each `div.sheaf-aside[data-aside=playground]` and
 * everything inside it), for builds whose `playground` feature is off; `undefined` when nothing
 * else is left. The panel is Sheaf's own markup: attribute values and embedded JSON escape `<`,
 * so counting `<div` and `</div>` finds the element's end.
 */
export function withoutPlayground(aside: string | undefined): string | undefined {
  if (aside === undefined || !aside.includes(PLAYGROUND_OPEN)) return aside;
  let out = '';
  let from = 0;
  for (let start = aside.indexOf(PLAYGROUND_OPEN); start !== -1; start = aside.indexOf(PLAYGROUND_OPEN, from)) {
    out += aside.slice(from, start);
    DIV_TAG.lastIndex = start;
    let depth = 0;
    let end = aside.length;
    for (let m = DIV_TAG.exec(aside); m; m = DIV_TAG.exec(aside)) {
      depth += m[0] === '</div>' ? -1 : 1;
      if (depth === 0) {
        end = m.index + m[0].length;
        break;
      }
    }
    from = end;
  }
  out += aside.slice(from);
  return out.trim() === '' ? undefined : out;
}
