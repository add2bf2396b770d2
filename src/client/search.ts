/** Entry of the search script (see search/start-search.ts). */
import { startSearch } from './search/start-search.js';

startSearch(window);
