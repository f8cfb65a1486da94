/* global document, window, URL, URLSearchParams, CustomEvent */
// Served at /embed.js for partner sites: each `<div data-msp-assessment>` on the page gets a frame
// of this server's /embed. The frame's address is this script's own (document.currentScript), so the
// snippet works wherever the server is reached. The host page's campaign parameters travel into the
// frame, where the assessment keeps them with the submission as it does on this site. Plain ES5: it
// runs on pages this project does not build.
(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src, window.location.href).origin;
  var CAMPAIGN_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'ref'];
  // The tallest frame worth believing: a message is the frame's word, and a page is not a mile long.
  var MAX_HEIGHT = 100000;
  // What the visitor reads when the server refuses this page the frame, in one place.
  var TEXT = {
    refused: 'The assessment cannot be shown inside this page.',
    openInNewTab: 'Open the assessment in a new tab',
  };
  var frames = [];

  /** The assessment's address with the campaign; /embed also takes the snippet's data-theme. */
  function assessmentAddress(element, path) {
    var url = new URL(path, origin);
    var here = new URLSearchParams(window.location.search);
    CAMPAIGN_PARAMETERS.forEach(function (name) {
      // The visitor's own campaign (the host page's address) first; the partner's defaults on the
      // element (data-utm-source="partner-site", data-ref="…") when the address has none.
      var value = here.get(name) || element.getAttribute('data-' + name.replace('_', '-'));
      if (value) url.searchParams.set(name, value);
    });
    // "light" or "dark" fixes the framed page's theme; "auto" (or none) follows the system's.
    var theme = element.getAttribute('data-theme');
    if (path === '/embed' && (theme === 'light' || theme === 'dark')) url.searchParams.set('theme', theme);
    return url.href;
  }

  /**
   * In place of the browser's grey error page when the server does not let this page frame the
   * assessment (EMBED_ALLOWED_ORIGINS): a link that opens it on the server's own site.
   */
  function showRefusal(entry) {
    if (entry.refusal) return;
    var box = document.createElement('p');
    box.setAttribute('data-msp-assessment-refused', '');
    box.style.cssText = 'margin:0;padding:16px;border:1px solid #8f99a8;border-radius:4px;font:inherit;';
    box.appendChild(document.createTextNode(TEXT.refused + ' '));
    var link = document.createElement('a');
    link.href = assessmentAddress(entry.element, '/assessment');
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = TEXT.openInNewTab;
    box.appendChild(link);
    entry.frame.style.display = 'none';
    entry.element.appendChild(box);
    entry.refusal = box;
  }

  /** A message from the page inside: the frame was let in, after all. */
  function heard(entry) {
    entry.heard = true;
    if (!entry.refusal) return;
    entry.element.removeChild(entry.refusal);
    entry.refusal = null;
    entry.frame.style.display = 'block';
  }

  function fill(element) {
    if (element.querySelector('iframe[data-msp-assessment-frame]')) return;
    var frame = document.createElement('iframe');
    frame.src = assessmentAddress(element, '/embed');
    frame.title = element.getAttribute('data-title') || 'Automation maturity assessment';
    frame.setAttribute('data-msp-assessment-frame', '');
    // Until the page inside says how tall it is: enough for the first step.
    frame.style.cssText = 'display:block;width:100%;height:640px;border:0;';
    element.appendChild(frame);
    var entry = { frame: frame, element: element, heard: false, refusal: null };
    frames.push(entry);
    // The page inside says it is ready while it loads, before its load event: a frame that loads
    // without a word is the browser's error page, the server's frame-ancestors having refused it.
    frame.addEventListener('load', function () {
      if (!entry.heard) showRefusal(entry);
    });
  }

  function fillAll() {
    var elements = document.querySelectorAll('[data-msp-assessment]');
    for (var i = 0; i < elements.length; i += 1) fill(elements[i]);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    var entry = null;
    for (var i = 0; i < frames.length; i += 1) {
      if (frames[i].frame.contentWindow === event.source) entry = frames[i];
    }
    if (!entry) return;
    heard(entry);
    if (data.type === 'msp-assessment:height') {
      var height = Number(data.height);
      if (isFinite(height) && height > 0 && height <= MAX_HEIGHT) {
        entry.frame.style.height = Math.ceil(height) + 'px';
      }
    } else if (data.type === 'msp-assessment:completed' && typeof data.submissionId === 'string') {
      entry.element.dispatchEvent(
        new CustomEvent('msp-assessment:completed', {
          bubbles: true,
          detail: { type: data.type, submissionId: data.submissionId, overallLevel: data.overallLevel },
        }),
      );
    }
  });

  fillAll();
  // An async script may run before the rest of the page is parsed.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fillAll);
})();
