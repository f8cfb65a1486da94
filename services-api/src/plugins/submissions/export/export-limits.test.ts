import { EXPORT_BUSY_MESSAGE, EXPORT_TRANSPOSE_MAX, EXPORTS_AT_ONCE, type ErrorBody } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../../test/auth-helpers.js';
import { copyBulkSubmission, submitAs } from '../../../test/submission-helpers.js';
import { connectionsInUse, startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const EXPORT = '/api/admin/submissions/export/csv';
const CHECK = '/api/admin/submissions/export/check';
const V1_EXPORT = '/api/v1/submissions/export';
/** Enough rows (some 40 MB of CSV) that an unread download fills the socket and stalls mid-export. */
const BULK = 20_000;

/** Waits until `check` holds, looking every 20 ms, for at most `ms`; false if it never did. */
async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabaseKinds)('export limits on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let base: string;

  /** The server's backends (not this test's) running the export's cursor query. */
  const exportQueries = async () =>
    (
      await app.db.raw<{ rows: { state: string }[] }>(
        `SELECT state FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND query LIKE '%array_to_json(s.answer_text_ids)%' AND state <> 'idle'`,
      )
    ).rows.length;
  const poolInUse = () => connectionsInUse(app);

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    await submitAs(app, { email_address: 'dana@bulk.example' }, 2);
    await copyBulkSubmission(app, BULK - 1);
    await app.server.start();
    base = `http://127.0.0.1:${app.server.info.port}`;
  });
  afterAll(() => app?.close());

  it(`runs ${EXPORTS_AT_ONCE} exports at once, refuses one more with 429 and Retry-After, and an abandoned download stops its query and gives its connection back`, async () => {
    // Two downloads whose bodies are not read: the server's writes fill the socket and wait.
    const readers = [new AbortController(), new AbortController()];
    const started = await Promise.all(
      (['csv', 'xlsx'] as const).map((format, i) =>
        fetch(`${base}${EXPORT}?domain=bulk.example&format=${format}`, {
          headers: admin.headers,
          signal: readers[i]!.signal,
        }),
      ),
    );
    expect(started.map((response) => response.status)).toEqual([200, 200]);
    expect(await exportQueries()).toBe(2);

    const refused = await app.server.inject({ url: `${EXPORT}?domain=bulk.example`, headers: admin.headers });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((JSON.parse(refused.payload) as ErrorBody).message).toBe(EXPORT_BUSY_MESSAGE);
    // The key API's exports share the instance's slots, and the admin's check says the same.
    const { token } = await createTestApiKey(app, 'read');
    const v1 = await app.server.inject({ url: `${V1_EXPORT}?domain=bulk.example`, headers: bearer(token) });
    expect(v1.statusCode).toBe(429);
    const check = await app.server.inject({ url: `${CHECK}?domain=bulk.example`, headers: admin.headers });
    expect(check.statusCode).toBe(429);

    // The clients go away mid-file: the cursors close and the connections go back to the pool.
    for (const reader of readers) reader.abort();
    expect(await eventually(async () => (await exportQueries()) === 0)).toBe(true);
    expect(await eventually(async () => poolInUse() === 0)).toBe(true);

    // Both slots are free again: an export runs to its end, its connection given back after it.
    const whole = await fetch(`${base}${EXPORT}?domain=bulk.example`, { headers: admin.headers });
    expect(whole.status).toBe(200);
    const lines = (await whole.text()).trimEnd().split('\n');
    expect(lines).toHaveLength(BULK + 1);
    // The last bytes can reach the client a moment before the server's stream has ended and closed
    // its cursor (a busy machine's CI saw the connection still out as the text arrived).
    expect(await eventually(async () => poolInUse() === 0)).toBe(true);
  });

  it("answers the admin's check with the export's size, or the refusal the export would give", async () => {
    const ok = await app.request<{ submissions: number }>({
      url: `${CHECK}?domain=bulk.example&format=xlsx`,
      headers: admin.headers,
    });
    expect(ok).toMatchObject({ status: 200, body: { submissions: BULK } });

    const none = await app.request<ErrorBody>({
      url: `${CHECK}?domain=bulk.example&startDate=2031-01-01`,
      headers: admin.headers,
    });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(
      'No submissions match this export (the domain bulk.example and these dates), so there is no file to save.',
    );

    const wide = await app.request<ErrorBody>({
      url: `${CHECK}?domain=bulk.example&transpose=true`,
      headers: admin.headers,
    });
    expect(wide.status).toBe(400);
    expect(wide.body).toMatchObject({ field: 'transpose' });
    expect(wide.body.message).toContain(`at most ${EXPORT_TRANSPOSE_MAX} submissions`);

    const bad = await app.request<ErrorBody>({ url: `${CHECK}?format=pdf`, headers: admin.headers });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('query.format');

    expect((await app.server.inject({ url: `${CHECK}?domain=bulk.example` })).statusCode).toBe(401);
  });

  it('refuses a download another site started in the browser, and takes the portal’s own', async () => {
    const url = `${EXPORT}?domain=bulk.example&startDate=2099-01-01`;
    for (const site of ['cross-site', 'same-site']) {
      const response = await app.server.inject({
        url,
        headers: { ...admin.headers, 'sec-fetch-site': site },
      });
      expect(response.statusCode, site).toBe(403);
      expect((JSON.parse(response.payload) as ErrorBody).message).toBe(
        'An export must be started from the admin portal itself.',
      );
    }
    // From the portal (same-origin), typed in the address bar (none), or not a browser at all:
    // past the check, to the export's own answer (nothing matches these dates).
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}]) {
      const response = await app.server.inject({ url, headers: { ...admin.headers, ...headers } });
      expect(response.statusCode).toBe(404);
    }
  });
});
