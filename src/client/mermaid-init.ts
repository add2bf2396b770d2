/** Entry of `_sheaf/mermaid-init.<hash>.js`, loaded after Mermaid on pages with a diagram (see mermaid/start-mermaid.ts). */
import { startMermaid } from './mermaid/start-mermaid.js';

startMermaid(window);
