/** Entry of the contextual menu's script (see contextual/start-contextual.ts); only on sites with the menu. */
import { startContextual } from './contextual/start-contextual.js';

startContextual(window);
