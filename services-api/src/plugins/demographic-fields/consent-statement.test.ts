import type { ConsentStatementAnswer, ContentDocument, ErrorBody } from '@msp/shared';
import { describe, expect, it } from 'vitest';
import { adminContentApp } from '../../test/content-admin.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const STATEMENT = 'I agree that Northwind MSP may store my answers and contact me about my results.';

describe.each(testDatabaseKinds)('the consent statement on $name', (kind) => {
  const admin = adminContentApp(kind);
  const { call, expectRefused } = admin;
  const URL = '/api/admin/consent-statement';
  const publicRead = (headers: Record<string, string> = {}) =>
    admin.app.request<ConsentStatementAnswer>({ url: '/api/consent-statement', headers });
  const auditOf = () =>
    admin.app
      .db('audit_events')
      .where({ action: 'consent_statement.update' })
      .orderBy('id')
      .select('target_type', 'target_id', 'summary');

  it('starts with none, for the admin and for visitors', async () => {
    expect((await call<ConsentStatementAnswer>('GET', URL)).body).toEqual({ statement: null });
    const visitor = await publicRead();
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ statement: null });
  });

  it('saves a statement, trimmed, that visitors then read, and records who changed it', async () => {
    const saved = await call<ConsentStatementAnswer>('PUT', URL, { text: `  ${STATEMENT}\r\nLine two.  ` });
    expect(saved.status).toBe(200);
    expect(saved.body.statement).toMatchObject({ text: `${STATEMENT}\nLine two.` });
    expect((await call<ConsentStatementAnswer>('GET', URL)).body).toEqual(saved.body);
    expect((await publicRead()).body).toEqual(saved.body);
    const [record] = await auditOf();
    expect(record).toMatchObject({
      target_type: 'consent_statement',
      target_id: String(saved.body.statement!.id),
    });
    expect(JSON.stringify(record.summary)).toContain('Northwind MSP');
  });

  it('gives visitors a cacheable answer whose ETag changes with the statement', async () => {
    const first = await publicRead();
    expect(String(first.headers['cache-control'])).toContain('public');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const unchanged = await admin.app.server.inject({
      url: '/api/consent-statement',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);

    const changed = await call<ConsentStatementAnswer>('PUT', URL, { text: 'I agree to be contacted.' });
    const after = await publicRead({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toEqual(changed.body);
    // A change is a new version: the one before it is kept for visitors who saw it.
    expect(changed.body.statement!.id).toBeGreaterThan(0);
    const rows = await admin.app.db('consent_statements').orderBy('id').select('text', 'retired_at');
    expect(rows.filter((row) => row.retired_at === null).map((row) => row.text)).toEqual([
      'I agree to be contacted.',
    ]);
    expect(rows.map((row) => row.text)).toContain(`${STATEMENT}\nLine two.`);
  });

  it('refuses text that is too long, holds markup or control characters, or is not text, and changes nothing', async () => {
    const auditsBefore = (await auditOf()).length;
    await expectRefused(
      'PUT',
      URL,
      { text: 'x'.repeat(1001) },
      'text',
      'Consent statement must be at most 1,000 characters',
    );
    await expectRefused(
      'PUT',
      URL,
      { text: 'I agree to the <a href="https://example.com">terms</a>' },
      'text',
      'Consent statement must be plain text, without HTML tags',
    );
    await expectRefused(
      'PUT',
      URL,
      { text: 'I agree\u0007' },
      'text',
      'Consent statement must hold printable characters only',
    );
    await expectRefused('PUT', URL, { text: 42 }, 'text');
    await expectRefused('PUT', URL, {}, 'text');
    await expectRefused('PUT', URL, { text: 'I agree', html: true }, 'body');
    expect((await auditOf()).length).toBe(auditsBefore);
    // A text of exactly the limit, and a "less than" sign that is not a tag, are fine.
    const longest = `I agree that 1 < 2. ${'y'.repeat(980)}`;
    expect(longest).toHaveLength(1000);
    expect((await call('PUT', URL, { text: longest })).status).toBe(200);
  });

  it('is removed by empty text, and then visitors are asked for none', async () => {
    const cleared = await call<ConsentStatementAnswer>('PUT', URL, { text: '   ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ statement: null });
    expect((await publicRead()).body).toEqual({ statement: null });
    const records = await auditOf();
    expect(records.at(-1)).toMatchObject({ target_id: null });
  });

  it('is not for visitors or non-admins to change', async () => {
    const anonymous = await admin.app.request<ErrorBody>({
      method: 'PUT',
      url: URL,
      payload: { text: 'Sneaky' },
    });
    expect([401, 403]).toContain(anonymous.status);
    expect((await publicRead()).body).toEqual({ statement: null });
  });

  it('travels with a content export and import; an older file leaves it as it is', async () => {
    await call('PUT', URL, { text: STATEMENT });
    const exported = (await call<ContentDocument>('GET', '/api/admin/content/export')).body;
    expect(exported.version).toBe(3);
    expect(exported.consentStatement).toBe(STATEMENT);

    await call('PUT', URL, { text: 'Something else' });
    const imported = await call('POST', '/api/admin/content/import', exported);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await publicRead()).body.statement?.text).toBe(STATEMENT);

    // A version 2 file has no statement: the instance keeps its own.
    const { consentStatement: _dropped, ...older } = exported;
    expect((await call('POST', '/api/admin/content/import', { ...older, version: 2 })).status).toBe(200);
    expect((await publicRead()).body.statement?.text).toBe(STATEMENT);

    // An export without one removes it on import.
    expect(
      (await call('POST', '/api/admin/content/import', { ...exported, consentStatement: null })).status,
    ).toBe(200);
    expect((await publicRead()).body).toEqual({ statement: null });
  });
});
