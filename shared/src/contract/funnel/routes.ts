import { defineRoute } from '../route.js';
import { funnelEndpoints } from './endpoints.js';
import { Funnel, FunnelEvent, FunnelEventAccepted, FunnelQuery } from './schemas.js';

const funnelExample: Funnel = {
  from: '2026-11-01',
  to: '2026-11-30',
  source: null,
  sources: [
    { source: '(direct)', visits: 820 },
    { source: 'newsletter', visits: 410 },
  ],
  steps: [
    {
      id: 'landing',
      step: 'landing',
      position: null,
      label: 'Landing page',
      visits: 1000,
      dropOff: 0,
      dropOffRate: null,
    },
    {
      id: 'started',
      step: 'started',
      position: null,
      label: 'Assessment started',
      visits: 620,
      dropOff: 380,
      dropOffRate: 38,
    },
    {
      id: 'demographics',
      step: 'demographics',
      position: null,
      label: 'About you',
      visits: 600,
      dropOff: 20,
      dropOffRate: 3.2,
    },
    {
      id: 'question-1',
      step: 'question',
      position: 1,
      label: 'Question 1',
      visits: 540,
      dropOff: 60,
      dropOffRate: 10,
    },
    {
      id: 'submitted',
      step: 'submitted',
      position: null,
      label: 'Submitted',
      visits: 410,
      dropOff: 130,
      dropOffRate: 24.1,
    },
    {
      id: 'results',
      step: 'results',
      position: null,
      label: 'Results viewed',
      visits: 405,
      dropOff: 5,
      dropOffRate: 1.2,
    },
  ],
  questions: [
    {
      questionKey: '5f0c1c1e-3f7a-4c55-9d0b-2f1f6d0e9a11',
      questionId: 12,
      text: 'How do you onboard a new client?',
      shown: 480,
      movedOn: 455,
      leftHere: 25,
      leftRate: 5.2,
      medianTime: { fromSeconds: 15, toSeconds: 30 },
    },
  ],
  demographicsMedianTime: { fromSeconds: 30, toSeconds: 60 },
  conversionRate: 41,
  completionRate: 66.1,
};

/** Routes of the funnel: the public beacon, the admin's figures and the key API's. */
export const funnelRoutes = {
  recordFunnelEvent: defineRoute(funnelEndpoints.recordFunnelEvent, {
    summary:
      'Count one step a visit reached (sent with navigator.sendBeacon; no cookie, nothing personal kept)',
    body: FunnelEvent,
    response: FunnelEventAccepted,
    successStatus: 202,
  }),
  getFunnel: defineRoute(funnelEndpoints.getFunnel, {
    summary: 'Visits at each step from the landing page to the results, drop-off and time per question',
    query: FunnelQuery,
    response: Funnel,
  }),
  v1GetFunnel: defineRoute(funnelEndpoints.v1GetFunnel, {
    summary:
      'Visits at each step from the landing page to the results, the drop-off and median time per question, and the overall conversion, for a date range and source',
    query: FunnelQuery,
    response: Funnel,
    examples: { query: { from: '2026-11-01', to: '2026-11-30' }, response: funnelExample },
  }),
};
