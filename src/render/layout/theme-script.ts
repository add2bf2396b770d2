/**
 * The inline script at the top of `<head>`, before any stylesheet, so the first paint already
 * has the right colour mode. It reads `<html data-theme-default>` (docs.json
 * `appearance.default`), `data-theme-strict` (the saved choice is ignored) and the saved choice
 * in `localStorage['sheaf-theme']` (`light`, `dark` or `system`), then sets class `dark` on
 * `<html>`. It also hides a banner the reader dismissed: `localStorage['sheaf-banner']` equals
 * `<html data-banner>`. Constant text, the same on every page (a CSP hash covers it).
 */
export const THEME_SCRIPT =
  '(function(){var d=document.documentElement,s=null,b=null;' +
  "try{s=localStorage.getItem('sheaf-theme');b=localStorage.getItem('sheaf-banner')}catch(e){}" +
  "var f=d.getAttribute('data-theme-default')||'system'," +
  "m=!d.hasAttribute('data-theme-strict')&&(s==='light'||s==='dark'||s==='system')?s:f," +
  "k=m==='dark'||m==='system'&&!!window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches;" +
  "if(k)d.classList.add('dark');d.style.colorScheme=k?'dark':'light';" +
  "var n=d.getAttribute('data-banner');if(n&&b===n)d.classList.add('sheaf-banner-dismissed')})();";
