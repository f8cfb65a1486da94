// Global styles first, so component styles imported by the app come after and win ties.
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { setUpIcons } from './lib/icons/load-icons.js';
import { announceToParent } from './public/embed/embedded.js';

// At once, not from the lazily loaded embed page: the partner's /embed.js must hear from a framed
// page before its load event, or it shows the link it shows when the frame was refused.
announceToParent();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The landing page, the matrix and the assessment's first screen arrive drawn (src/prerender.tsx):
// React takes over their HTML, with the icons ready first, as they were in the drawing. Other pages
// arrive with an empty root, and so does the assessment's where index.html's first script found
// what this visitor has stored, which the drawing does not show: the app draws those.
const html = document.documentElement;
const drawn = root.hasChildNodes() && !('drawnByApp' in html.dataset);

/** The longest the app waits for a drawn page's stylesheets before it takes the page over. */
const LATE_STYLESHEETS_MAX_WAIT_MS = 20_000;

/**
 * The stylesheets a drawn page loads without holding up its paint (the build's shells inline the
 * rules of its first screen and load the rest as `media="print"` until it has arrived; the landing
 * page's loader adds them just before this code): the app waits for them, as what it draws next
 * (the next step, a dialog) needs their rules. Not forever: one that failed before this code ran
 * has no sheet and sends no event any more, and a page drawn without it beats no page at all.
 *
 * One still `media="print"` with its handler waiting is not yet applied, though it may have its
 * sheet: the browser parses it a task before it sends the load event whose handler applies it. On
 * a busy phone the app ran in between, drew with rules missing, and the page moved under the
 * visitor once they came (a browser test saw Back return to the wrong place).
 */
function lateStylesheets(): Promise<unknown> {
  const loading = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.sheet === null || (link.media === 'print' && link.onload !== null),
  );
  const arrived = Promise.all(
    loading.map(
      (link) =>
        new Promise((settled) => {
          link.addEventListener('load', settled, { once: true });
          link.addEventListener('error', settled, { once: true });
        }),
    ),
  );
  return Promise.race([arrived, new Promise((waited) => setTimeout(waited, LATE_STYLESHEETS_MAX_WAIT_MS))]);
}

// The server drew its pages (all but the landing page) with every icon the app uses.
void Promise.all([setUpIcons({ all: drawn && window.location.pathname !== '/' }), lateStylesheets()]).then(
  () => {
    if (drawn) {
      // As a transition, React hydrates in slices of a few milliseconds and lets the browser take
      // input between them; hydrated at once, the landing page held a slowed phone's main thread for
      // a third of a second, which Lighthouse counts as blocking time.
      startTransition(() => {
        hydrateRoot(root, app);
      });
      return;
    }
    root.replaceChildren();
    delete html.dataset.drawnByApp;
    createRoot(root).render(app);
  },
);
