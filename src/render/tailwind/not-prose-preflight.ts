/**
 * What `not-prose` means in a page body. On Mintlify an MDX body sits inside `prose` (the
 * typography plugin) over Tailwind's preflight; `not-prose` takes a subtree out of `prose`, so
 * the elements in it have the preflight's look: headings at the text's size and weight, no margins
 * on paragraphs, links in the text's colour without underline, lists without markers, images as
 * blocks. Authors write their own hero sections and card grids that way and style them with
 * utilities.
 *
 * In Sheaf the body typography (render/styles/base.css, `.sheaf-content :where(…)`) stands where
 * `prose` stands, and leaves `.not-prose` subtrees alone (`:not(:where(.not-prose, .not-prose *))`).
 * These rules give those subtrees the preflight's defaults, at zero specificity (`:where()` all
 * round), so any utility and any rule of Sheaf's own components still wins over them; they reach
 * nothing outside a `.not-prose` subtree of a page body.
 */
const RULES: readonly (readonly [string, string])[] = [
  ['h1,h2,h3,h4,h5,h6', 'font-size:inherit;font-weight:inherit'],
  ['blockquote,dl,dd,h1,h2,h3,h4,h5,h6,hr,figure,p', 'margin:0'],
  ['a', 'color:inherit;text-decoration:inherit'],
  ['b,strong', 'font-weight:bolder'],
  ['ol,ul,menu', 'list-style:none;margin:0;padding:0'],
  ['img,svg,video,canvas,audio,iframe,embed,object', 'display:block;vertical-align:middle'],
  ['img,video', 'max-width:100%;height:auto'],
  ['hr', 'height:0;color:inherit;border-top-width:1px'],
];

/** The rules for `scope` (a selector list), one per line, as the generated stylesheet writes rules. */
export function notProsePreflight(scope: string): string {
  return RULES.map(([elements, declarations]) => `:where(${scope}) :where(.not-prose,.not-prose *):where(${elements}){${declarations}}`).join('\n');
}
