/**
 * The landing page's visit, counted where no app runs yet: the build's loader runs this module after
 * the page's first paint (scripts/after-paint-loader.mjs) and the app only once the visitor reaches
 * for the page. The app's landing page does the same on its own (each step is reported once a visit),
 * so a page whose app ran first, or where this module did not load, still counts.
 */
import { visitAttribution } from '../attribution/visit-attribution.js';
import { reportFunnelStep } from '../funnel/funnel-beacon.js';

visitAttribution();
reportFunnelStep({ step: 'landing' });
