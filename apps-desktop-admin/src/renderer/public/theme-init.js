/* global localStorage, matchMedia, document */
// The same choice the admin's theme switch stores (apps-web/src/lib/theme.ts), read before first paint.
(function () {
  try {
    var saved = JSON.parse(localStorage.getItem('msp-ui-theme') || '"dark"');
    var dark = saved === 'dark' || (saved === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  } catch {
    document.documentElement.dataset.theme = 'dark';
  }
})();
