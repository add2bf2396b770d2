/** Mintlify's documented hooks for the examples of an API page (custom-scripts.mdx). */
export const REQUEST_EXAMPLE_ID = 'request-example';
export const RESPONSE_EXAMPLE_ID = 'response-example';

/**
 * The opening tag of Sheaf's own example wrapper (`div.sheaf-aside[data-aside=request|response]`),
 * in either attribute order: Preact writes `class` first (the generated samples), the MDX
 * pipeline `data-aside` first (a page's own `<RequestExample>`). Nothing else is in that tag.
 */
const EXAMPLE_OPEN = {
  request: /<div (?:class="sheaf-aside" data-aside="request"|data-aside="request" class="sheaf-aside")>/,
  response: /<div (?:class="sheaf-aside" data-aside="response"|data-aside="response" class="sheaf-aside")>/,
} as const;

/**
 * `aside` with `id="request-example"` on its first request example and `id="response-example"`
 * on its first response example (an id names one element; later ones stay as they are).
 */
export function withExampleIds(aside: string): string {
  return aside
    .replace(EXAMPLE_OPEN.request, (tag) => `${tag.slice(0, -1)} id="${REQUEST_EXAMPLE_ID}">`)
    .replace(EXAMPLE_OPEN.response, (tag) => `${tag.slice(0, -1)} id="${RESPONSE_EXAMPLE_ID}">`);
}
