/* global document, window, location, requestAnimationFrame, setTimeout, URL */

/**
 * Runs in the visitor's browser, inlined at the end of the body of the prerendered landing page and
 * of the pages the server draws (dist/drawn-*.html; its source text is copied there by prerender.mjs,
 * so it must stay self-contained ES5).
 *
 * The page paints from its HTML and stylesheet alone, so its code waits until after that paint:
 * loaded with the page, it shared a slow network with the stylesheet the paint waits for. A browser
 * renders no frame, and so runs no animation frame callback, while a stylesheet in the head loads:
 * the callback's timeout runs after the first paint.
 *
 * A click on one of the app's own links before the app runs is held, not followed: followed, the
 * visitor would leave a page that had not yet counted its visit or read its campaign (utm_*) from
 * the address. The app follows it once it has (`useHeldNavigation` in src/public/layout), so a
 * quick Start waits no longer than a full load of /assessment would. Should the code fail to load,
 * the held link is followed as a plain link.
 */
export function afterPaintLoader(entry, preloads) {
  // A page the server drew lists the chunks of its own code besides (route-pages.ts).
  var own = document.getElementById('app-preloads');
  if (own) preloads = preloads.concat(JSON.parse(own.textContent || '[]'));
  var started = false;
  var held = null;
  var ready = false;

  function load() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    script.onerror = function () {
      ready = true;
      if (held) location.assign(held);
    };
    document.head.appendChild(script);
  }

  function ownLink(event) {
    if (event.defaultPrevented || event.button !== 0) return null;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    var target = event.target;
    var link = target && target.closest ? target.closest('a[href]') : null;
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
    var url = new URL(link.href, location.href);
    if (url.origin !== location.origin) return null;
    // A link within this page (the section links) works before the app does.
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return null;
    return url.pathname + url.search + url.hash;
  }

  document.addEventListener(
    'click',
    function (event) {
      if (ready) return;
      var path = ownLink(event);
      if (path === null) return;
      event.preventDefault();
      held = path;
      load();
    },
    true,
  );

  window.__mspHeldNavigation = {
    take: function () {
      ready = true;
      var path = held;
      held = null;
      return path;
    },
  };

  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
}
