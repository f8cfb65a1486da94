import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISIT_ATTRIBUTION_KEY, visitAttribution } from './visit-attribution.js';

/** The session storage of one tab, as the browser gives it. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const at = (url: string) => {
  const { search, pathname, host } = new URL(url);
  return { search, pathname, host };
};

describe('the visit attribution', () => {
  beforeEach(() => {
    Object.assign(globalThis, { sessionStorage: new MemoryStorage() });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('reads the campaign parameters, the referring host (not its address) and the landing path', () => {
    const attribution = visitAttribution(
      at(
        'https://assess.example.com/?utm_source=linkedin&utm_medium=social&utm_campaign=spring&utm_term=rmm&utm_content=b&ref=partner-42',
      ),
      'https://www.LinkedIn.com/feed/?trk=private-session-token',
    );
    expect(attribution).toEqual({
      source: 'linkedin',
      medium: 'social',
      campaign: 'spring',
      term: 'rmm',
      content: 'b',
      ref: 'partner-42',
      referrer: 'www.linkedin.com',
      landingPath: '/',
    });
    expect(JSON.parse(sessionStorage.getItem(VISIT_ATTRIBUTION_KEY)!)).toEqual(attribution);
  });

  it('keeps the first values of the visit when later pages bring others', () => {
    visitAttribution(
      at('https://assess.example.com/?utm_source=newsletter&utm_campaign=fall'),
      'https://mail.example.net/',
    );
    const later = visitAttribution(
      at('https://assess.example.com/assessment?utm_source=google&utm_campaign=other'),
      'https://www.google.com/',
    );
    expect(later).toMatchObject({
      source: 'newsletter',
      campaign: 'fall',
      referrer: 'mail.example.net',
      landingPath: '/',
    });
  });

  it('takes a campaign first seen after landing without one', () => {
    visitAttribution(at('https://assess.example.com/'), '');
    const later = visitAttribution(at('https://assess.example.com/assessment?utm_source=x&ref=p'), '');
    expect(later).toMatchObject({ source: 'x', ref: 'p', campaign: null, landingPath: '/' });
  });

  it('ignores our own pages as referrers, and addresses that are not web addresses', () => {
    expect(
      visitAttribution(at('https://assess.example.com/assessment'), 'https://assess.example.com/').referrer,
    ).toBe(null);
    sessionStorage.clear();
    expect(visitAttribution(at('https://assess.example.com/'), 'not a url').referrer).toBe(null);
  });

  it('cleans values to what the server accepts: printable, trimmed and bounded', () => {
    const attribution = visitAttribution(
      at(
        `https://assess.example.com/?utm_source=%20li%00nked%E2%80%8Bin%0A&utm_campaign=${'c'.repeat(300)}&utm_term=%20%20`,
      ),
      '',
    );
    expect(attribution.source).toBe('linkedin');
    expect(attribution.campaign).toBe('c'.repeat(200));
    expect(attribution.term).toBe(null);
  });

  it('does not trust a stored value it did not write', () => {
    sessionStorage.setItem(
      VISIT_ATTRIBUTION_KEY,
      JSON.stringify({ source: `x${'\u0007'}y`, campaign: 42, medium: 'm'.repeat(400) }),
    );
    expect(visitAttribution(at('https://assess.example.com/'), '')).toMatchObject({
      source: 'xy',
      campaign: null,
      medium: 'm'.repeat(200),
      landingPath: '/',
    });
  });

  it('works for the page when storage is refused', async () => {
    // A new page: nothing kept in memory from an earlier one.
    vi.resetModules();
    const fresh = await import('./visit-attribution.js');
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('SecurityError');
        },
      },
    });
    expect(fresh.visitAttribution(at('https://assess.example.com/?utm_source=a'), '').source).toBe('a');
    expect(fresh.visitAttribution(at('https://assess.example.com/assessment?utm_source=b'), '').source).toBe(
      'a',
    );
  });
});
