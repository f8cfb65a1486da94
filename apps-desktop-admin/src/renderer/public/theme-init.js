/* global localStorage, matchMedia, document */
// The same choice the admin's theme switch stores (apps-web/src/lib/theme.ts), read before first paint.
(function () {
  try {
    // Until a choice is stored, the system's preference (Electron reports the operating system's).
    var saved = JSON.parse(localStorage.getItem('msp-ui-theme') || '"system"');
    var dark = saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  } catch {
    document.documentElement.dataset.theme = matchMedia('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light';
  }
})();
