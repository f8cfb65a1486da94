import type { FunnelEvent } from '@msp/shared/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A tab: its session storage, its address, and the beacons it sent. */
function stubTab(search = '') {
  const items = new Map<string, string>();
  const sent: FunnelEvent[] = [];
  let now = 0;
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
    location: { search, pathname: '/', host: 'assess.example.com' },
  });
  vi.stubGlobal('document', { referrer: '' });
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, body: string) => {
      expect(url).toBe('/api/events');
      // A string: sent as text/plain, which needs no CORS preflight.
      expect(typeof body).toBe('string');
      sent.push(JSON.parse(body) as FunnelEvent);
      return true;
    },
  });
  vi.stubGlobal('performance', { now: () => now });
  return { items, sent, wait: (ms: number) => void (now += ms) };
}

describe('the funnel beacon', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('reports each step once per visit, with the time on the step it moved on from', async () => {
    const tab = stubTab('?utm_source=Newsletter&utm_medium=email');
    const { reportFunnelStep, visitSubmitted } = await import('./funnel-beacon.js');
    reportFunnelStep({ step: 'landing' });
    reportFunnelStep({ step: 'landing' });
    reportFunnelStep({ step: 'started' });
    reportFunnelStep({ step: 'demographics' });
    tab.wait(42_000);
    reportFunnelStep({ step: 'question', questionId: 7, position: 1 });
    tab.wait(3_000);
    reportFunnelStep({ step: 'question', questionId: 9, position: 2 });
    // Back to question 1 and forward again: nothing new to report.
    reportFunnelStep({ step: 'question', questionId: 7, position: 1 });
    tab.wait(1_000);
    reportFunnelStep({ step: 'question', questionId: 9, position: 2 });
    tab.wait(8_000);
    expect(visitSubmitted()).toBe(false);
    reportFunnelStep({ step: 'submitted' });
    reportFunnelStep({ step: 'results' });
    expect(visitSubmitted()).toBe(true);

    expect(tab.sent).toEqual([
      { step: 'landing', source: 'Newsletter' },
      { step: 'started', source: 'Newsletter' },
      { step: 'demographics', source: 'Newsletter' },
      {
        step: 'question',
        questionId: 7,
        position: 1,
        source: 'Newsletter',
        left: { step: 'demographics', ms: 42_000 },
      },
      {
        step: 'question',
        questionId: 9,
        position: 2,
        source: 'Newsletter',
        left: { step: 'question', questionId: 7, ms: 3_000 },
      },
      { step: 'submitted', source: 'Newsletter', left: { step: 'question', questionId: 9, ms: 8_000 } },
      { step: 'results', source: 'Newsletter' },
    ]);
    // The visit id stays in the tab: no event carries it.
    const visitId = (JSON.parse(tab.items.get('msp-funnel-visit')!) as { id: string }).id;
    expect(visitId).toBeTruthy();
    expect(JSON.stringify(tab.sent)).not.toContain(visitId);
  });

  it('keeps the first utm_source of the visit, and sends none for a direct visit', async () => {
    const tab = stubTab('');
    const { reportFunnelStep } = await import('./funnel-beacon.js');
    reportFunnelStep({ step: 'landing' });
    expect(tab.sent).toEqual([{ step: 'landing' }]);
    const tabLocation = (window as unknown as { location: { search: string } }).location;
    tabLocation.search = '?utm_source=partner';
    reportFunnelStep({ step: 'started' });
    tabLocation.search = '?utm_source=other';
    reportFunnelStep({ step: 'demographics' });
    expect(tab.sent.slice(1).map((event) => event.source)).toEqual(['partner', 'partner']);
  });
});
