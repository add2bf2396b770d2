/*
 * Sheaf playground: sends an operation's request from its page (plain ES2019, no dependencies).
 *
 * Contract with the server markup (src/render/operation/playground):
 * - form[data-sheaf-playground] holds script[data-sheaf-playground-spec] (JSON `PlaygroundSpec`:
 *   method, path, servers, parameters, security, body, proxy, credentials).
 * - Servers: select[data-pg-server-select] (value = server index), fieldset[data-pg-server=i]
 *   with [data-pg-var=name] controls; the chosen fieldset is shown, the others hidden+disabled. Parameters: [data-pg-param=index into spec.parameters].
 * - Auth: [data-pg-auth=scheme key][data-pg-auth-part=value|username|password];
 *   button[data-pg-forget]. Values are kept in localStorage only, per site (origin and base
 *   path) and scheme, and sent nowhere but in the request itself.
 * - Body: select[data-pg-content-type] (value = index into spec.body.contents), fieldsets
 *   [data-pg-body=i] (likewise shown or hidden+disabled) with textarea[data-pg-body-text], [data-pg-body-field=name],
 *   input[data-pg-body-file=name], input[data-pg-body-binary].
 * - Output: [data-pg-state] (role=status), section[data-pg-response] with [data-pg-out-status],
 *   [data-pg-out-time], [data-pg-out-message], details[data-pg-out-headers-box] >
 *   dl[data-pg-out-headers], code[data-pg-out-body].
 *   [data-pg-send] is enabled and [data-pg-nojs] hidden once enhanced.
 *
 * Sending: with spec.proxy, POST a JSON `PlaygroundRequest` (src/model/playground.ts) to
 * `<html data-base>` + `_svc/api/request` and show the `PlaygroundResponse` or `PlaygroundError`;
 * without, `fetch` the API directly (credentials 'include' when spec.credentials) and explain a
 * blocked request in plain words.
 *
 * Idempotent: window.sheafPlayground.enhance(root) may run any number of times; a form is set up
 * once ([data-enhanced]).
 */
(function () {
  'use strict';
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  if (window.sheafPlayground && window.sheafPlayground.version === 1) return;

  var STORE_PREFIX = 'sheaf:playground-auth:';
  var PROXY_PATH = '_svc/api/request';
  var TEXT_TYPE = /^text\/|[/+](json|xml|yaml|x-yaml|javascript|ecmascript|x-www-form-urlencoded|graphql|csv|html)\b|^application\/(x-)?ndjson\b/i;
  var JSON_TYPE = /[/+]json\b/i;

  function toArray(list) {
    return Array.prototype.slice.call(list || []);
  }

  function own(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }

  /* ------------------------------------------------------------ encodings */

  function bytesToBase64(bytes) {
    var chunks = [];
    var CHUNK = 0x8000;
    for (var i = 0; i < bytes.length; i += CHUNK) {
      chunks.push(String.fromCharCode.apply(null, toArray(bytes.subarray(i, i + CHUNK))));
    }
    return btoa(chunks.join(''));
  }

  function base64ToBytes(text) {
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function utf8Base64(text) {
    return bytesToBase64(new TextEncoder().encode(text));
  }

  function readFileBase64(file) {
    return file.arrayBuffer().then(function (buffer) {
      return bytesToBase64(new Uint8Array(buffer));
    });
  }

  /* ------------------------------------------------- parameter serialisation */

  /* The values a field's text stands for: a list split at commas, an object parsed from JSON. */
  function parseValue(text, shape) {
    if (shape === 'array') {
      return text.split(',').map(function (v) {
        return v.trim();
      });
    }
    if (shape === 'object') {
      try {
        var parsed = JSON.parse(text);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
      } catch (e) {
        /* not JSON: sent as typed */
      }
    }
    return text;
  }

  function flatPairs(object) {
    var out = [];
    Object.keys(object).forEach(function (key) {
      out.push(key, String(object[key]));
    });
    return out;
  }

  /* A path parameter's replacement for `{name}`: styles simple (default), label and matrix. */
  function pathValue(param, value) {
    var enc = encodeURIComponent;
    var items = Array.isArray(value) ? value.map(enc) : typeof value === 'object' ? null : [enc(value)];
    var pairs = items ? null : Object.keys(value).map(function (k) {
      return [enc(k), enc(String(value[k]))];
    });
    var joined = items
      ? items.join(param.style === 'label' && param.explode ? '.' : ',')
      : pairs.map(function (p) {
          return param.explode ? p[0] + '=' + p[1] : p[0] + ',' + p[1];
        }).join(param.style === 'label' && param.explode ? '.' : ',');
    if (param.style === 'label') return '.' + joined;
    if (param.style === 'matrix') {
      var name = ';' + enc(param.name);
      if (items && param.explode && Array.isArray(value)) {
        return items.map(function (v) {
          return name + '=' + v;
        }).join('');
      }
      if (pairs && param.explode) {
        return pairs.map(function (p) {
          return ';' + p[0] + '=' + p[1];
        }).join('');
      }
      return name + '=' + joined;
    }
    return joined;
  }

  /* A query parameter as encoded `name=value` pairs: styles form (default), spaceDelimited,
     pipeDelimited and deepObject. */
  function queryPairs(param, value) {
    var enc = encodeURIComponent;
    var name = enc(param.name);
    if (Array.isArray(value)) {
      if (param.style === 'form' && param.explode) {
        return value.map(function (v) {
          return name + '=' + enc(v);
        });
      }
      var sep = param.style === 'spaceDelimited' ? '%20' : param.style === 'pipeDelimited' ? '|' : ',';
      return [name + '=' + value.map(enc).join(sep)];
    }
    if (value && typeof value === 'object') {
      var keys = Object.keys(value);
      if (param.style === 'deepObject') {
        return keys.map(function (k) {
          return name + '%5B' + enc(k) + '%5D=' + enc(String(value[k]));
        });
      }
      if (param.explode) {
        return keys.map(function (k) {
          return enc(k) + '=' + enc(String(value[k]));
        });
      }
      return [name + '=' + flatPairs(value).map(enc).join(',')];
    }
    return [name + '=' + enc(value)];
  }

  /* A header or cookie value: lists comma-joined, objects `k=v,…` (explode) or `k,v,…`. */
  function plainValue(param, value) {
    if (Array.isArray(value)) return value.join(',');
    if (value && typeof value === 'object') {
      if (param.explode) {
        return Object.keys(value).map(function (k) {
          return k + '=' + value[k];
        }).join(',');
      }
      return flatPairs(value).join(',');
    }
    return value;
  }

  /* A server URL with its `{variables}` filled, resolved against the page, no trailing slash. */
  function serverBase(server, values) {
    var url = server.url.replace(/\{([^}]+)\}/g, function (whole, name) {
      if (own(values, name) && values[name] !== '') return values[name];
      return own(server.variables, name) ? server.variables[name] : whole;
    });
    return new URL(url || '/', window.location.href).href.replace(/\/+$/, '');
  }

  /* ---------------------------------------------------------------- storage */

  function siteKey() {
    var root = new URL(document.documentElement.getAttribute('data-base') || './', window.location.href);
    return root.origin + root.pathname;
  }

  function storeKey(scheme, part) {
    return STORE_PREFIX + siteKey() + ':' + scheme + ':' + part;
  }

  function storage() {
    try {
      return window.localStorage || null;
    } catch (e) {
      return null;
    }
  }

  function authInputs(form) {
    return toArray(form.querySelectorAll('[data-pg-auth]'));
  }

  function restoreAuth(form) {
    var store = storage();
    if (!store) return;
    authInputs(form).forEach(function (el) {
      try {
        var saved = store.getItem(storeKey(el.getAttribute('data-pg-auth'), el.getAttribute('data-pg-auth-part')));
        if (saved !== null) el.value = saved;
      } catch (e) {
        /* storage refused: the field keeps its value */
      }
    });
  }

  function saveAuth(el) {
    var store = storage();
    if (!store) return;
    try {
      store.setItem(storeKey(el.getAttribute('data-pg-auth'), el.getAttribute('data-pg-auth-part')), el.value);
    } catch (e) {
      /* storage full or refused: nothing is remembered */
    }
  }

  function forgetAuth(form) {
    var store = storage();
    authInputs(form).forEach(function (el) {
      if (store) {
        try {
          store.removeItem(storeKey(el.getAttribute('data-pg-auth'), el.getAttribute('data-pg-auth-part')));
        } catch (e) {
          /* nothing to forget */
        }
      }
      el.value = el.defaultValue;
    });
  }

  /* -------------------------------------------------------- request building */

  function fieldValue(form, selector) {
    var el = form.querySelector(selector);
    return el ? el.value : '';
  }

  function selectedIndex(form, selector) {
    var el = form.querySelector(selector);
    var n = el ? Number(el.value) : 0;
    return n >= 0 ? n : 0;
  }

  function authValue(form, key, part) {
    return fieldValue(form, '[data-pg-auth="' + cssEscape(key) + '"][data-pg-auth-part="' + part + '"]');
  }

  function cssEscape(text) {
    return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/["\\]/g, '\\$&');
  }

  function applyAuth(spec, form, parts) {
    spec.security.forEach(function (scheme) {
      if (scheme.kind === 'basic') {
        var user = authValue(form, scheme.key, 'username');
        var password = authValue(form, scheme.key, 'password');
        if (user || password) parts.headers.Authorization = 'Basic ' + utf8Base64(user + ':' + password);
        return;
      }
      var value = authValue(form, scheme.key, 'value');
      if (!value) return;
      if (scheme.kind === 'bearer') parts.headers.Authorization = 'Bearer ' + value;
      else if (scheme.kind === 'http') parts.headers.Authorization = scheme.scheme + ' ' + value;
      else if (scheme.in === 'query') parts.query.push(encodeURIComponent(scheme.name) + '=' + encodeURIComponent(value));
      else if (scheme.in === 'cookie') parts.cookies.push(scheme.name + '=' + encodeURIComponent(value));
      else parts.headers[scheme.name] = value;
    });
  }

  function applyParameters(spec, form, parts) {
    spec.parameters.forEach(function (param, index) {
      var text = fieldValue(form, '[data-pg-param="' + index + '"]');
      if (text === '' && param.in !== 'path') return;
      var value = parseValue(text, param.shape);
      if (param.in === 'path') {
        parts.path = parts.path.split('{' + param.name + '}').join(pathValue(param, value));
      } else if (param.in === 'query') {
        parts.query.push.apply(parts.query, queryPairs(param, value));
      } else if (param.in === 'header') {
        parts.headers[param.name] = plainValue(param, value);
      } else {
        parts.cookies.push(param.name + '=' + encodeURIComponent(plainValue(param, value)));
      }
    });
  }

  function concreteType(mediaType, fallback) {
    return mediaType.indexOf('*') >= 0 ? fallback : mediaType;
  }

  function namedValues(panel, attribute) {
    var fields = {};
    toArray(panel.querySelectorAll('[' + attribute + ']')).forEach(function (el) {
      if (el.value !== '') fields[el.getAttribute(attribute)] = el.value;
    });
    return fields;
  }

  /* The body as both a `PlaygroundBody` (proxy) and a fetch body (direct); files read async. */
  function buildBody(spec, form, parts) {
    var none = { wire: { type: 'none' }, direct: undefined };
    if (!spec.body || !spec.body.contents.length) return Promise.resolve(none);
    var index = selectedIndex(form, '[data-pg-content-type]');
    var content = spec.body.contents[index] || spec.body.contents[0];
    var panel = form.querySelector('[data-pg-body="' + index + '"]') || form;
    var kind = content.kind;
    if (kind === 'json' || kind === 'text') {
      var text = fieldValue(panel, '[data-pg-body-text]');
      if (text.trim() === '') return Promise.resolve(none);
      parts.headers['Content-Type'] = concreteType(content.mediaType, kind === 'json' ? 'application/json' : 'text/plain');
      return Promise.resolve({ wire: { type: 'text', text: text }, direct: text });
    }
    if (kind === 'form') {
      var fields = namedValues(panel, 'data-pg-body-field');
      parts.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      return Promise.resolve({ wire: { type: 'form', fields: fields }, direct: new URLSearchParams(fields).toString() });
    }
    if (kind === 'multipart') {
      var textFields = namedValues(panel, 'data-pg-body-field');
      var data = new FormData();
      Object.keys(textFields).forEach(function (k) {
        data.append(k, textFields[k]);
      });
      var files = [];
      toArray(panel.querySelectorAll('input[data-pg-body-file]')).forEach(function (el) {
        toArray(el.files).forEach(function (file) {
          files.push({ field: el.getAttribute('data-pg-body-file'), file: file });
          data.append(el.getAttribute('data-pg-body-file'), file, file.name);
        });
      });
      return Promise.all(files.map(function (f) {
        return readFileBase64(f.file).then(function (base64) {
          return { field: f.field, filename: f.file.name, contentType: f.file.type || 'application/octet-stream', base64: base64 };
        });
      })).then(function (wireFiles) {
        return { wire: { type: 'multipart', fields: textFields, files: wireFiles }, direct: data };
      });
    }
    var input = panel.querySelector('input[data-pg-body-binary]');
    var file = input && input.files && input.files[0];
    if (!file) return Promise.resolve(none);
    var type = concreteType(content.mediaType, file.type || 'application/octet-stream');
    parts.headers['Content-Type'] = type;
    return readFileBase64(file).then(function (base64) {
      return { wire: { type: 'binary', base64: base64, contentType: type }, direct: file };
    });
  }

  /* Resolves to { request: PlaygroundRequest, direct: the body for a direct fetch }. */
  function buildRequest(form, spec) {
    var serverIndex = selectedIndex(form, '[data-pg-server-select]');
    var server = spec.servers[serverIndex] || spec.servers[0];
    var variables = {};
    var box = form.querySelector('[data-pg-server="' + serverIndex + '"]');
    toArray(box ? box.querySelectorAll('[data-pg-var]') : []).forEach(function (el) {
      variables[el.getAttribute('data-pg-var')] = el.value;
    });
    var parts = { path: spec.path, query: [], headers: {}, cookies: [] };
    applyParameters(spec, form, parts);
    applyAuth(spec, form, parts);
    var bodyless = spec.method === 'GET' || spec.method === 'HEAD';
    return (bodyless ? Promise.resolve({ wire: { type: 'none' }, direct: undefined }) : buildBody(spec, form, parts)).then(function (body) {
      var url = serverBase(server, variables) + parts.path;
      if (parts.query.length) url += (url.indexOf('?') >= 0 ? '&' : '?') + parts.query.join('&');
      if (parts.cookies.length) parts.headers.Cookie = parts.cookies.join('; ');
      return {
        request: { method: spec.method, url: url, headers: parts.headers, body: body.wire },
        direct: body.direct,
      };
    });
  }

  /* ---------------------------------------------------------------- sending */

  function proxyUrl() {
    var base = document.documentElement.getAttribute('data-base') || '';
    return new URL(base + PROXY_PATH, window.location.href).href;
  }

  function now() {
    return window.performance && performance.now ? performance.now() : Date.now();
  }

  /* Resolves to a shown result: { status, statusText, headers, bytes|text, durationMs, notes } or
     { error: message }. Never rejects. */
  function sendViaProxy(built) {
    var endpoint = proxyUrl();
    return fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(built.request),
      credentials: 'same-origin',
    }).then(
      function (res) {
        return res.text().then(function (text) {
          var data = null;
          try {
            data = JSON.parse(text);
          } catch (e) {
            data = null;
          }
          if (res.ok && data && typeof data.status === 'number') {
            return {
              status: data.status,
              statusText: data.statusText || '',
              headers: data.headers || {},
              bytes: data.bodyEncoding === 'base64' ? base64ToBytes(data.body || '') : null,
              text: data.bodyEncoding === 'base64' ? null : data.body || '',
              durationMs: data.durationMs,
              notes: data.truncated ? ['The body was cut at the proxy\u2019s size limit.'] : [],
            };
          }
          if (data && data.error && data.error.message) {
            // 4xx: the proxy would not send it (blocked address, bad request); 5xx: it tried and failed (API down, timeout).
            var lead = res.status >= 500 ? 'The playground proxy could not complete the request: ' : 'The playground proxy refused the request: ';
            return { error: lead + data.error.message + (data.error.code ? ' (' + data.error.code + ')' : '') };
          }
          return {
            error: 'This site did not answer the playground request (POST ' + endpoint + ' gave ' + res.status + ' ' + res.statusText +
              '). Sending needs a host that runs the playground proxy, such as sheaf host.',
          };
        });
      },
      function (err) {
        return { error: 'Could not reach this site\u2019s playground proxy: ' + (err && err.message ? err.message : String(err)) };
      },
    );
  }

  function sendDirect(built, spec) {
    var req = built.request;
    var headers = {};
    var notes = [];
    Object.keys(req.headers).forEach(function (name) {
      if (name.toLowerCase() === 'cookie') {
        notes.push('A page cannot set cookies for another site, so the Cookie values were not sent' +
          (spec.credentials ? '; the browser sent its own cookies for the API.' : '.'));
      } else {
        headers[name] = req.headers[name];
      }
    });
    var request;
    try {
      request = new Request(req.url, {
        method: req.method,
        headers: headers,
        body: built.direct,
        mode: 'cors',
        credentials: spec.credentials ? 'include' : 'same-origin',
      });
    } catch (err) {
      return Promise.resolve({ error: 'The request could not be built: ' + (err && err.message ? err.message : String(err)) });
    }
    var started = now();
    return fetch(request).then(
      function (res) {
        return res.arrayBuffer().then(function (buffer) {
          var out = {};
          res.headers.forEach(function (value, name) {
            out[name] = value;
          });
          notes.push('Only the headers the API exposes to browsers are shown.');
          return {
            status: res.status,
            statusText: res.statusText,
            headers: out,
            bytes: new Uint8Array(buffer),
            text: null,
            durationMs: Math.round(now() - started),
            notes: notes,
          };
        });
      },
      function () {
        var origin;
        try {
          origin = new URL(req.url).origin;
        } catch (e) {
          origin = req.url;
        }
        return {
          error: 'The browser blocked the request: the API at ' + origin + ' does not allow requests from this site (CORS). ' +
            'Ask the API owner to allow this origin, or use the proxy. (A server that is down or unreachable is reported the same way.)',
        };
      },
    );
  }

  /* ---------------------------------------------------------------- display */

  function headerValue(headers, name) {
    var found = '';
    Object.keys(headers).forEach(function (k) {
      if (k.toLowerCase() === name) found = headers[k];
    });
    return found;
  }

  /* The body as display text: JSON pretty-printed, other text as is, binary described. */
  function bodyText(result) {
    var type = headerValue(result.headers, 'content-type');
    var text = result.text;
    if (text === null) {
      var bytes = result.bytes || new Uint8Array(0);
      if (!bytes.length) return '';
      try {
        text = new TextDecoder('utf-8', { fatal: !TEXT_TYPE.test(type) }).decode(bytes);
      } catch (e) {
        return '(' + bytes.length + ' bytes of binary data' + (type ? ', ' + type : '') + ')';
      }
    }
    if (JSON_TYPE.test(type) || (!type && /^\s*[[{]/.test(text))) {
      try {
        return JSON.stringify(JSON.parse(text), null, 2);
      } catch (e) {
        return text;
      }
    }
    return text;
  }

  function part(form, name) {
    return form.querySelector('[data-pg-' + name + ']');
  }

  function setText(el, text) {
    if (el) el.textContent = text;
  }

  function showMessage(form, text) {
    var message = part(form, 'out-message');
    if (!message) return;
    message.textContent = text;
    message.hidden = !text;
  }

  /* The body text in its <pre>; the <pre> is hidden when there is nothing to show. */
  function showBody(form, text) {
    var code = part(form, 'out-body');
    if (!code) return;
    code.textContent = text;
    if (code.parentNode) code.parentNode.hidden = !text;
  }

  function showResult(form, result) {
    var section = part(form, 'response');
    if (section) section.hidden = false;
    var headersBox = part(form, 'out-headers-box');
    var list = part(form, 'out-headers');
    if (result.error) {
      setText(part(form, 'state'), 'The request failed.');
      setText(part(form, 'out-status'), 'Error');
      if (part(form, 'out-status')) part(form, 'out-status').setAttribute('data-range', 'error');
      setText(part(form, 'out-time'), '');
      showMessage(form, result.error);
      if (headersBox) headersBox.hidden = true;
      showBody(form, '');
      return;
    }
    var status = String(result.status) + (result.statusText ? ' ' + result.statusText : '');
    var time = typeof result.durationMs === 'number' ? Math.round(result.durationMs) + ' ms' : '';
    setText(part(form, 'state'), 'Response: ' + status + (time ? ', ' + time : ''));
    setText(part(form, 'out-status'), status);
    if (part(form, 'out-status')) part(form, 'out-status').setAttribute('data-range', String(result.status).charAt(0) + 'xx');
    setText(part(form, 'out-time'), time);
    showMessage(form, result.notes.join(' '));
    if (list) {
      list.textContent = '';
      Object.keys(result.headers).sort().forEach(function (name) {
        var dt = document.createElement('dt');
        dt.textContent = name;
        var dd = document.createElement('dd');
        dd.textContent = result.headers[name];
        list.appendChild(dt);
        list.appendChild(dd);
      });
    }
    if (headersBox) headersBox.hidden = Object.keys(result.headers).length === 0;
    showBody(form, bodyText(result) || '(empty body)');
  }

  function send(form, spec) {
    var button = part(form, 'send');
    var label = button ? button.textContent : '';
    if (button) {
      button.disabled = true;
      button.textContent = 'Sending\u2026';
    }
    form.setAttribute('aria-busy', 'true');
    setText(part(form, 'state'), 'Sending\u2026');
    return buildRequest(form, spec)
      .then(function (built) {
        return spec.proxy ? sendViaProxy(built) : sendDirect(built, spec);
      })
      .catch(function (err) {
        return { error: 'The request could not be built: ' + (err && err.message ? err.message : String(err)) };
      })
      .then(function (result) {
        showResult(form, result);
        if (button) {
          button.disabled = false;
          button.textContent = label;
        }
        form.removeAttribute('aria-busy');
      });
  }

  /* ------------------------------------------------------------------ setup */

  function showChosen(form, selector, attribute) {
    var index = String(selectedIndex(form, selector));
    toArray(form.querySelectorAll('[' + attribute + ']')).forEach(function (el) {
      el.hidden = el.getAttribute(attribute) !== index;
      /* A disabled fieldset's fields are not validated: hidden required fields cannot block Send. */
      el.disabled = el.hidden;
    });
  }

  function setup(form) {
    var specEl = form.querySelector('script[data-sheaf-playground-spec]');
    var spec;
    try {
      spec = JSON.parse(specEl ? specEl.textContent : '');
    } catch (e) {
      return;
    }
    form.setAttribute('data-enhanced', '');
    var nojs = part(form, 'nojs');
    if (nojs) nojs.hidden = true;
    var button = part(form, 'send');
    if (button) button.disabled = false;
    var forget = part(form, 'forget');
    if (forget) forget.hidden = false;
    restoreAuth(form);

    form.addEventListener('change', function (event) {
      var target = event.target;
      if (target.matches('[data-pg-server-select]')) showChosen(form, '[data-pg-server-select]', 'data-pg-server');
      if (target.matches('[data-pg-content-type]')) showChosen(form, '[data-pg-content-type]', 'data-pg-body');
    });
    form.addEventListener('input', function (event) {
      if (event.target.matches('[data-pg-auth]')) saveAuth(event.target);
    });
    if (forget) {
      forget.addEventListener('click', function () {
        forgetAuth(form);
        setText(part(form, 'state'), 'Credentials forgotten in this browser.');
      });
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      send(form, spec);
    });
  }

  function enhance(root) {
    toArray((root || document).querySelectorAll('form[data-sheaf-playground]')).forEach(function (form) {
      if (!form.hasAttribute('data-enhanced')) setup(form);
    });
  }

  window.sheafPlayground = {
    version: 1,
    enhance: enhance,
    /* Pure helpers, exposed for tests. */
    internals: { pathValue: pathValue, queryPairs: queryPairs, plainValue: plainValue, parseValue: parseValue, serverBase: serverBase },
  };

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', function () {
      enhance(document);
    });
  } else {
    enhance(document);
  }
})();
