/**
 * Sheaf Ask AI: the assistant panel of the search dialog. It sends questions to the assistant
 * message endpoint v2 and shows the answer as it streams (ui-message-stream.ts). Only in the site's
 * script when the build has the panel (`--assistant-url`, `--assistant-key`).
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
 * Page: <html data-base> (relative site root: a cited page's link is base + route, as search
 * makes them) and data-route (sent as currentPath).
 * The thread id (from the X-Thread-Id header or the finish chunk) goes with the next question.
 * The conversation (chat id, thread id, messages) is kept in sessionStorage, so it goes on on the
 * page a citation opens.
 */
import { closest, isApple, type BrowserWindow } from '../shared/browser-window.js';
import { urlStyleOf } from '../shared/page-url.js';
import { citationOf, hrefOf, tokensOf } from './citations.js';
import { MAX_MESSAGES, problemOf, requestBody } from './request.js';
import { applyChunk, createReply, eventSplitter, parseChunk, replyOf, type Reply } from './ui-message-stream.js';
import { newId, questionMessage, textOf, type UiMessage, type UiPart } from './ui-message.js';

/** Pixels from the bottom of the log within which the reader counts as following the answer. */
const FOLLOW_SLACK_PX = 48;
/** Milliseconds between redraws when animation frames do not run (hidden tab). */
const FRAME_MS = 16;

/** A question and its answer in the log. */
interface Turn {
  readonly root: HTMLElement;
  readonly answer: HTMLElement;
  readonly text: HTMLElement;
  readonly typing: HTMLElement;
  readonly sources: HTMLElement;
  readonly error: HTMLElement;
  reply: Reply;
}

/** The conversation: the chat's id, the thread id and the messages as sent. */
interface Conversation {
  chatId: string;
  threadId: string;
  messages: UiMessage[];
}

/** A part the panel keeps and sends (the kinds the v2 request schema lists), of the right shape. */
function keptPart(p: UiPart | null): boolean {
  if (!p) return false;
  if (p.type === 'text') return typeof p.text === 'string';
  if (p.type === 'source-url') return typeof p.sourceId === 'string' && typeof p.url === 'string';
  return p.type === 'step-start';
}

/** The messages of a stored conversation worth keeping (user and assistant messages of the right shape). */
export function storedConversation(text: string | null): Conversation | null {
  const data = JSON.parse(text || 'null') as { readonly chatId?: unknown; readonly threadId?: unknown; readonly messages?: unknown } | null;
  if (!data || !Array.isArray(data.messages)) return null;
  return {
    chatId: typeof data.chatId === 'string' && data.chatId ? data.chatId : newId(),
    threadId: typeof data.threadId === 'string' ? data.threadId : '',
    messages: (data.messages as (UiMessage | null)[]).filter(
      (m): m is UiMessage => !!m && typeof m.id === 'string' && (m.role === 'user' || m.role === 'assistant') && Array.isArray(m.parts) && m.parts.every(keptPart),
    ),
  };
}

export function startAssistant(win: BrowserWindow): void {
  if (win.SheafAssistant && win.SheafAssistant.version === 1) return;
  win.SheafAssistant = { version: 1 };
  const doc = win.document;
  const panelEl = doc.getElementById('sheaf-assistant');
  const dialogEl = doc.getElementById('sheaf-search') as HTMLDialogElement | null;
  const inputEl = doc.getElementById('search-input') as HTMLInputElement | null;
  if (!panelEl || !dialogEl || !inputEl) return;
  const endpoint = panelEl.getAttribute('data-endpoint') || '';
  const key = panelEl.getAttribute('data-key') || '';
  if (!endpoint || !key) return;
  const panel = panelEl;
  const dialog = dialogEl;
  const input = inputEl;
  const root = doc.documentElement;
  const log = panel.querySelector<HTMLElement>('.sheaf-assistant-log') as HTMLElement;
  const empty = panel.querySelector<HTMLElement>('.sheaf-assistant-empty');
  const status = panel.querySelector('.sheaf-assistant-status');
  // v2 in the key: a conversation stored by a v1 panel (other message shape) is not read.
  const STORE = `sheaf-assistant:v2:${endpoint}`;
  const saved = { placeholder: input.getAttribute('placeholder') || '', label: input.getAttribute('aria-label') || '', dialog: dialog.getAttribute('aria-label') || '' };

  let state: Conversation = { chatId: newId(), threadId: '', messages: [] };
  /**
   * The request in flight: {reader} once its body is being read; null when idle. A new
   * conversation cancels the reader (or the body, when the answer comes after it).
   */
  let busy: { reader: ReadableStreamDefaultReader<Uint8Array> | null } | null = null;

  if (isApple(win)) {
    doc.querySelectorAll('[data-sheaf-assistant-shortcut]').forEach((shortcut) => {
      shortcut.textContent = '⌘';
    });
    doc.querySelectorAll('.sheaf-assistant-ask').forEach((ask) => ask.setAttribute('title', 'Ask AI (⌘↵)'));
  }

  const base = (): string => root.getAttribute('data-base') || '';
  const fileProtocol = (): boolean => win.location.protocol === 'file:';
  const setStatus = (text: string): void => {
    if (status) status.textContent = text;
  };
  const active = (): boolean => dialog.classList.contains('sheaf-assistant-active');
  const setPlaceholder = (): void => {
    input.setAttribute('placeholder', state.messages.length ? 'Ask a follow-up question…' : 'Ask AI a question about the docs…');
  };
  const scrollDown = (): void => {
    if (log) log.scrollTop = log.scrollHeight;
  };

  function show(): void {
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
  function hide(rerun: boolean): void {
    if (!active()) return;
    dialog.classList.remove('sheaf-assistant-active');
    panel.hidden = true;
    dialog.setAttribute('aria-label', saved.dialog);
    input.setAttribute('aria-label', saved.label);
    input.setAttribute('placeholder', saved.placeholder);
    if (rerun) input.dispatchEvent(new win.Event('input'));
  }

  /** Draws the turn; the newest text stays in view unless the reader had scrolled up. */
  function update(turn: Turn): void {
    const following = !log || log.scrollHeight - log.scrollTop - log.clientHeight < FOLLOW_SLACK_PX;
    renderReply(turn);
    if (following) scrollDown();
  }

  function save(): void {
    try {
      win.sessionStorage.setItem(STORE, JSON.stringify({ chatId: state.chatId, threadId: state.threadId, messages: state.messages.slice(-MAX_MESSAGES) }));
    } catch {
      // Storage off or full: the conversation still goes on in this page.
    }
  }

  function restore(): void {
    try {
      const stored = storedConversation(win.sessionStorage.getItem(STORE));
      if (!stored) return;
      state = stored;
    } catch {
      return;
    }
    for (let i = 0; i < state.messages.length; i++) {
      const m = state.messages[i] as UiMessage;
      if (m.role !== 'user') continue;
      const turn = addTurn(textOf(m), createReply());
      const next = state.messages[i + 1];
      if (next && next.role === 'assistant') {
        turn.reply = replyOf(next);
        renderReply(turn);
        i++;
      } else turn.answer.remove();
    }
  }

  /** A question and its (empty) answer appended to the log. */
  function addTurn(question: string, reply: Reply): Turn {
    if (empty) empty.hidden = true;
    const turn = doc.createElement('div');
    turn.className = 'sheaf-assistant-turn';
    const q = doc.createElement('p');
    q.className = 'sheaf-assistant-question';
    q.textContent = question;
    const answer = doc.createElement('div');
    answer.className = 'sheaf-assistant-answer';
    const text = doc.createElement('p');
    text.className = 'sheaf-assistant-text';
    const typing = doc.createElement('span');
    typing.className = 'sheaf-assistant-typing';
    typing.setAttribute('aria-hidden', 'true');
    typing.appendChild(doc.createElement('span'));
    typing.appendChild(doc.createElement('span'));
    typing.appendChild(doc.createElement('span'));
    const sources = doc.createElement('div');
    sources.className = 'sheaf-assistant-sources';
    sources.hidden = true;
    const error = doc.createElement('p');
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
    return { root: turn, answer, text, typing, sources, error, reply };
  }

  function citeLink(reply: Reply, n: number): HTMLAnchorElement | null {
    const cited = citationOf(reply, n);
    const href = cited && hrefOf(cited.url, base(), fileProtocol(), urlStyleOf(root));
    if (!cited || !href) return null;
    const link = doc.createElement('a');
    link.className = 'sheaf-assistant-cite';
    link.href = href;
    link.textContent = String(n);
    link.title = cited.title;
    link.setAttribute('aria-label', `Source ${n}: ${cited.title}`);
    return link;
  }

  /** Draws a turn's answer from its reply: text with links for citations, sources, error. */
  function renderReply(turn: Turn): void {
    const reply = turn.reply;
    const text = turn.text;
    text.textContent = '';
    const answer = textOf(reply.message);
    for (const t of tokensOf(answer)) {
      if (t.type === 'text') text.appendChild(doc.createTextNode(t.text));
      else if (t.type === 'strong' || t.type === 'code') {
        const el = doc.createElement(t.type);
        el.textContent = t.text;
        text.appendChild(el);
      } else {
        const links: HTMLAnchorElement[] = [];
        for (const n of t.numbers) {
          const link = citeLink(reply, n);
          if (link) links.push(link);
        }
        if (!links.length) text.appendChild(doc.createTextNode(t.text));
        else {
          const group = doc.createElement('span');
          group.className = 'sheaf-assistant-cites';
          for (const link of links) group.appendChild(link);
          text.appendChild(group);
        }
      }
    }
    turn.typing.hidden = reply.finished || !!reply.error || answer !== '';
    renderSources(turn);
    turn.error.hidden = !reply.error;
    turn.error.textContent = reply.error;
  }

  function renderSources(turn: Turn): void {
    const reply = turn.reply;
    const box = turn.sources;
    box.textContent = '';
    const items: { readonly n: unknown; readonly href: string; readonly title: string }[] = [];
    for (const source of reply.sources) {
      const href = hrefOf(source.url, base(), fileProtocol(), urlStyleOf(root));
      if (href) items.push({ n: source.sourceId, href, title: typeof source.title === 'string' && source.title ? source.title : source.url });
    }
    box.hidden = !items.length;
    if (!items.length) return;
    const heading = doc.createElement('p');
    heading.className = 'sheaf-assistant-sources-title';
    heading.textContent = 'Sources';
    const list = doc.createElement('ol');
    for (const item of items) {
      const li = doc.createElement('li');
      const n = parseInt(String(item.n), 10);
      if (n > 0) li.value = n;
      const link = doc.createElement('a');
      link.href = item.href;
      link.textContent = item.title;
      li.appendChild(link);
      list.appendChild(li);
    }
    box.appendChild(heading);
    box.appendChild(list);
  }

  function ask(typed: string): void {
    show();
    const text = (typed || '').trim();
    if (!text) return;
    if (busy) {
      setStatus('Wait for this answer, or start a new conversation.');
      return;
    }
    input.value = '';
    const question = questionMessage(text);
    const turn = addTurn(text, createReply());
    renderReply(turn);
    scrollDown();
    void send(question, turn, true);
  }

  /** Sends the conversation with `question` last and reads the answer into `turn`. */
  async function send(question: UiMessage, turn: Turn, mayRetry: boolean): Promise<void> {
    const mine: { reader: ReadableStreamDefaultReader<Uint8Array> | null } = { reader: null };
    busy = mine;
    const current = (): boolean => busy === mine;
    const body = requestBody(state.chatId, state.messages.concat([question]), state.threadId, root.getAttribute('data-route') || '');
    turn.answer.setAttribute('aria-busy', 'true');
    setStatus('Searching the docs…');
    let res: Response;
    try {
      res = await win.fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
        // The key is the credential: never cookies, even from a service on the site's own origin.
        credentials: 'omit',
      });
    } catch {
      if (!current()) return;
      return failed(
        turn,
        question,
        'Could not reach the assistant. Check your connection and try again; if it keeps failing, the assistant service may not accept requests from this site.',
      );
    }
    if (!current()) {
      if (res.body && typeof res.body.cancel === 'function') res.body.cancel().catch(() => undefined);
      return;
    }
    if (!res.ok) {
      let json: unknown = null;
      try {
        json = await res.json();
      } catch {
        json = null;
      }
      if (!current()) return;
      const problem = problemOf(res.status, json, res.headers.get('Retry-After'), Date.now());
      if (problem.code === 'thread/not-found' && mayRetry && state.threadId) {
        // The service no longer knows the thread: start a new one with the conversation so far.
        state.threadId = '';
        busy = null;
        return send(question, turn, false);
      }
      return failed(turn, question, problem.text);
    }
    const thread = res.headers.get('X-Thread-Id');
    if (thread) state.threadId = thread;
    const reply = turn.reply;
    let pending = false;
    const draw = (): void => {
      pending = false;
      if (!current()) return;
      update(turn);
    };
    const schedule = (): void => {
      if (pending) return;
      pending = true;
      if (typeof win.requestAnimationFrame === 'function' && !doc.hidden) win.requestAnimationFrame(draw);
      else win.setTimeout(draw, FRAME_MS);
    };
    const apply = (events: readonly string[]): void => {
      for (const data of events) {
        const chunk = parseChunk(data);
        if (!chunk) continue;
        applyChunk(reply, chunk);
        if (chunk.type === 'tool-output-available') setStatus('Writing the answer…');
      }
      schedule();
    };
    let cut = false;
    try {
      const splitter = eventSplitter();
      if (res.body && typeof res.body.getReader === 'function' && typeof TextDecoder === 'function') {
        const reader = res.body.getReader();
        mine.reader = reader;
        const decoder = new TextDecoder();
        for (;;) {
          const chunk = await reader.read();
          if (!current()) {
            reader.cancel().catch(() => undefined);
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
    } catch {
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
  function failed(turn: Turn, question: UiMessage, text: string): void {
    busy = null;
    turn.reply.error = text;
    turn.reply.finished = true;
    turn.answer.removeAttribute('aria-busy');
    renderReply(turn);
    scrollDown();
    setStatus('');
    if (!input.value) input.value = textOf(question);
  }

  function reset(): void {
    if (busy && busy.reader) busy.reader.cancel().catch(() => undefined);
    busy = null;
    state = { chatId: newId(), threadId: '', messages: [] };
    try {
      win.sessionStorage.removeItem(STORE);
    } catch {
      // nothing kept
    }
    log.querySelectorAll('.sheaf-assistant-turn').forEach((turn) => turn.remove());
    if (empty) empty.hidden = false;
    setStatus('');
    setPlaceholder();
  }

  // Enter asks while the panel shows, Ctrl/⌘+Enter from the search view too. Capture phase, so
  // the search dialog (listening on the field) never opens a result for it.
  dialog.addEventListener(
    'keydown',
    (event) => {
      if (event.target !== input || event.key !== 'Enter' || event.isComposing) return;
      if (!(event.ctrlKey || event.metaKey || active())) return;
      event.preventDefault();
      event.stopPropagation();
      ask(input.value);
    },
    true,
  );

  // The dialog opens on search (Ctrl+K, the search button); the header's Ask AI button shows the
  // panel after that. Watched on the `open` attribute: the `close` event can come late, after the
  // dialog was opened again.
  let wasOpen = dialog.hasAttribute('open');
  if (typeof win.MutationObserver === 'function') {
    new win.MutationObserver(() => {
      const open = dialog.hasAttribute('open');
      if (open && !wasOpen) hide(false);
      wasOpen = open;
    }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
  }

  doc.addEventListener('click', (event) => {
    const target = event.target;
    if (closest(target, '[data-sheaf-assistant-open]')) {
      show();
      input.focus();
      // Again after the observer above has seen the dialog open (a click from a script runs this
      // listener before the observer's callback).
      void Promise.resolve().then(show);
    } else if (closest(target, '[data-sheaf-assistant-ask]')) {
      event.preventDefault();
      ask(input.value);
      input.focus();
    } else if (closest(target, '[data-sheaf-assistant-back]')) {
      hide(true);
      input.focus();
    } else if (closest(target, '[data-sheaf-assistant-reset]')) {
      reset();
      input.focus();
    } else if (closest(target, '.sheaf-assistant-log a') && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) {
      // A cited page opens in this tab: close the dialog (a section of this same page would stay behind it).
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  });

  restore();
}
