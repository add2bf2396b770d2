/*
 * Sheaf colour mode: the toggle button, persistence and following the system.
 *
 * Reads <html data-theme-default> (docs.json appearance.default: light | dark | system) and
 * data-theme-strict (the reader's choice is ignored, the toggle is not rendered). The choice is
 * saved in localStorage['sheaf-theme'] (light | dark | system). In `system` mode the page
 * follows prefers-color-scheme live. The inline head script applies the same rule before the
 * first paint; this file keeps it in sync afterwards (toggle, system change, other tabs).
 * Buttons: [data-sheaf-theme-toggle]. Plain ES2019, no dependencies.
 */
(function () {
  'use strict';
  var KEY = 'sheaf-theme';
  var root = document.documentElement;
  var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  /* The choice made on this page, kept when storage is unavailable. */
  var chosen = null;

  function saved() {
    try {
      var value = window.localStorage.getItem(KEY);
      return value === 'light' || value === 'dark' || value === 'system' ? value : null;
    } catch (e) {
      return null;
    }
  }

  function mode() {
    var fallback = root.getAttribute('data-theme-default') || 'system';
    if (root.hasAttribute('data-theme-strict')) return fallback;
    return chosen || saved() || fallback;
  }

  function isDark(m) {
    return m === 'dark' || (m === 'system' && !!media && media.matches);
  }

  function apply() {
    var dark = isDark(mode());
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    var buttons = document.querySelectorAll('[data-sheaf-theme-toggle]');
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute('aria-pressed', dark ? 'true' : 'false');
      buttons[i].setAttribute('aria-label', dark ? 'Switch to light mode' : 'Switch to dark mode');
    }
  }

  function toggle() {
    var next = root.classList.contains('dark') ? 'light' : 'dark';
    chosen = next;
    try {
      window.localStorage.setItem(KEY, next);
    } catch (e) {
      /* storage unavailable (private mode, some file:// pages): the choice lasts for this page */
    }
    apply();
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (target && target.closest && target.closest('[data-sheaf-theme-toggle]')) toggle();
  });

  if (media) {
    var onSystemChange = function () {
      if (mode() === 'system') apply();
    };
    if (media.addEventListener) media.addEventListener('change', onSystemChange);
    else if (media.addListener) media.addListener(onSystemChange);
  }

  window.addEventListener('storage', function (event) {
    if (event.key === KEY) {
      chosen = null;
      apply();
    }
  });

  apply();
})();
