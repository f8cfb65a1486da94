import type { ErrorBody, SourcesAnalytics, SubmissionList } from '@msp/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { aggregatesAndRows } from '../../test/stats-helpers.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const LISTS = ['/api/admin/submissions', '/api/v1/submissions', '/api/v1/submissions/search'];
const EXPORTS = ['/api/admin/submissions/export/csv', '/api/v1/submissions/export'];

/** A partner's report is one filter: its referral code (or the medium) on every list and export. */
describe.each(testDatabaseKinds)('the medium and referral code filters on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let keyHeaders: Record<string, string>;
  const ids: Record<string, string> = {};

  const headersFor = (url: string) => (url.startsWith('/api/admin') ? admin.headers : keyHeaders);
  const get = async <T>(url: string) => app.request<T & ErrorBody>({ url, headers: headersFor(url) });
  const idsOf = (list: SubmissionList) => list.submissions.map((s) => s.id).sort();
  /** The submitters' email addresses in an exported CSV, one per row. */
  const exportedEmails = async (url: string) => {
    const response = await app.server.inject({ url, headers: headersFor(url) });
    expect(response.statusCode, response.payload.slice(0, 300)).toBe(200);
    const [header, ...rows] = parse(response.rawPayload, { bom: true }) as string[][];
    return rows.map((row) => row[header!.indexOf('Email Address')]).sort();
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    keyHeaders = bearer((await createTestApiKey(app, 'read')).token);
    const submit = (email: string, attribution: Record<string, string>) =>
      submitAs(app, { email_address: email, company: 'Partner Test' }, 2, { attribution } as never);
    ids.acmeEmail = await submit('ann@acme.example', { medium: 'email', ref: 'acme', source: 'newsletter' });
    ids.acmeSocial = await submit('bo@acme.example', { medium: 'social', ref: 'acme' });
    ids.globexEmail = await submit('cy@globex.example', { medium: 'email', ref: 'globex' });
    // Values match as stored, case included.
    ids.upper = await submit('di@other.example', { medium: 'Email', ref: 'ACME' });
    ids.none = await submit('ed@other.example', {});
  });
  afterAll(() => app?.close());

  it('list by exact medium and referral code on the admin list, /api/v1 and its search', async () => {
    for (const base of LISTS) {
      const byRef = (await get<SubmissionList>(`${base}?ref=acme`)).body;
      expect(idsOf(byRef), base).toEqual([ids.acmeEmail, ids.acmeSocial].sort());
      expect(byRef.pagination.total, base).toBe(2);
      expect(idsOf((await get<SubmissionList>(`${base}?medium=email`)).body), base).toEqual(
        [ids.acmeEmail, ids.globexEmail].sort(),
      );
      // Every filter given narrows: the partner's email campaign alone, then with its source too.
      expect(idsOf((await get<SubmissionList>(`${base}?ref=acme&medium=email`)).body), base).toEqual([
        ids.acmeEmail,
      ]);
      expect(
        idsOf((await get<SubmissionList>(`${base}?ref=acme&medium=email&source=other`)).body),
        base,
      ).toEqual([]);
      expect(idsOf((await get<SubmissionList>(`${base}?ref=ACME&medium=Email`)).body), base).toEqual([
        ids.upper,
      ]);
      const none = (await get<SubmissionList>(`${base}?ref=nobody`)).body;
      expect(none).toMatchObject({ submissions: [], pagination: { total: 0 } });
    }
  });

  it('export with the same filters, on the admin export and /api/v1', async () => {
    for (const base of EXPORTS) {
      expect(await exportedEmails(`${base}?ref=acme`), base).toEqual(['ann@acme.example', 'bo@acme.example']);
      expect(await exportedEmails(`${base}?medium=email&domain=globex.example`), base).toEqual([
        'cy@globex.example',
      ]);
      const nothing = await get(`${base}?ref=acme&medium=print`);
      expect(nothing.status, base).toBe(404);
      expect(nothing.body.message, base).toContain('the medium print');
    }
    const check = await get<{ submissions: number }>('/api/admin/submissions/export/check?ref=acme');
    expect(check.body.submissions).toBe(2);
  });

  it('refuse a bad medium or referral code with a 400 naming it, on every list and export', async () => {
    for (const base of [...LISTS, ...EXPORTS, '/api/admin/submissions/export/check']) {
      for (const [query, field] of [
        ['medium=', 'query.medium'],
        [`medium=${'m'.repeat(201)}`, 'query.medium'],
        ['ref=%20', 'query.ref'],
        [`ref=${'r'.repeat(201)}`, 'query.ref'],
      ]) {
        const response = await get(`${base}?${query}`);
        expect(response.status, `${base}?${query}`).toBe(400);
        expect(response.body.field, `${base}?${query}`).toBe(field);
      }
    }
  });

  it('count submissions per medium and per referral code in the analytics by source', async () => {
    for (const url of ['/api/admin/analytics/sources', '/api/v1/analytics/sources']) {
      const analytics = (await get<SourcesAnalytics>(url)).body;
      const totals = (series: SourcesAnalytics['refs']) =>
        Object.fromEntries(series.map((entry) => [entry.name ?? '(none)', entry.submissions]));
      expect(totals(analytics.refs), url).toEqual({ acme: 2, globex: 1, ACME: 1, '(none)': 1 });
      expect(totals(analytics.mediums), url).toEqual({ email: 2, social: 1, Email: 1, '(none)': 1 });
      expect(analytics.totalSubmissions, url).toBe(5);
    }
  });

  it('counts the submissions stored before the upgrade by medium and referral code, once', async () => {
    // The later migration that keeps the same aggregate goes first, and comes back after.
    await app.db.migrate.down({ name: '20261205200000_language_filters' });
    await app.db.migrate.down({ name: '20261204200000_partner_filters' });
    const before = await aggregatesAndRows(app.db);
    expect(before.kept.sources).not.toEqual(before.counted.sources);
    await app.db.migrate.latest();
    const after = await aggregatesAndRows(app.db);
    expect(after.kept.sources).toEqual(after.counted.sources);
    // And a submission after it is counted by the trigger, like any other.
    await submitAs(app, { email_address: 'fi@acme.example' }, 1, { attribution: { ref: 'acme' } } as never);
    const later = await aggregatesAndRows(app.db);
    expect(later.kept.sources).toEqual(later.counted.sources);
  });
});
