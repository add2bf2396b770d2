/**
 * Entry of the inline head script (see theme/before-paint.ts). Not a file pages load: the build
 * puts its bundle inside a <script> at the top of every page's <head> (src/emit/site-assets.ts
 * reads it, src/render/layout/head.tsx writes it), so it runs before the first paint.
 */
import { applyBeforePaint } from './theme/before-paint.js';

applyBeforePaint(window);
