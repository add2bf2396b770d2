/** Entry of `_sheaf/…/theme.js`: the colour mode toggle (see theme/start-theme.ts). */
import { startTheme } from './theme/start-theme.js';

startTheme(window);
