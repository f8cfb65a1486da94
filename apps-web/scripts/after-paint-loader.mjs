/* global document, window, location, requestAnimationFrame, setTimeout, URL, Event, PerformanceObserver */

/**
 * Runs in the visitor's browser, inlined at the end of the body of the prerendered landing page and
 * of the pages the server draws (dist/drawn-*.html; its source text is copied there by prerender.mjs,
 * so it must stay self-contained ES5).
 *
 * The page paints from its HTML and stylesheet alone, so its code waits until after that paint:
 * loaded with the page, it shared a slow network with the stylesheet the paint waits for. It waits
 * for the browser's report of the first contentful paint, which comes once the frame is on screen;
 * an animation frame's timeout, which it waited for before, could run a few milliseconds before
 * that, and Lighthouse then counted the code's requests as part of what the paint waited for. A
 * page that paints nothing of its own (the assessment kept hidden for the app to draw a visitor's
 * draft, see index.html) or a browser that reports no paints loads it after an animation frame.
 *
 * The landing page and a results page (`options.onIntent`) are read, not used, until their
 * visitor reaches for them: their app and whole stylesheet load on the first touch, key, press of a
 * pointer, focus, scroll or wheel (not on the pointer's moves: Chromium sends one of its own as a
 * page is laid out). Loaded at once, they held a slow phone's main thread for most of a second
 * while the page loaded (the stylesheet applied, the app's code run, the page taken over), for
 * nothing the page shows. Only the landing page's visit module (`options.visit`: the funnel's
 * landing step and the campaign in the address) runs after the paint, so every visit counts,
 * touched or not.
 *
 * A click on one of the app's own links before the app runs is held, not followed: followed, the
 * visitor would leave a page that had not yet counted its visit or read its campaign (utm_*) from
 * the address. The app follows it once it has (`useHeldNavigation` in src/public/layout), so a
 * quick Start waits no longer than a full load of /assessment would. Should the code fail to load,
 * the held link is followed as a plain link. A button pressed or a choice made in a select before
 * the app runs is done again once it has (the theme, the language): React takes the page over as
 * it was drawn, and nothing of either would have reached it.
 */
export function afterPaintLoader(entry, preloads, options) {
  options = options || {};
  // A page the server drew lists the chunks of its own code besides (route-pages.ts).
  var own = document.getElementById('app-preloads');
  if (own) preloads = preloads.concat(JSON.parse(own.textContent || '[]'));
  var started = false;
  var held = null;
  var heldButton = null;
  var heldChoice = null;
  var ready = false;
  var INTENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'];

  // An element with these properties, at the end of the head; the properties set in their order.
  function addToHead(tag, properties) {
    var element = document.createElement(tag);
    for (var name in properties) element[name] = properties[name];
    document.head.appendChild(element);
    return element;
  }

  function preloadModule(href) {
    addToHead('link', { rel: 'modulepreload', crossOrigin: '', href: href });
  }

  function addScript(src) {
    return addToHead('script', { type: 'module', crossOrigin: '', src: src });
  }

  // The stylesheets the build preloads (its critical rules are inlined) and, on the landing page,
  // leaves for the app to apply: applied without holding up a paint, as the build's own loader does.
  function applyStylesheets() {
    var links = document.querySelectorAll('link[rel="preload"][as="style"]');
    for (var i = 0; i < links.length; i++) {
      addToHead('link', {
        rel: 'stylesheet',
        media: 'print',
        onload: function () {
          this.media = 'all';
        },
        href: links[i].href,
      });
    }
  }

  function load() {
    if (started) return;
    started = true;
    for (var i = 0; i < INTENTS.length; i++) window.removeEventListener(INTENTS[i], load, true);
    if (options.onIntent) applyStylesheets();
    preloads.forEach(preloadModule);
    addScript(entry).onerror = function () {
      ready = true;
      if (held) location.assign(held);
    };
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
      if (path !== null) {
        event.preventDefault();
        held = path;
        load();
        return;
      }
      var button = event.target && event.target.closest ? event.target.closest('button') : null;
      if (button && !button.disabled) {
        heldButton = button;
        load();
      }
    },
    true,
  );

  document.addEventListener(
    'change',
    function (event) {
      if (ready || !event.target || event.target.tagName !== 'SELECT') return;
      heldChoice = { select: event.target, value: event.target.value };
      load();
    },
    true,
  );

  // What was pressed or chosen before the app ran, done again on the app's own elements (React
  // took the page's elements over as they were, and set a select back to what it drew).
  function replay() {
    if (heldButton && heldButton.isConnected) heldButton.click();
    if (heldChoice && heldChoice.select.isConnected) {
      heldChoice.select.value = heldChoice.value;
      heldChoice.select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    heldButton = null;
    heldChoice = null;
  }

  window.__mspHeldNavigation = {
    take: function () {
      ready = true;
      var path = held;
      held = null;
      if (heldButton || heldChoice) setTimeout(replay, 0);
      return path;
    },
  };

  // The theme buttons show the visitor's choice (index.html's first script read it) before the app
  // runs, as Blueprint marks a pressed button: the drawing, made for anyone, has none pressed.
  var choice = document.documentElement.dataset.themeChoice;
  var themeButtons = document.querySelectorAll('.theme-switch [data-theme-choice]');
  for (var b = 0; b < themeButtons.length; b++) {
    if (themeButtons[b].getAttribute('data-theme-choice') !== choice) continue;
    themeButtons[b].setAttribute('aria-pressed', 'true');
    themeButtons[b].classList.add('bp6-active');
  }

  if (options.onIntent) {
    for (var i = 0; i < INTENTS.length; i++) {
      window.addEventListener(INTENTS[i], load, { capture: true, passive: true });
    }
  }

  function afterPaint() {
    if (!options.onIntent) return load();
    if (!options.visit) return;
    (options.visitImports || []).forEach(preloadModule);
    addScript(options.visit);
  }

  var ownPaint = !('drawnByApp' in document.documentElement.dataset);
  var paints =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  if (ownPaint && paints) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(afterPaint, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(afterPaint, 0);
    });
  }
}
