/** Entry of the Ask AI panel's script, in sites built with the panel only (see assistant/assistant-panel.ts). */
import { startAssistant } from './assistant/assistant-panel.js';

startAssistant(window);
