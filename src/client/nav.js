/*
 * Sheaf page navigation: the off-canvas sidebar on small screens, division switchers, the
 * table-of-contents scroll spy, banner dismissal, right-column examples and file:// links.
 *
 * Hooks in the page (src/render/layout):
 *   [data-sheaf-menu]            menu button; toggles html.sheaf-nav-open, aria-expanded
 *   [data-sheaf-menu-close]      the scrim; closes the menu
 *   #sheaf-sidebar               the sidebar; its active link is scrolled into view
 *   details[data-sheaf-switcher] version/language/… menus; closed on outside click and Escape
 *   [data-sheaf-toc-link]        table-of-contents links (href="#id"); the one of the section
 *                                in view gets class is-active and aria-current="location"
 *   [data-sheaf-banner]          the banner (its value is the id); [data-sheaf-banner-dismiss]
 *                                stores the id in localStorage['sheaf-banner'] and hides it
 *   [data-sheaf-aside-column]    right column; the body's .sheaf-aside blocks move into it on
 *                                screens at least 1280px wide, and back below that
 *   details[data-sheaf-nav-fragment][data-sheaf-nav-index]
 *                                a group of a large sidebar whose list is left out of the page
 *                                (it holds a link to the group's first page): when it opens, the
 *                                fragment script `base + fragment` is loaded once (it registers
 *                                window.__SHEAF_NAV__[fragment][index] = '<li>…</li>…') and the
 *                                list is replaced by that entry. Its links carry data-route
 *                                ("/a/b") and images data-sheaf-src ("img/x.svg"), root-relative:
 *                                they get href/src relative to <html data-base> here
 * Plain ES2019, no dependencies; runs deferred, in any order with the other Sheaf scripts.
 */
(function () {
  'use strict';
  var root = document.documentElement;
  var WIDE = '(min-width: 1280px)';
  var DESKTOP = '(min-width: 1024px)';

  function closest(node, selector) {
    return node && node.closest ? node.closest(selector) : null;
  }

  /* Mobile menu */

  function setMenu(open) {
    root.classList.toggle('sheaf-nav-open', open);
    var buttons = document.querySelectorAll('[data-sheaf-menu]');
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute('aria-expanded', open ? 'true' : 'false');
      buttons[i].setAttribute('aria-label', open ? 'Close navigation' : 'Open navigation');
    }
    if (open) {
      var target = document.querySelector('#sheaf-sidebar .is-active') || document.querySelector('#sheaf-sidebar a');
      if (target && target.focus) target.focus({ preventScroll: false });
    }
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (closest(target, '[data-sheaf-menu]')) {
      setMenu(!root.classList.contains('sheaf-nav-open'));
      return;
    }
    if (closest(target, '[data-sheaf-menu-close]')) setMenu(false);
    else if (root.classList.contains('sheaf-nav-open') && closest(target, '#sheaf-sidebar a[href]')) setMenu(false);

    var inside = closest(target, 'details[data-sheaf-switcher]');
    var open = document.querySelectorAll('details[data-sheaf-switcher][open]');
    for (var i = 0; i < open.length; i++) if (open[i] !== inside) open[i].removeAttribute('open');

    var dismiss = closest(target, '[data-sheaf-banner-dismiss]');
    if (dismiss) dismissBanner(closest(dismiss, '[data-sheaf-banner]'));
  });

  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    if (root.classList.contains('sheaf-nav-open')) {
      setMenu(false);
      var button = document.querySelector('[data-sheaf-menu]');
      if (button) button.focus();
    }
    var open = document.querySelectorAll('details[data-sheaf-switcher][open]');
    for (var i = 0; i < open.length; i++) {
      open[i].removeAttribute('open');
      var summary = open[i].querySelector('summary');
      if (summary) summary.focus();
    }
  });

  if (window.matchMedia) {
    var desktop = window.matchMedia(DESKTOP);
    var onDesktop = function () {
      if (desktop.matches && root.classList.contains('sheaf-nav-open')) setMenu(false);
    };
    if (desktop.addEventListener) desktop.addEventListener('change', onDesktop);
    else if (desktop.addListener) desktop.addListener(onDesktop);
  }

  /* Sidebar: bring the active page into view */

  function revealActive() {
    var sidebar = document.getElementById('sheaf-sidebar');
    var active = sidebar && sidebar.querySelector('.sheaf-nav a.is-active');
    if (!sidebar || !active) return;
    var box = sidebar.getBoundingClientRect();
    var at = active.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) {
      sidebar.scrollTop += at.top - box.top - sidebar.clientHeight / 3;
    }
  }

  /* Large sidebars: group lists loaded on first open */

  var fragmentWaiters = {};

  function loadFragment(path, done) {
    var store = window.__SHEAF_NAV__;
    if (store && store[path]) return done(store[path]);
    if (fragmentWaiters[path]) return void fragmentWaiters[path].push(done);
    fragmentWaiters[path] = [done];
    var script = document.createElement('script');
    script.src = (root.getAttribute('data-base') || '') + path;
    script.async = true;
    script.onload = script.onerror = function () {
      var waiters = fragmentWaiters[path] || [];
      delete fragmentWaiters[path];
      if (script.parentNode) script.parentNode.removeChild(script);
      var entries = (window.__SHEAF_NAV__ && window.__SHEAF_NAV__[path]) || null;
      for (var i = 0; i < waiters.length; i++) waiters[i](entries);
    };
    document.head.appendChild(script);
  }

  function routeHref(route) {
    var base = root.getAttribute('data-base') || '';
    var path = route.replace(/^\/+|\/+$/g, '');
    return fileLink(path ? base + path + '/' : base || './');
  }

  /* Gives the root-relative links and images of an inserted fragment their page-relative URLs. */
  function linkFragment(container) {
    var current = root.getAttribute('data-route');
    var links = container.querySelectorAll('a[data-route]');
    for (var i = 0; i < links.length; i++) {
      var route = links[i].getAttribute('data-route');
      links[i].setAttribute('href', routeHref(route));
      if (route === current) {
        links[i].classList.add('is-active');
        links[i].setAttribute('aria-current', 'page');
      }
    }
    var images = container.querySelectorAll('img[data-sheaf-src]');
    for (var j = 0; j < images.length; j++) {
      images[j].setAttribute('src', (root.getAttribute('data-base') || '') + images[j].getAttribute('data-sheaf-src'));
    }
  }

  function fillGroup(details) {
    if (details.hasAttribute('data-sheaf-nav-loaded') || details.hasAttribute('aria-busy')) return;
    var path = details.getAttribute('data-sheaf-nav-fragment');
    var index = details.getAttribute('data-sheaf-nav-index');
    if (!path || !index) return;
    details.setAttribute('aria-busy', 'true');
    loadFragment(path, function (entries) {
      details.removeAttribute('aria-busy');
      var html = entries ? entries[index] : undefined;
      if (typeof html !== 'string') return; /* not loaded: the first-page link stays, retried on the next open */
      var list = null;
      for (var child = details.firstElementChild; child; child = child.nextElementSibling) {
        if (child.tagName === 'UL') list = child;
      }
      if (!list) {
        list = document.createElement('ul');
        list.className = 'sheaf-nav-list';
        details.appendChild(list);
      }
      var focused = list.contains(document.activeElement) ? document.activeElement.getAttribute('href') : null;
      var template = document.createElement('template');
      template.innerHTML = html;
      linkFragment(template.content);
      list.textContent = '';
      list.appendChild(template.content);
      details.setAttribute('data-sheaf-nav-loaded', '');
      if (focused !== null) {
        /* focus was on the first-page link that was replaced: keep it on the same link */
        var same = list.querySelector('a[href="' + focused.replace(/["\\]/g, '\\$&') + '"]');
        var summary = details.querySelector('summary');
        if (same) same.focus();
        else if (summary) summary.focus();
      }
      var open = list.querySelectorAll('details[data-sheaf-nav-fragment][open]');
      for (var i = 0; i < open.length; i++) fillGroup(open[i]);
    });
  }

  /* `toggle` does not bubble: listen in the capture phase. */
  function onToggle(event) {
    var details = event.target;
    if (details && details.open && details.hasAttribute && details.hasAttribute('data-sheaf-nav-fragment')) fillGroup(details);
  }
  document.addEventListener('toggle', onToggle, true);

  function fillOpenGroups() {
    var open = document.querySelectorAll('details[data-sheaf-nav-fragment][open]');
    for (var i = 0; i < open.length; i++) fillGroup(open[i]);
  }

  /* Banner */

  function dismissBanner(banner) {
    if (!banner) return;
    var id = banner.getAttribute('data-sheaf-banner');
    try {
      if (id) window.localStorage.setItem('sheaf-banner', id);
    } catch (e) {
      /* storage unavailable: hidden for this page only */
    }
    root.classList.add('sheaf-banner-dismissed');
  }

  /* Table of contents scroll spy */

  function decodeFragment(text) {
    try {
      return decodeURIComponent(text);
    } catch (e) {
      return text;
    }
  }

  function scrollSpy() {
    var links = document.querySelectorAll('[data-sheaf-toc-link]');
    if (!links.length) return;
    var items = [];
    for (var i = 0; i < links.length; i++) {
      var raw = (links[i].getAttribute('href') || '').slice(1);
      var heading = raw && (document.getElementById(raw) || document.getElementById(decodeFragment(raw)));
      if (heading) items.push({ link: links[i], heading: heading });
    }
    if (!items.length) return;
    var current = null;
    var pending = false;

    function offset() {
      var header = document.querySelector('.sheaf-header');
      return (header ? header.getBoundingClientRect().bottom : 0) + 24;
    }

    function update() {
      pending = false;
      var line = offset();
      var next = items[0];
      for (var i = 0; i < items.length; i++) {
        if (items[i].heading.getBoundingClientRect().top <= line) next = items[i];
        else break;
      }
      var doc = document.scrollingElement || root;
      if (doc.scrollTop + window.innerHeight >= doc.scrollHeight - 2) next = items[items.length - 1];
      if (next === current) return;
      if (current) {
        current.link.classList.remove('is-active');
        current.link.removeAttribute('aria-current');
      }
      current = next;
      current.link.classList.add('is-active');
      current.link.setAttribute('aria-current', 'location');
    }

    function schedule() {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(update);
    }

    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    update();
  }

  /* Examples in the right column on wide screens */

  function moveAsides() {
    var column = document.querySelector('[data-sheaf-aside-column]');
    var blocks = document.querySelectorAll('.sheaf-content .sheaf-aside');
    if (!column || !blocks.length || !window.matchMedia) return;
    var hadAside = root.classList.contains('sheaf-has-aside');
    var places = [];
    for (var i = 0; i < blocks.length; i++) {
      var mark = document.createComment('sheaf-aside');
      blocks[i].parentNode.insertBefore(mark, blocks[i]);
      places.push({ block: blocks[i], mark: mark });
    }
    var wide = window.matchMedia(WIDE);
    function place() {
      for (var i = 0; i < places.length; i++) {
        var p = places[i];
        if (wide.matches) column.appendChild(p.block);
        else p.mark.parentNode.insertBefore(p.block, p.mark.nextSibling);
      }
      root.classList.toggle('sheaf-has-aside', hadAside || wide.matches);
    }
    if (wide.addEventListener) wide.addEventListener('change', place);
    else if (wide.addListener) wide.addListener(place);
    place();
  }

  /*
   * Pages link to folders (`guide/`), which a browser opening files from disk shows as a
   * listing: there, point links at the folder's index.html instead.
   */
  function fileLink(href) {
    if (window.location.protocol !== 'file:') return href;
    if (!href || /^(?:[a-z][a-z\d+.-]*:|\/\/|#)/i.test(href)) return href;
    var cut = href.search(/[?#]/);
    var path = cut < 0 ? href : href.slice(0, cut);
    if (path === '') return href;
    if (path === '.' || path === '..') path += '/';
    if (path.charAt(path.length - 1) !== '/') return href;
    return path + 'index.html' + (cut < 0 ? '' : href.slice(cut));
  }

  function fixFileLinks() {
    if (window.location.protocol !== 'file:') return;
    var links = document.querySelectorAll('a[href]');
    for (var i = 0; i < links.length; i++) {
      var href = links[i].getAttribute('href');
      var fixed = fileLink(href);
      if (fixed !== href) links[i].setAttribute('href', fixed);
    }
  }

  function init() {
    fixFileLinks();
    fillOpenGroups();
    revealActive();
    scrollSpy();
    moveAsides();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
