// Global styles first, so component styles imported by the app come after and win ties.
import './styles/global.css';
import { StrictMode } from 'react';
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
// The landing page arrives prerendered (src/prerender.tsx): React takes over its HTML. Other pages
// arrive with an empty root. The landing page's icons are ready first, as they were in the prerender.
void setUpIcons().then(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
