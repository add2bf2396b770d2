/** Entry of the API playground script (see playground/start-playground.ts). */
import { startPlayground } from './playground/start-playground.js';

startPlayground(window);
