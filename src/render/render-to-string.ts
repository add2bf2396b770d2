// preact/compat, loaded first: it installs a hook on every element Preact renders (React's
// `className`, attribute order). MDX pages need it; every other rendering gets it too, so a
// page's HTML is the same bytes whichever modules its process happened to load before it.
import 'preact/compat';
import { renderToString } from 'preact-render-to-string';

/** Preact's server renderer, the one way Sheaf turns elements into HTML (see above). */
export { renderToString };
