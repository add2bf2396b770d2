/*
 * Sheaf Ask AI: the assistant panel of the search dialog. It sends questions to the assistant
 * message endpoint v1 and shows the answer as it streams (AI SDK v4 data stream protocol).
 * Only in the site's script when the build has the panel (`--assistant-url`, `--assistant-key`).
 *
 * Markup (src/render/layout/search-dialog.tsx, header.tsx):
 *   section#sheaf-assistant[data-endpoint][data-key] (hidden until shown) with
 *   .sheaf-assistant-log, .sheaf-assistant-empty, .sheaf-assistant-status;
 *   [data-sheaf-assistant-ask]: the button beside the field and the "Ask AI" result option: ask
 *   the field's text; [data-sheaf-assistant-open]: the header button (search.js opens the dialog,
 *   this shows the panel); [data-sheaf-assistant-back], [data-sheaf-assistant-reset];
 *   [data-sheaf-assistant-shortcut] (⌘ on Apple systems). The dialog gets the class
 *   `sheaf-assistant-active` while the panel shows. Enter asks while it shows; Ctrl/⌘+Enter asks
 *   from the search view too.
 * Page: <html data-base> (relative site root: a cited page's link is base + route, as search.js
 * makes them) and data-route (sent as currentPath).
 *
 * Request: POST endpoint, `Authorization: Bearer <key>` (the public assistant key), JSON body
 * {fp:'anonymous', retrievalPageSize:5, currentPath?, messages, threadId?}; messages are whole UI
 * messages (id, createdAt, role, content, parts), as useChat sends with sendExtraMessageFields.
 * Response: `<code>:<json>` lines, read as they arrive: f (step start), 9/a (the `search` tool
 * call and its hits: `[n]` is hit n), 0 (text), h (source {id: n, url: route#anchor, title}),
 * 2 (data: {type:'finish', threadId}), 3 (error), e (step end), d (finish). The thread id (also
 * the X-Thread-Id header) goes with the next question. Model text only ever becomes text nodes.
 * The conversation is kept in sessionStorage, so it goes on on the page a citation opens.
 *
 * window.SheafAssistant = { version: 1, internals } exposes the pure helpers for tests.
 * Plain ES2019, no imports; runs deferred, after search.js.
 */
(function () {
  'use strict';
  if (typeof window === 'undefined') return;
  if (window.SheafAssistant && window.SheafAssistant.version === 1) return;

  /** Messages kept and sent at most (the service reads the thread's own history anyway). */
  var MAX_MESSAGES = 20;
  /** The interface's limit on currentPath, in characters. */
  var MAX_CURRENT_PATH = 200;
  var RETRIEVAL_PAGE_SIZE = 5;

  /* Pure helpers */

  /** A 16-character [0-9A-Za-z] id, like the AI SDK's generateId. */
  function newId() {
    var chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    var bytes = new Uint8Array(16);
    if (window.crypto && window.crypto.getRandomValues) window.crypto.getRandomValues(bytes);
    else for (var r = 0; r < bytes.length; r++) bytes[r] = Math.floor(Math.random() * 256);
    var out = '';
    for (var i = 0; i < bytes.length; i++) out += chars.charAt(bytes[i] % chars.length);
    return out;
  }

  /** One stream line as {code, value}, or null for an empty or unreadable line (skipped). */
  function parseLine(line) {
    if (!line) return null;
    var colon = line.indexOf(':');
    if (colon < 1) return null;
    try {
      return { code: line.slice(0, colon), value: JSON.parse(line.slice(colon + 1)) };
    } catch (e) {
      return null;
    }
  }

  /**
   * Splits decoded text into lines as it arrives: push(text) returns the complete lines so far,
   * end() what is left (a last line without its newline still counts).
   */
  function lineSplitter() {
    var rest = '';
    return {
      push: function (text) {
        rest += text;
        var cut = rest.lastIndexOf('\n');
        if (cut < 0) return [];
        var lines = rest.slice(0, cut).split('\n');
        rest = rest.slice(cut + 1);
        return lines;
      },
      end: function () {
        var last = rest;
        rest = '';
        return last ? [last] : [];
      }
    };
  }

  /** The assistant's reply being read: the UI message the AI SDK would build, plus what the panel shows. */
  function createReply() {
    return {
      message: { id: newId(), createdAt: new Date().toISOString(), role: 'assistant', content: '', parts: [] },
      hits: [],
      sources: [],
      threadId: '',
      error: '',
      finished: false,
      textPart: null,
      step: 0
    };
  }

  /** Applies one stream part to the reply (unknown codes are ignored, not fatal). */
  function applyPart(reply, part) {
    var v = part.value;
    var parts = reply.message.parts;
    switch (part.code) {
      case 'f':
        if (v && typeof v.messageId === 'string') reply.message.id = v.messageId;
        parts.push({ type: 'step-start' });
        break;
      case '0':
        if (typeof v !== 'string') break;
        if (!reply.textPart) {
          reply.textPart = { type: 'text', text: '' };
          parts.push(reply.textPart);
        }
        reply.textPart.text += v;
        reply.message.content += v;
        break;
      case '9':
        if (!v || typeof v.toolCallId !== 'string') break;
        parts.push({ type: 'tool-invocation', toolInvocation: { state: 'call', step: reply.step, toolCallId: v.toolCallId, toolName: String(v.toolName), args: v.args || {} } });
        break;
      case 'a':
        if (!v || typeof v.toolCallId !== 'string') break;
        for (var i = 0; i < parts.length; i++) {
          var call = parts[i].toolInvocation;
          if (!call || call.toolCallId !== v.toolCallId) continue;
          parts[i] = { type: 'tool-invocation', toolInvocation: { state: 'result', step: call.step, toolCallId: call.toolCallId, toolName: call.toolName, args: call.args, result: v.result } };
          if (call.toolName === 'search' && Array.isArray(v.result)) reply.hits = v.result;
        }
        break;
      case 'h':
        if (!v || typeof v !== 'object') break;
        reply.sources.push(v);
        parts.push({ type: 'source', source: v });
        break;
      case '2':
        if (!Array.isArray(v)) break;
        for (var j = 0; j < v.length; j++) {
          if (v[j] && v[j].type === 'finish' && typeof v[j].threadId === 'string') reply.threadId = v[j].threadId;
        }
        break;
      case '3':
        reply.error = typeof v === 'string' && v ? v : 'The assistant could not answer.';
        break;
      case 'e':
        if (!(v && v.isContinued)) reply.textPart = null;
        reply.step += 1;
        break;
      case 'd':
        reply.finished = true;
        break;
      default:
        break;
    }
  }

  /** What the panel shows of a stored assistant message: its text, sources and search hits. */
  function replyOf(message) {
    var reply = createReply();
    reply.message = message;
    reply.finished = true;
    var parts = message.parts || [];
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i];
      if (p.type === 'source' && p.source) reply.sources.push(p.source);
      var call = p.toolInvocation;
      if (call && call.state === 'result' && call.toolName === 'search' && Array.isArray(call.result)) reply.hits = call.result;
    }
    return reply;
  }

  /**
   * The link of a cited page: a site route (`/quickstart#install`) becomes `base + path/` (plus
   * `index.html` when browsing files) and `#anchor`, as search.js links results; an http(s) URL
   * stays as it is; anything else gets no link (null).
   */
  function hrefOf(url, base, fileProtocol) {
    if (typeof url !== 'string' || !url) return null;
    if (/^https?:\/\//i.test(url)) return url;
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.indexOf('//') === 0) return null;
    var hash = url.indexOf('#');
    var anchor = hash >= 0 ? url.slice(hash + 1) : '';
    var path = (hash >= 0 ? url.slice(0, hash) : url).replace(/\?.*$/, '').replace(/^\/+|\/+$/g, '');
    var href = path ? base + path + '/' : base || './';
    if (fileProtocol) href += 'index.html';
    return anchor ? href + '#' + encodeURIComponent(anchor) : href;
  }

  /** Citation `n` of a reply: its source part (id n), else search hit n. {url, title} or null. */
  function citationOf(reply, n) {
    for (var i = 0; i < reply.sources.length; i++) {
      var s = reply.sources[i];
      if (String(s.id) === String(n) && typeof s.url === 'string') return { url: s.url, title: typeof s.title === 'string' ? s.title : s.url };
    }
    var hit = reply.hits[n - 1];
    if (hit && typeof hit.path === 'string') {
      var meta = hit.metadata || {};
      var title = meta.title ? (meta.section ? meta.title + ' › ' + meta.section : meta.title) : hit.path;
      return { url: hit.path, title: String(title) };
    }
    return null;
  }

  var INLINE = /\[(\d+(?:\s*,\s*\d+)*)\](?!\()|\*\*([^*\n]+)\*\*|`([^`\n]+)`/g;

  /**
   * The answer text as tokens: {type:'text'|'strong'|'code', text} and {type:'cite', numbers,
   * text} for `[1]` / `[1, 3]` (not a Markdown link's `[1](…)`). Everything else stays text.
   */
  function tokensOf(text) {
    var out = [];
    var last = 0;
    var m;
    INLINE.lastIndex = 0;
    while ((m = INLINE.exec(text))) {
      if (m.index > last) out.push({ type: 'text', text: text.slice(last, m.index) });
      if (m[1] !== undefined) {
        out.push({
          type: 'cite',
          text: m[0],
          numbers: m[1].split(',').map(function (s) {
            return parseInt(s, 10);
          })
        });
      } else if (m[2] !== undefined) out.push({ type: 'strong', text: m[2] });
      else out.push({ type: 'code', text: m[3] });
      last = m.index + m[0].length;
    }
    if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
    return out;
  }

  /** Seconds to wait from a Retry-After value (seconds or an HTTP date); 0 when unknown. */
  function retryAfterSeconds(value, now) {
    if (!value) return 0;
    var text = String(value).trim();
    if (/^\d+$/.test(text)) return Math.max(1, parseInt(text, 10));
    var at = Date.parse(text);
    return isNaN(at) ? 0 : Math.max(1, Math.ceil((at - now) / 1000));
  }

  /** A refused request in plain words, from its status, `{error:{code,message}}` body and Retry-After. */
  function problemOf(status, body, retryAfter, now) {
    var error = body && typeof body === 'object' && body.error && typeof body.error === 'object' ? body.error : {};
    var message = typeof error.message === 'string' ? error.message : '';
    var code = typeof error.code === 'string' ? error.code : '';
    if (status === 429) {
      var wait = retryAfterSeconds(retryAfter, now);
      return { code: code, text: wait ? 'Too many questions: try again in ' + wait + ' s.' : 'Too many questions: try again in a while.' };
    }
    if (status >= 500) return { code: code, text: message || 'The assistant is not available right now (HTTP ' + status + '). Try again later.' };
    return { code: code, text: message || 'The assistant refused the question (HTTP ' + status + ').' };
  }

  /** The request body for `messages` (the question last). */
  function requestBody(messages, threadId, route) {
    var body = { fp: 'anonymous', retrievalPageSize: RETRIEVAL_PAGE_SIZE, messages: messages.slice(-MAX_MESSAGES) };
    if (route && route.length <= MAX_CURRENT_PATH) body.currentPath = route;
    if (threadId) body.threadId = threadId;
    return body;
  }

  var internals = {
    parseLine: parseLine,
    lineSplitter: lineSplitter,
    createReply: createReply,
    applyPart: applyPart,
    replyOf: replyOf,
    hrefOf: hrefOf,
    citationOf: citationOf,
    tokensOf: tokensOf,
    retryAfterSeconds: retryAfterSeconds,
    problemOf: problemOf,
    requestBody: requestBody
  };
  window.SheafAssistant = { version: 1, internals: internals };

  /* The panel */

  if (typeof document === 'undefined') return;
  var panel = document.getElementById('sheaf-assistant');
  var dialog = document.getElementById('sheaf-search');
  var input = document.getElementById('sheaf-search-input');
  if (!panel || !dialog || !input) return;
  var endpoint = panel.getAttribute('data-endpoint') || '';
  var key = panel.getAttribute('data-key') || '';
  if (!endpoint || !key) return;
  var root = document.documentElement;
  var log = panel.querySelector('.sheaf-assistant-log');
  var empty = panel.querySelector('.sheaf-assistant-empty');
  var status = panel.querySelector('.sheaf-assistant-status');
  var STORE = 'sheaf-assistant:' + endpoint;
  var saved = { placeholder: input.getAttribute('placeholder') || '', label: input.getAttribute('aria-label') || '', dialog: dialog.getAttribute('aria-label') || '' };

  /** The conversation: thread id and messages as sent (restored from sessionStorage). */
  var state = { threadId: '', messages: [] };
  /**
   * The request in flight: {reader} once its body is being read; null when idle. A new
   * conversation cancels the reader (or the body, when the answer comes after it).
   */
  var busy = null;

  if (/Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent || '')) {
    var shortcuts = document.querySelectorAll('[data-sheaf-assistant-shortcut]');
    for (var s = 0; s < shortcuts.length; s++) shortcuts[s].textContent = '⌘';
    var asks = document.querySelectorAll('.sheaf-assistant-ask');
    for (var a = 0; a < asks.length; a++) asks[a].setAttribute('title', 'Ask AI (⌘↵)');
  }

  function base() {
    return root.getAttribute('data-base') || '';
  }

  function setStatus(text) {
    if (status) status.textContent = text;
  }

  function active() {
    return dialog.classList.contains('sheaf-assistant-active');
  }

  function setPlaceholder() {
    input.setAttribute('placeholder', state.messages.length ? 'Ask a follow-up question…' : 'Ask AI a question about the docs…');
  }

  function show() {
    if (!active()) {
      dialog.classList.add('sheaf-assistant-active');
      panel.hidden = false;
      dialog.setAttribute('aria-label', 'Ask AI');
      input.setAttribute('aria-label', 'Question');
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
    }
    setPlaceholder();
    scrollDown();
  }

  /** Back to the search view; `rerun` shows the results for the field's text again. */
  function hide(rerun) {
    if (!active()) return;
    dialog.classList.remove('sheaf-assistant-active');
    panel.hidden = true;
    dialog.setAttribute('aria-label', saved.dialog);
    input.setAttribute('aria-label', saved.label);
    input.setAttribute('placeholder', saved.placeholder);
    if (rerun) input.dispatchEvent(new Event('input'));
  }

  function scrollDown() {
    if (log) log.scrollTop = log.scrollHeight;
  }

  /** Draws the turn; the newest text stays in view unless the reader had scrolled up (48 px slack). */
  function update(turn) {
    var following = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 48;
    renderReply(turn);
    if (following) scrollDown();
  }

  function save() {
    try {
      window.sessionStorage.setItem(STORE, JSON.stringify({ threadId: state.threadId, messages: state.messages.slice(-MAX_MESSAGES) }));
    } catch (e) {
      // Storage off or full: the conversation still goes on in this page.
    }
  }

  function restore() {
    try {
      var data = JSON.parse(window.sessionStorage.getItem(STORE) || 'null');
      if (!data || !Array.isArray(data.messages)) return;
      state.threadId = typeof data.threadId === 'string' ? data.threadId : '';
      state.messages = data.messages.filter(function (m) {
        return m && (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string' && Array.isArray(m.parts);
      });
    } catch (e) {
      return;
    }
    for (var i = 0; i < state.messages.length; i++) {
      var m = state.messages[i];
      if (m.role === 'user') {
        var turn = addTurn(m.content);
        var next = state.messages[i + 1];
        if (next && next.role === 'assistant') {
          turn.reply = replyOf(next);
          renderReply(turn);
          i++;
        } else turn.answer.remove();
      }
    }
  }

  /** A question and its (empty) answer appended to the log. */
  function addTurn(question) {
    if (empty) empty.hidden = true;
    var turn = document.createElement('div');
    turn.className = 'sheaf-assistant-turn';
    var q = document.createElement('p');
    q.className = 'sheaf-assistant-question';
    q.textContent = question;
    var answer = document.createElement('div');
    answer.className = 'sheaf-assistant-answer';
    var text = document.createElement('p');
    text.className = 'sheaf-assistant-text';
    var typing = document.createElement('span');
    typing.className = 'sheaf-assistant-typing';
    typing.setAttribute('aria-hidden', 'true');
    typing.appendChild(document.createElement('span'));
    typing.appendChild(document.createElement('span'));
    typing.appendChild(document.createElement('span'));
    var sources = document.createElement('div');
    sources.className = 'sheaf-assistant-sources';
    sources.hidden = true;
    var error = document.createElement('p');
    error.className = 'sheaf-assistant-error';
    error.setAttribute('role', 'alert');
    error.hidden = true;
    answer.appendChild(text);
    answer.appendChild(typing);
    answer.appendChild(sources);
    answer.appendChild(error);
    turn.appendChild(q);
    turn.appendChild(answer);
    log.appendChild(turn);
    return { root: turn, answer: answer, text: text, typing: typing, sources: sources, error: error, reply: null };
  }

  function citeLink(reply, n) {
    var cited = citationOf(reply, n);
    var href = cited && hrefOf(cited.url, base(), window.location.protocol === 'file:');
    if (!href) return null;
    var link = document.createElement('a');
    link.className = 'sheaf-assistant-cite';
    link.href = href;
    link.textContent = String(n);
    link.title = cited.title;
    link.setAttribute('aria-label', 'Source ' + n + ': ' + cited.title);
    return link;
  }

  /** Draws a turn's answer from its reply: text with links for citations, sources, error. */
  function renderReply(turn) {
    var reply = turn.reply;
    var tokens = tokensOf(reply.message.content);
    var text = turn.text;
    text.textContent = '';
    for (var i = 0; i < tokens.length; i++) {
      var t = tokens[i];
      if (t.type === 'text') text.appendChild(document.createTextNode(t.text));
      else if (t.type === 'strong' || t.type === 'code') {
        var el = document.createElement(t.type);
        el.textContent = t.text;
        text.appendChild(el);
      } else {
        var links = [];
        for (var j = 0; j < t.numbers.length; j++) {
          var link = citeLink(reply, t.numbers[j]);
          if (link) links.push(link);
        }
        if (!links.length) text.appendChild(document.createTextNode(t.text));
        else {
          var group = document.createElement('span');
          group.className = 'sheaf-assistant-cites';
          for (var k = 0; k < links.length; k++) group.appendChild(links[k]);
          text.appendChild(group);
        }
      }
    }
    turn.typing.hidden = reply.finished || !!reply.error || reply.message.content !== '';
    renderSources(turn);
    turn.error.hidden = !reply.error;
    turn.error.textContent = reply.error;
  }

  function renderSources(turn) {
    var reply = turn.reply;
    var box = turn.sources;
    box.textContent = '';
    var items = [];
    for (var i = 0; i < reply.sources.length; i++) {
      var source = reply.sources[i];
      var href = hrefOf(source.url, base(), window.location.protocol === 'file:');
      if (href) items.push({ n: source.id, href: href, title: typeof source.title === 'string' && source.title ? source.title : source.url });
    }
    box.hidden = !items.length;
    if (!items.length) return;
    var heading = document.createElement('p');
    heading.className = 'sheaf-assistant-sources-title';
    heading.textContent = 'Sources';
    var list = document.createElement('ol');
    for (var j = 0; j < items.length; j++) {
      var li = document.createElement('li');
      var n = parseInt(items[j].n, 10);
      if (n > 0) li.value = n;
      var link = document.createElement('a');
      link.href = items[j].href;
      link.textContent = items[j].title;
      li.appendChild(link);
      list.appendChild(li);
    }
    box.appendChild(heading);
    box.appendChild(list);
  }

  function ask(text) {
    show();
    text = (text || '').trim();
    if (!text) return;
    if (busy) {
      setStatus('Wait for this answer, or start a new conversation.');
      return;
    }
    input.value = '';
    var question = { id: newId(), createdAt: new Date().toISOString(), role: 'user', content: text, parts: [{ type: 'text', text: text }] };
    var turn = addTurn(text);
    turn.reply = createReply();
    renderReply(turn);
    scrollDown();
    send(question, turn, true);
  }

  /** Sends the conversation with `question` last and reads the answer into `turn`. */
  async function send(question, turn, mayRetry) {
    var mine = { reader: null };
    busy = mine;
    var current = function () {
      return busy === mine;
    };
    var body = requestBody(state.messages.concat([question]), state.threadId, root.getAttribute('data-route') || '');
    turn.answer.setAttribute('aria-busy', 'true');
    setStatus('Searching the docs…');
    var res;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + key },
        body: JSON.stringify(body),
        // The key is the credential: never cookies, even from a service on the site's own origin.
        credentials: 'omit'
      });
    } catch (e) {
      if (!current()) return;
      return failed(turn, question, 'Could not reach the assistant. Check your connection and try again; if it keeps failing, the assistant service may not accept requests from this site.');
    }
    if (!current()) {
      if (res.body && typeof res.body.cancel === 'function') res.body.cancel().catch(function () {});
      return;
    }
    if (!res.ok) {
      var json = null;
      try {
        json = await res.json();
      } catch (e) {
        json = null;
      }
      if (!current()) return;
      var problem = problemOf(res.status, json, res.headers.get('Retry-After'), Date.now());
      if (problem.code === 'thread/not-found' && mayRetry && state.threadId) {
        // The service no longer knows the thread: start a new one with the conversation so far.
        state.threadId = '';
        busy = null;
        return send(question, turn, false);
      }
      return failed(turn, question, problem.text);
    }
    var thread = res.headers.get('X-Thread-Id');
    if (thread) state.threadId = thread;
    var reply = turn.reply;
    var pending = false;
    var draw = function () {
      pending = false;
      if (!current()) return;
      update(turn);
    };
    var schedule = function () {
      if (pending) return;
      pending = true;
      if (typeof window.requestAnimationFrame === 'function' && !document.hidden) window.requestAnimationFrame(draw);
      else setTimeout(draw, 16);
    };
    var apply = function (lines) {
      for (var i = 0; i < lines.length; i++) {
        var part = parseLine(lines[i]);
        if (!part) continue;
        applyPart(reply, part);
        if (part.code === 'a') setStatus('Writing the answer…');
      }
      schedule();
    };
    var cut = false;
    try {
      var splitter = lineSplitter();
      if (res.body && typeof res.body.getReader === 'function' && typeof TextDecoder === 'function') {
        var reader = res.body.getReader();
        mine.reader = reader;
        var decoder = new TextDecoder();
        for (;;) {
          var chunk = await reader.read();
          if (!current()) {
            reader.cancel().catch(function () {});
            return;
          }
          if (chunk.done) break;
          apply(splitter.push(decoder.decode(chunk.value, { stream: true })));
        }
        apply(splitter.push(decoder.decode()));
      } else {
        apply(splitter.push(await res.text()));
      }
      apply(splitter.end());
    } catch (e) {
      cut = true;
    }
    if (!current()) return;
    if (reply.threadId) state.threadId = reply.threadId;
    if (cut && !reply.error) reply.error = 'The answer was cut off. Ask again.';
    reply.finished = true;
    state.messages = state.messages.concat([question, reply.message]).slice(-MAX_MESSAGES);
    save();
    busy = null;
    turn.answer.removeAttribute('aria-busy');
    update(turn);
    setStatus(reply.error ? '' : 'Answer ready.');
    setPlaceholder();
  }

  /** The question was not answered: say why under it; it goes back in the field to ask again. */
  function failed(turn, question, text) {
    busy = null;
    turn.reply.error = text;
    turn.reply.finished = true;
    turn.answer.removeAttribute('aria-busy');
    renderReply(turn);
    scrollDown();
    setStatus('');
    if (!input.value) input.value = question.content;
  }

  function reset() {
    if (busy && busy.reader) busy.reader.cancel().catch(function () {});
    busy = null;
    state = { threadId: '', messages: [] };
    try {
      window.sessionStorage.removeItem(STORE);
    } catch (e) {
      // nothing kept
    }
    var turns = log.querySelectorAll('.sheaf-assistant-turn');
    for (var i = 0; i < turns.length; i++) turns[i].remove();
    if (empty) empty.hidden = false;
    setStatus('');
    setPlaceholder();
  }

  // Enter asks while the panel shows, Ctrl/⌘+Enter from the search view too. Capture phase, so
  // search.js (listening on the field) never opens a result for it.
  dialog.addEventListener(
    'keydown',
    function (event) {
      if (event.target !== input || event.key !== 'Enter' || event.isComposing) return;
      if (!(event.ctrlKey || event.metaKey || active())) return;
      event.preventDefault();
      event.stopPropagation();
      ask(input.value);
    },
    true
  );

  // The dialog opens on search (Ctrl+K, the search button); the header's Ask AI button shows the
  // panel after that. Watched on the `open` attribute: the `close` event can come late, after the
  // dialog was opened again.
  var wasOpen = dialog.hasAttribute('open');
  if (typeof MutationObserver === 'function') {
    new MutationObserver(function () {
      var open = dialog.hasAttribute('open');
      if (open && !wasOpen) hide(false);
      wasOpen = open;
    }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    if (target.closest('[data-sheaf-assistant-open]')) {
      show();
      input.focus();
      // Again after the observer above has seen the dialog open (a click from a script runs this
      // listener before the observer's callback).
      Promise.resolve().then(show);
    } else if (target.closest('[data-sheaf-assistant-ask]')) {
      event.preventDefault();
      ask(input.value);
      input.focus();
    } else if (target.closest('[data-sheaf-assistant-back]')) {
      hide(true);
      input.focus();
    } else if (target.closest('[data-sheaf-assistant-reset]')) {
      reset();
      input.focus();
    } else if (target.closest('.sheaf-assistant-log a') && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) {
      // A cited page opens in this tab: close the dialog (a section of this same page would stay behind it).
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  });

  restore();
})();
