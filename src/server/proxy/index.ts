export { createPlaygroundProxy, PLAYGROUND_PROXY_PATH, type PlaygroundProxyOptions } from './create-playground-proxy.js';
export { PROXY_ERRORS, type ProxyErrorCode } from './proxy-errors.js';
