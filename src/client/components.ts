/** Entry of the MDX components' browser behaviour (see components/start-components.ts). */
import { startComponents } from './components/start-components.js';

startComponents(window);
