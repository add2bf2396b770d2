/**
 * Preloaded (`node --import`) by the sandboxed export process before its entry or any project
 * code is loaded: denies the process the network (see `denyNetwork`). Never imported otherwise.
 */
import { denyNetwork } from './deny-network.js';

denyNetwork();
