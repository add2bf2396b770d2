/**
 * Preloaded (`node --import`) by the sandboxed export process before its entry or any project
 * code is loaded: denies the process the network (see `denyNetwork`) and signals to any process
 * but itself (see `denySignals`), and empties its environment (the parent passes none; bubblewrap
 * sets `PWD`). Never imported otherwise.
 */
import { denyNetwork } from './deny-network.js';
import { denySignals } from './deny-signals.js';

denyNetwork();
denySignals();
for (const name of Object.keys(process.env)) delete process.env[name];
