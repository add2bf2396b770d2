/*
 * Sheaf search: the query engine over the static index, and the search dialog.
 *
 * Data: window.__SHEAF_SEARCH__ (the index script, see src/emit/search-index.ts):
 *   { version, library, tokenize, options, pages: [[route, title, version, language]], index }
 * The minisearch build (window.MiniSearch) is loaded from `base + library` on first use.
 * Page: <html data-base> (relative site root), data-version and data-language (results are
 * limited to those of the page, records without one always match).
 * Dialog hooks: dialog#sheaf-search, #sheaf-search-input, #sheaf-search-results,
 * .sheaf-search-status, [data-sheaf-search-open], [data-sheaf-search-close],
 * [data-sheaf-shortcut] (shows ⌘K on Apple systems). Opens on the buttons, Ctrl+K / ⌘K and `/`.
 * [data-sheaf-search-action] (optional, hidden in the markup): an option acting on the typed text
 * (the assistant's, see assistant.js), put first in the results while the field has text, its
 * [data-sheaf-search-query] filled with the text; Enter or a click on it clicks it, no navigation.
 *
 * window.SheafSearch = { query(text, filter) -> hits | null, group(hits) -> groups } is the
 * engine without the DOM (null while the index or library is not loaded).
 * Plain ES2019, no imports; runs deferred, in any order with the other Sheaf scripts.
 */
(function () {
  'use strict';
  var MAX_HITS = 60;
  var MAX_GROUPS = 10;
  var MAX_PER_GROUP = 4;
  var engine = null;

  function data() {
    var d = window.__SHEAF_SEARCH__;
    return d && d.version === 1 ? d : null;
  }

  function load() {
    if (engine) return engine;
    var d = data();
    if (!d || !window.MiniSearch) return null;
    var options = {};
    for (var key in d.options) if (Object.prototype.hasOwnProperty.call(d.options, key)) options[key] = d.options[key];
    options.tokenize = d.tokenize;
    engine = window.MiniSearch.loadJSON(d.index, options);
    return engine;
  }

  /*
   * Hits for `text`, best first: { route, title, section, anchor, excerpt, terms, score }.
   * `filter` { version, language }: a record with a version (language) other than the given
   * one is left out. All words must match (prefix and typo-tolerant); if none does, any may.
   */
  function query(text, filter) {
    var e = load();
    if (!e) return null;
    var d = data();
    var f = filter || {};
    var keep = function (hit) {
      var page = d.pages[hit.p];
      if (!page) return false;
      return (!f.version || !page[2] || page[2] === f.version) && (!f.language || !page[3] || page[3] === f.language);
    };
    var options = {
      boost: { title: 3, section: 2 },
      prefix: true,
      fuzzy: function (term) {
        return term.length > 3 ? 0.2 : false;
      },
      combineWith: 'AND',
      filter: keep
    };
    var hits = e.search(text, options);
    if (!hits.length) {
      options.combineWith = 'OR';
      hits = e.search(text, options);
    }
    return hits.slice(0, MAX_HITS).map(function (hit) {
      var page = d.pages[hit.p];
      return {
        route: page[0],
        title: page[1],
        section: hit.section || '',
        anchor: hit.a || '',
        excerpt: hit.x || '',
        terms: hit.terms || [],
        score: hit.score
      };
    });
  }

  /* Hits grouped by page, pages in order of their best hit. */
  function group(hits) {
    var groups = [];
    var byRoute = {};
    for (var i = 0; i < hits.length; i++) {
      var hit = hits[i];
      var g = byRoute[hit.route];
      if (!g) {
        if (groups.length >= MAX_GROUPS) continue;
        g = byRoute[hit.route] = { route: hit.route, title: hit.title, hits: [] };
        groups.push(g);
      }
      if (g.hits.length < MAX_PER_GROUP) g.hits.push(hit);
    }
    return groups;
  }

  window.SheafSearch = { query: query, group: group };

  /* The dialog */

  var root = document.documentElement;
  var dialog = document.getElementById('sheaf-search');
  if (!dialog) return;
  var input = document.getElementById('sheaf-search-input');
  var results = document.getElementById('sheaf-search-results');
  var status = dialog.querySelector('.sheaf-search-status');
  var action = dialog.querySelector('[data-sheaf-search-action]');
  if (action) {
    action.parentNode.removeChild(action);
    action.hidden = false;
  }
  var options = [];
  var selected = -1;
  var loading = false;

  var apple = /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent || '');
  if (apple) {
    var shortcuts = document.querySelectorAll('[data-sheaf-shortcut]');
    for (var s = 0; s < shortcuts.length; s++) shortcuts[s].textContent = '⌘K';
  }

  function base() {
    return root.getAttribute('data-base') || '';
  }

  /* The URL of a result, relative to this page (index.html added when browsing files). */
  function urlOf(route, anchor) {
    var path = route.replace(/^\/+|\/+$/g, '');
    var url = path ? base() + path + '/' : base() || './';
    if (window.location.protocol === 'file:') url += 'index.html';
    return anchor ? url + '#' + encodeURIComponent(anchor) : url;
  }

  function ensureLibrary() {
    if (window.MiniSearch || loading) return;
    var d = data();
    if (!d) return;
    loading = true;
    var script = document.createElement('script');
    script.src = base() + d.library;
    script.onload = function () {
      loading = false;
      run();
    };
    script.onerror = function () {
      loading = false;
      setStatus('Search could not be loaded.');
    };
    document.head.appendChild(script);
  }

  function setStatus(text) {
    if (status) status.textContent = text;
  }

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }

  /* Appends `text` to `parent`, with the matched terms wrapped in <mark>. */
  function highlight(parent, text, pattern) {
    if (!pattern) {
      parent.appendChild(document.createTextNode(text));
      return;
    }
    var last = 0;
    text.replace(pattern, function (match, offset) {
      if (offset > last) parent.appendChild(document.createTextNode(text.slice(last, offset)));
      var mark = document.createElement('mark');
      mark.textContent = match;
      parent.appendChild(mark);
      last = offset + match.length;
      return match;
    });
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
  }

  function patternOf(hits, text) {
    var words = {};
    var list = [];
    var add = function (w) {
      w = String(w).toLowerCase();
      if (w && !words[w]) {
        words[w] = true;
        list.push(w);
      }
    };
    for (var i = 0; i < hits.length; i++) for (var j = 0; j < hits[i].terms.length; j++) add(hits[i].terms[j]);
    var d = data();
    var typed = d && d.tokenize ? d.tokenize(text) : text.split(/\s+/);
    for (var k = 0; k < typed.length; k++) add(typed[k]);
    if (!list.length) return null;
    list.sort(function (a, b) {
      return b.length - a.length;
    });
    return new RegExp(list.map(escapeRegExp).join('|'), 'gi');
  }

  function select(index) {
    if (!options.length) {
      selected = -1;
      input.removeAttribute('aria-activedescendant');
      return;
    }
    selected = (index + options.length) % options.length;
    for (var i = 0; i < options.length; i++) options[i].setAttribute('aria-selected', i === selected ? 'true' : 'false');
    input.setAttribute('aria-activedescendant', options[selected].id);
    options[selected].scrollIntoView({ block: 'nearest' });
  }

  function render(groups, pattern, text) {
    results.textContent = '';
    options = [];
    if (action && text) {
      var slots = action.querySelectorAll('[data-sheaf-search-query]');
      for (var q = 0; q < slots.length; q++) slots[q].textContent = text;
      results.appendChild(action);
      options.push(action);
    }
    for (var i = 0; i < groups.length; i++) {
      var g = groups[i];
      var block = document.createElement('div');
      block.className = 'sheaf-search-group';
      block.setAttribute('role', 'group');
      var heading = document.createElement('p');
      heading.className = 'sheaf-search-group-title';
      heading.id = 'sheaf-search-group-' + i;
      heading.textContent = g.title;
      block.setAttribute('aria-labelledby', heading.id);
      block.appendChild(heading);
      for (var j = 0; j < g.hits.length; j++) {
        var hit = g.hits[j];
        var item = document.createElement('a');
        item.className = 'sheaf-search-item';
        item.id = 'sheaf-search-option-' + options.length;
        item.setAttribute('role', 'option');
        item.setAttribute('aria-selected', 'false');
        item.href = urlOf(hit.route, hit.anchor);
        var icon = document.createElement('span');
        icon.className = 'sheaf-search-item-icon';
        icon.setAttribute('aria-hidden', 'true');
        icon.textContent = hit.section ? '#' : '¶';
        var body = document.createElement('span');
        body.className = 'sheaf-search-item-body';
        var title = document.createElement('span');
        title.className = 'sheaf-search-item-title';
        highlight(title, hit.section || hit.title, pattern);
        body.appendChild(title);
        if (hit.excerpt) {
          var excerpt = document.createElement('span');
          excerpt.className = 'sheaf-search-item-excerpt';
          highlight(excerpt, hit.excerpt, pattern);
          body.appendChild(excerpt);
        }
        item.appendChild(icon);
        item.appendChild(body);
        block.appendChild(item);
        options.push(item);
      }
      results.appendChild(block);
    }
    input.setAttribute('aria-expanded', options.length ? 'true' : 'false');
    // The first page found stays the default choice; the action is one arrow key up.
    select(options[0] === action && options.length > 1 ? 1 : 0);
  }

  function run() {
    var text = input.value.trim();
    if (!text) {
      render([], null, '');
      setStatus('');
      return;
    }
    var hits = query(text, {
      version: root.getAttribute('data-version') || '',
      language: root.getAttribute('data-language') || ''
    });
    if (hits === null) {
      render([], null, text);
      if (!data()) setStatus(action ? '' : 'Search is not available on this page.');
      else {
        setStatus('Loading search…');
        ensureLibrary();
      }
      return;
    }
    render(group(hits), patternOf(hits, text), text);
    setStatus(hits.length ? '' : 'No results for “' + text + '”');
  }

  function isOpen() {
    return dialog.hasAttribute('open');
  }

  function open() {
    if (!isOpen()) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    ensureLibrary();
    input.focus();
    input.select();
    run();
  }

  function close() {
    if (!isOpen()) return;
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  }

  function go(item) {
    if (!item) return;
    if (item === action) {
      item.click();
      return;
    }
    close();
    window.location.href = item.href;
  }

  input.addEventListener('input', run);

  input.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowDown' || (event.key === 'n' && event.ctrlKey)) {
      event.preventDefault();
      select(selected + 1);
    } else if (event.key === 'ArrowUp' || (event.key === 'p' && event.ctrlKey)) {
      event.preventDefault();
      select(selected - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(options[selected]);
    } else if (event.key === 'Escape') {
      // Handled here: a search field would otherwise spend the first Escape clearing itself.
      event.preventDefault();
      close();
    }
  });

  results.addEventListener('mousemove', function (event) {
    var item = event.target.closest && event.target.closest('.sheaf-search-item');
    var index = item ? options.indexOf(item) : -1;
    if (index >= 0 && index !== selected) select(index);
  });

  results.addEventListener('click', function (event) {
    var item = event.target.closest && event.target.closest('.sheaf-search-item');
    if (item && item !== action && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) close();
  });

  dialog.addEventListener('click', function (event) {
    if (event.target === dialog) close();
  });

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    if (target.closest('[data-sheaf-search-open]')) {
      event.preventDefault();
      open();
    } else if (target.closest('[data-sheaf-search-close]')) close();
  });

  document.addEventListener('pointerover', function (event) {
    if (event.target && event.target.closest && event.target.closest('[data-sheaf-search-open]')) ensureLibrary();
  });

  function editable(node) {
    if (!node) return false;
    var tag = node.tagName;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || node.isContentEditable;
  }

  document.addEventListener('keydown', function (event) {
    if ((event.key === 'k' || event.key === 'K') && (event.metaKey || event.ctrlKey) && !event.altKey) {
      event.preventDefault();
      if (isOpen()) close();
      else open();
    } else if (event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isOpen() && !editable(event.target)) {
      event.preventDefault();
      open();
    }
  });
})();
