/** Entry of the page navigation script (see nav/start-nav.ts). */
import { startNav } from './nav/start-nav.js';

startNav(window);
