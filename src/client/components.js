/*
 * Sheaf components: browser behaviour of the MDX components (plain ES2019, no dependencies).
 *
 * Contract with the server markup (src/render/components):
 * - [data-tabs]: Tabs, CodeGroup, RequestExample, ResponseExample. Direct children
 *   .sheaf-tabs-bar (hidden until enhanced; [role=tab] buttons or select.sheaf-tabs-select) and
 *   .sheaf-tab panels ([data-tab-title]) paired by position. [data-default-tab] is the first
 *   selection; [data-sync] groups follow each other by tab title. Sets [data-enhanced].
 * - .copy-button: copies the `pre` of its .code-block, else of the visible panel of its
 *   [data-tabs] group, or (data-copy-target="prompt") the text of its .sheaf-prompt-body.
 *   [data-copy]: copies the attribute's value ([data-copy-dark] in dark mode).
 * - details.sheaf-accordion[data-anchor][id]: opening one writes #id to the URL.
 * - .sheaf-view[data-view]: one selector per page switches the views; the choice is kept in
 *   localStorage ("sheaf:view") and announced with a "sheaf:view-change" event on document.
 * - On load and on hashchange, the element the URL points at is revealed: closed <details> are
 *   opened, hidden tab panels and views are selected.
 *
 * Idempotent: window.sheafComponents.enhance(root) may run any number of times; the document
 * listeners are installed once.
 */
(function () {
  'use strict';
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  if (window.sheafComponents && window.sheafComponents.version === 1) return;

  var VIEW_KEY = 'sheaf:view';
  /** How long copy buttons say "Copied", in milliseconds. */
  var COPIED_MS = 2000;
  var idCounter = 0;

  function toArray(list) {
    return Array.prototype.slice.call(list || []);
  }

  function childrenWithClass(el, name) {
    return toArray(el.children).filter(function (c) {
      return c.classList.contains(name);
    });
  }

  function closest(node, selector) {
    return node && node.closest ? node.closest(selector) : null;
  }

  function uniqueId(prefix) {
    var id;
    do {
      idCounter += 1;
      id = prefix + '-' + idCounter;
    } while (document.getElementById(id));
    return id;
  }

  /* ---------------------------------------------------------------- tabs */

  function tabParts(group) {
    var bar = childrenWithClass(group, 'sheaf-tabs-bar')[0] || null;
    return {
      bar: bar,
      panels: childrenWithClass(group, 'sheaf-tab'),
      buttons: bar ? toArray(bar.querySelectorAll('[role="tab"]')) : [],
      select: bar ? bar.querySelector('select.sheaf-tabs-select') : null,
    };
  }

  function selectTab(group, index, focus) {
    var parts = tabParts(group);
    if (index < 0 || index >= parts.panels.length) return;
    parts.panels.forEach(function (panel, i) {
      panel.hidden = i !== index;
    });
    parts.buttons.forEach(function (button, i) {
      button.setAttribute('aria-selected', i === index ? 'true' : 'false');
      button.tabIndex = i === index ? 0 : -1;
    });
    if (parts.select) parts.select.value = String(index);
    group.setAttribute('data-active-tab', String(index));
    if (focus && parts.buttons[index]) parts.buttons[index].focus();
  }

  function tabIndexOfTitle(group, title) {
    var panels = tabParts(group).panels;
    for (var i = 0; i < panels.length; i += 1) {
      if (panels[i].getAttribute('data-tab-title') === title) return i;
    }
    return -1;
  }

  /** Selects a tab as the reader did: synced groups follow, and the clicked group stays put on screen. */
  function chooseTab(group, index, focus) {
    var before = group.getBoundingClientRect().top;
    selectTab(group, index, focus);
    if (!group.hasAttribute('data-sync')) return;
    var panel = tabParts(group).panels[index];
    var title = panel ? panel.getAttribute('data-tab-title') : null;
    if (!title) return;
    toArray(document.querySelectorAll('[data-tabs][data-sync][data-enhanced]')).forEach(function (other) {
      if (other === group) return;
      var j = tabIndexOfTitle(other, title);
      if (j >= 0) selectTab(other, j, false);
    });
    var after = group.getBoundingClientRect().top;
    if (after !== before && typeof window.scrollBy === 'function') window.scrollBy(0, after - before);
  }

  function enhanceTabs(group) {
    if (group.hasAttribute('data-enhanced')) return;
    var parts = tabParts(group);
    if (!parts.bar || parts.panels.length === 0) return;
    parts.panels.forEach(function (panel, i) {
      if (!panel.id) panel.id = uniqueId('sheaf-tab');
      panel.setAttribute('role', 'tabpanel');
      var button = parts.buttons[i];
      if (button) {
        if (!button.id) button.id = uniqueId('sheaf-tab-button');
        button.setAttribute('aria-controls', panel.id);
        panel.setAttribute('aria-labelledby', button.id);
      }
    });
    var start = parseInt(group.getAttribute('data-default-tab') || '0', 10);
    group.setAttribute('data-enhanced', '');
    parts.bar.hidden = false;
    selectTab(group, start >= 0 && start < parts.panels.length ? start : 0, false);
  }

  function onTabKey(event, button) {
    var group = closest(button, '[data-tabs]');
    if (!group) return;
    var buttons = tabParts(group).buttons;
    var i = buttons.indexOf(button);
    var next = -1;
    if (event.key === 'ArrowRight') next = (i + 1) % buttons.length;
    else if (event.key === 'ArrowLeft') next = (i - 1 + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    if (next < 0) return;
    event.preventDefault();
    chooseTab(group, next, true);
  }

  /* ---------------------------------------------------------------- copy */

  function fallbackCopy(text) {
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.top = '0';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try {
      ok = document.execCommand('copy');
    } catch (e) {
      ok = false;
    }
    document.body.removeChild(area);
    return ok;
  }

  /** Calls done(true|false) once the text is on the clipboard (or could not be put there). */
  function copyText(text, done) {
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () {
          done(true);
        },
        function () {
          done(fallbackCopy(text));
        },
      );
    } else {
      done(fallbackCopy(text));
    }
  }

  function visiblePanel(group) {
    var panels = tabParts(group).panels;
    for (var i = 0; i < panels.length; i += 1) if (!panels[i].hidden) return panels[i];
    return panels[0] || null;
  }

  /** The text a copy button stands for, or null. */
  function copySource(button) {
    if (button.getAttribute('data-copy-target') === 'prompt') {
      var prompt = closest(button, '.sheaf-prompt');
      var body = prompt && prompt.querySelector('.sheaf-prompt-body');
      return body ? (body.innerText || body.textContent || '').trim() : null;
    }
    var block = closest(button, '.code-block');
    if (!block) {
      var group = closest(button, '[data-tabs]');
      var panel = group && visiblePanel(group);
      block = panel && (panel.querySelector('.code-block') || panel);
    }
    var pre = block && (block.querySelector('pre') || block.querySelector('code'));
    return pre ? pre.textContent : null;
  }

  function showCopied(button, ok) {
    var label = button.querySelector('span:not([aria-hidden])') || button;
    if (!button.hasAttribute('data-copy-label')) {
      button.setAttribute('data-copy-label', label.textContent || '');
      button.setAttribute('data-copy-aria', button.getAttribute('aria-label') || '');
    }
    var text = ok ? 'Copied' : 'Copy failed';
    label.textContent = text;
    if (button.hasAttribute('aria-label')) button.setAttribute('aria-label', text);
    button.setAttribute('data-copied', ok ? 'true' : 'false');
    clearTimeout(button.sheafCopyTimer);
    button.sheafCopyTimer = setTimeout(function () {
      label.textContent = button.getAttribute('data-copy-label') || '';
      var aria = button.getAttribute('data-copy-aria');
      if (aria) button.setAttribute('aria-label', aria);
      button.removeAttribute('data-copied');
    }, COPIED_MS);
  }

  function onCopy(button) {
    var text = null;
    if (button.hasAttribute('data-copy')) {
      var dark = document.documentElement.classList.contains('dark') && button.getAttribute('data-copy-dark');
      text = dark || button.getAttribute('data-copy');
    } else {
      text = copySource(button);
    }
    if (text === null) return;
    copyText(text, function (ok) {
      showCopied(button, ok);
    });
  }

  /* --------------------------------------------------------------- views */

  function viewsOf(root) {
    return toArray(root.querySelectorAll('.sheaf-view[data-view]'));
  }

  function readStoredView() {
    try {
      return window.localStorage.getItem(VIEW_KEY);
    } catch (e) {
      return null;
    }
  }

  function storeView(title) {
    try {
      window.localStorage.setItem(VIEW_KEY, title);
    } catch (e) {
      /* storage may be disabled: the choice then lasts for this page only */
    }
  }

  /** Hides table-of-contents links (in nav, aside or [data-toc]) whose target is in a hidden view. */
  function syncTocWithViews() {
    toArray(document.querySelectorAll('nav a[href^="#"], aside a[href^="#"], [data-toc] a[href^="#"]')).forEach(function (link) {
      if (closest(link, '.sheaf-view')) return;
      var view = closest(targetOf(link.getAttribute('href')), '.sheaf-view');
      if (!view) return;
      (closest(link, 'li') || link).hidden = view.hidden;
    });
  }

  function selectView(title, remember) {
    var views = viewsOf(document);
    var known = views.some(function (v) {
      return v.getAttribute('data-view') === title;
    });
    if (!known) return;
    views.forEach(function (v) {
      v.hidden = v.getAttribute('data-view') !== title;
    });
    toArray(document.querySelectorAll('select.sheaf-view-select')).forEach(function (s) {
      s.value = title;
    });
    if (remember) storeView(title);
    syncTocWithViews();
    if (typeof CustomEvent === 'function') document.dispatchEvent(new CustomEvent('sheaf:view-change', { detail: { view: title } }));
  }

  function enhanceViews() {
    var views = viewsOf(document);
    if (views.length === 0 || document.querySelector('.sheaf-view-switcher')) return;
    var titles = [];
    views.forEach(function (v) {
      var t = v.getAttribute('data-view');
      if (titles.indexOf(t) < 0) titles.push(t);
    });
    var switcher = document.createElement('div');
    switcher.className = 'sheaf-view-switcher';
    var label = document.createElement('label');
    var caption = document.createElement('span');
    caption.className = 'sheaf-view-switcher-label';
    caption.textContent = 'View';
    var select = document.createElement('select');
    select.className = 'sheaf-view-select';
    titles.forEach(function (t) {
      var option = document.createElement('option');
      option.value = t;
      option.textContent = t;
      select.appendChild(option);
    });
    label.appendChild(caption);
    label.appendChild(select);
    switcher.appendChild(label);
    var slot = document.querySelector('[data-view-switcher]');
    if (slot) slot.appendChild(switcher);
    else views[0].parentNode.insertBefore(switcher, views[0]);
    document.documentElement.setAttribute('data-views-enhanced', '');
    var stored = readStoredView();
    selectView(stored && titles.indexOf(stored) >= 0 ? stored : titles[0], false);
  }

  /* ----------------------------------------------------- anchors and hash */

  function targetOf(hash) {
    if (!hash || hash.charAt(0) !== '#' || hash.length < 2) return null;
    var id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch (e) {
      /* keep the raw id */
    }
    return document.getElementById(id);
  }

  /** Opens, selects and shows whatever hides the element the URL points at, then scrolls to it. */
  function reveal(hash) {
    var target = targetOf(hash);
    if (!target) return;
    var changed = false;
    for (var el = target; el && el !== document.body; el = el.parentElement) {
      if (el.tagName === 'DETAILS' && !el.open) {
        el.open = true;
        changed = true;
      }
      if (el.classList.contains('sheaf-tab') && el.hidden && el.parentElement && el.parentElement.hasAttribute('data-tabs')) {
        selectTab(el.parentElement, tabParts(el.parentElement).panels.indexOf(el), false);
        changed = true;
      }
      if (el.classList.contains('sheaf-view') && el.hidden) {
        selectView(el.getAttribute('data-view'), false);
        changed = true;
      }
    }
    if (changed && target.scrollIntoView) target.scrollIntoView();
  }

  function onToggle(event) {
    var details = event.target;
    if (!details || details.tagName !== 'DETAILS' || !details.open) return;
    if (!details.classList.contains('sheaf-accordion') || !details.hasAttribute('data-anchor') || !details.id) return;
    var current = targetOf(window.location.hash);
    if (current && details.contains(current)) return;
    if (window.history && window.history.replaceState) window.history.replaceState(null, '', '#' + encodeURIComponent(details.id));
  }

  /* ------------------------------------------------------------- wiring */

  function enhance(root) {
    var scope = root || document;
    toArray(scope.querySelectorAll('[data-tabs]')).forEach(enhanceTabs);
    enhanceViews();
  }

  function listen() {
    document.addEventListener('click', function (event) {
      var tab = closest(event.target, '.sheaf-tabs-bar [role="tab"]');
      if (tab) {
        var group = closest(tab, '[data-tabs]');
        if (group) chooseTab(group, tabParts(group).buttons.indexOf(tab), false);
        return;
      }
      var copy = closest(event.target, '.copy-button, [data-copy]');
      if (copy) onCopy(copy);
    });
    document.addEventListener('keydown', function (event) {
      var tab = closest(event.target, '.sheaf-tabs-bar [role="tab"]');
      if (tab) onTabKey(event, tab);
    });
    document.addEventListener('change', function (event) {
      var target = event.target;
      if (target && target.classList && target.classList.contains('sheaf-tabs-select')) {
        var group = closest(target, '[data-tabs]');
        if (group) chooseTab(group, parseInt(target.value, 10), false);
      } else if (target && target.classList && target.classList.contains('sheaf-view-select')) {
        selectView(target.value, true);
      }
    });
    /* toggle does not bubble: listen in the capture phase. */
    document.addEventListener('toggle', onToggle, true);
    window.addEventListener('hashchange', function () {
      reveal(window.location.hash);
    });
  }

  function start() {
    enhance(document);
    reveal(window.location.hash);
  }

  window.sheafComponents = { version: 1, enhance: enhance, reveal: reveal, selectView: selectView };
  listen();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
