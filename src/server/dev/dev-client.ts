/** Where a page served by `sheaf dev` loads the dev client from, and where it listens. */
export const DEV_CLIENT_PATH = '/_sheaf/dev/client.js';
export const DEV_EVENTS_PATH = '/_sheaf/dev/events';
export const DEV_PROBLEMS_PATH = '/_sheaf/dev/problems';
export const DEV_PAGES_PATH = '/_sheaf/dev/pages';

/**
 * The script `sheaf dev` adds to every page it serves (plain ES2017, no dependency): it listens
 * to the server's events and reloads the page when it changed, keeping the scroll position (or
 * follows the page to its new address when it moved), and shows the page's problems in an overlay
 * (file, line, column, message, code frame), gone once they are fixed.
 */
export const DEV_CLIENT = `(() => {
  const here = () => {
    let p = location.pathname;
    try { p = decodeURIComponent(p); } catch (e) {}
    p = p.replace(/\\/index\\.html$/, '/').replace(/\\/+$/, '');
    return p === '' ? '/' : p;
  };
  const KEY = 'sheaf-dev-scroll:' + location.pathname;
  const saved = sessionStorage.getItem(KEY);
  if (saved !== null) {
    sessionStorage.removeItem(KEY);
    const y = Number(saved);
    const restore = () => window.scrollTo(0, y);
    if (document.readyState === 'complete') restore(); else window.addEventListener('load', restore);
  }
  const overlay = (problems) => {
    let box = document.getElementById('sheaf-dev-overlay');
    if (!problems.length) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement('div');
      box.id = 'sheaf-dev-overlay';
      box.setAttribute('role', 'alert');
      box.style.cssText = 'position:fixed;left:16px;right:16px;bottom:16px;max-height:50vh;overflow:auto;z-index:2147483647;' +
        'background:#1f1f23;color:#f4f4f5;border:2px solid #ef4444;border-radius:8px;padding:12px 16px;font:13px/1.5 ui-monospace,monospace;box-shadow:0 8px 30px rgba(0,0,0,.4)';
      document.body.appendChild(box);
    }
    box.textContent = '';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Close');
    close.style.cssText = 'float:right;background:none;border:0;color:inherit;font-size:18px;cursor:pointer';
    close.onclick = () => box.remove();
    box.appendChild(close);
    for (const d of problems) {
      const item = document.createElement('div');
      item.className = 'sheaf-dev-problem';
      item.style.cssText = 'margin:4px 0 12px';
      const head = document.createElement('div');
      const where = (d.file || '') + (d.line ? ':' + d.line + (d.column ? ':' + d.column : '') : '');
      head.textContent = where + '  ' + d.severity + '  ' + d.message + '  [' + d.code + ']';
      head.style.color = d.severity === 'error' ? '#fca5a5' : '#fcd34d';
      item.appendChild(head);
      if (d.frame) {
        const pre = document.createElement('pre');
        pre.textContent = d.frame;
        pre.style.cssText = 'margin:6px 0;white-space:pre;overflow:auto;color:#d4d4d8';
        item.appendChild(pre);
      }
      if (d.hint) {
        const hint = document.createElement('div');
        hint.textContent = d.hint;
        hint.style.color = '#a1a1aa';
        item.appendChild(hint);
      }
      box.appendChild(item);
    }
  };
  const problems = () => fetch('${DEV_PROBLEMS_PATH}?path=' + encodeURIComponent(location.pathname), { cache: 'no-store' })
    .then((r) => r.json()).then((p) => overlay(p.problems || [])).catch(() => {});
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', problems); else problems();
  const events = new EventSource('${DEV_EVENTS_PATH}');
  events.addEventListener('update', (event) => {
    const update = JSON.parse(event.data);
    const route = here();
    const moved = update.moved && update.moved[route];
    if (moved) { location.href = moved; return; }
    if (update.reload === 'all' || update.reload.indexOf(route) !== -1) {
      sessionStorage.setItem(KEY, String(window.scrollY));
      location.reload();
    }
  });
})();
`;
