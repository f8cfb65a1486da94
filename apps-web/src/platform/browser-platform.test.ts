import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPlatform } from './browser-platform.js';
import { createPlatformApiClient } from './platform-context.js';

/** The header the platform's fetch sent for a page whose cookies are `cookies`. */
async function csrfHeaderSentWith(cookies: string): Promise<string | null> {
  vi.stubGlobal('document', { cookie: cookies });
  const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetch);
  await createBrowserPlatform().fetch('/api/admin/users', { method: 'POST' });
  return new Headers(fetch.mock.calls[0]![1]!.headers).get('X-CSRF-Token');
}

describe('the browser platform’s CSRF header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('echoes the __Host- cookie the server sets on https', async () => {
    expect(await csrfHeaderSentWith('theme=dark; __Host-crumb=secure%2Btoken')).toBe('secure+token');
  });

  it('echoes the plain cookie on http', async () => {
    expect(await csrfHeaderSentWith('crumb=plain-token; theme=dark')).toBe('plain-token');
  });

  it('sends none without a cookie', async () => {
    expect(await csrfHeaderSentWith('theme=dark')).toBeNull();
  });
});

describe('the admin’s API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('revalidates every read, so an edit shows at once although public reads are cacheable', async () => {
    vi.stubGlobal('document', { cookie: '' });
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('[]'));
    vi.stubGlobal('fetch', fetch);
    await createPlatformApiClient(createBrowserPlatform()).call('listPillars');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ cache: 'no-cache', credentials: 'include' });
  });
});
