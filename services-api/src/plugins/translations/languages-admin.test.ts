import type { AdminLanguageList, ErrorBody, PublicConfig, PublicPillar, PublicQuestion } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('managing languages on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  const call = <T = ErrorBody>(method: string, url: string, payload?: object) =>
    app.request<T>({ method, url, payload, headers: admin.headers });
  const languages = async () => (await call<AdminLanguageList>('GET', '/api/admin/languages')).body;
  const of = (list: AdminLanguageList, tag: string) =>
    list.languages.find((language) => language.tag === tag);
  const audits = (action: string) => app.db('audit_events').where({ action }).orderBy('id');
  const content = async (lang?: string) => {
    const suffix = lang ? `?lang=${lang}` : '';
    const [pillars, questions] = await Promise.all([
      app.request<PublicPillar[]>({ url: `/api/pillars${suffix}` }),
      app.request<PublicQuestion[]>({ url: `/api/assessment-questions${suffix}` }),
    ]);
    return { pillars: pillars.body, questions: questions.body };
  };

  it('lists the offered languages by name, the default first, with how far each is translated', async () => {
    const list = await languages();
    expect(list.defaultLanguage).toBe('en');
    expect(list.languages.map((language) => [language.tag, language.name, language.isDefault])).toEqual([
      ['en', 'English', true],
      ['de', 'German', false],
    ]);
    const english = of(list, 'en')!;
    expect(english.counts).toMatchObject({ missing: 0, changed: 0 });
    expect(english.counts.total).toBeGreaterThan(300);
    const german = of(list, 'de')!;
    expect(german.counts.total).toBe(english.counts.total);
    expect(german.counts.translated + german.counts.missing + german.counts.changed).toBe(
      german.counts.total,
    );
    expect(german.counts.translated).toBeGreaterThan(german.counts.total * 0.9);
  });

  it('adds a language of the list, refusing one not on it or offered already', async () => {
    const added = await call<AdminLanguageList>('POST', '/api/admin/languages', { tag: 'fr' });
    expect(added.status).toBe(201);
    const french = of(added.body, 'fr')!;
    expect(french).toMatchObject({ name: 'French', nativeName: 'Français', isDefault: false });
    // Nothing of French ships: every text is still to translate, and visitors can choose it.
    expect(french.counts.missing).toBe(french.counts.total);
    expect(
      (await app.request<PublicConfig>({ url: '/api/config' })).body.languages.map((l) => l.tag),
    ).toContain('fr');
    const unlisted = await call('POST', '/api/admin/languages', { tag: 'xx' });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.field).toBe('tag');
    expect((await call('POST', '/api/admin/languages', { tag: 'fr' })).status).toBe(409);
    expect((await audits('language.add')).map((event) => event.target_id)).toEqual(['fr']);
  });

  it('fills a shipped language’s content from the product’s translation memory when added again', async () => {
    expect((await call('DELETE', '/api/admin/languages/de')).status).toBe(200);
    expect(await app.db('translations').where({ language: 'de' })).toHaveLength(0);
    expect((await content('de')).pillars.map((pillar) => pillar.name)).toContain('Processes');
    await call('POST', '/api/admin/languages', { tag: 'de' });
    expect((await content('de')).pillars.map((pillar) => pillar.name)).toContain('Prozesse');
    const [event] = await audits('language.add').where({ target_id: 'de' });
    expect(event.summary.filled).toBeGreaterThan(100);
  });

  it('removes a language with its translations, never the default', async () => {
    await call('PUT', '/api/admin/translations/fr/pillar.processes.name', { text: 'Processus' });
    expect((await content('fr')).pillars.map((pillar) => pillar.name)).toContain('Processus');
    const refused = await call('DELETE', '/api/admin/languages/en');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'tag' });
    expect(refused.body.message).toContain('en is the default language');
    expect((await call('DELETE', '/api/admin/languages/fr')).status).toBe(200);
    expect(await app.db('translations').where({ language: 'fr' })).toHaveLength(0);
    expect(of(await languages(), 'fr')).toBeUndefined();
    expect((await call('DELETE', '/api/admin/languages/fr')).status).toBe(404);
    expect((await audits('language.delete')).map((event) => event.target_id)).toEqual(['de', 'fr']);
  });

  it('refuses as the default a language with missing texts, naming it with the count', async () => {
    await call('POST', '/api/admin/languages', { tag: 'nl' });
    const before = await content();
    const refused = await call('PUT', '/api/admin/languages/nl');
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('tag');
    const total = of(await languages(), 'nl')!.counts.total;
    expect(refused.body.message).toContain(`nl still has ${total} missing texts`);
    expect((await languages()).defaultLanguage).toBe('en');
    expect(await content()).toEqual(before);
  });

  it('swaps the source when the default changes, and back again to exactly what it was', async () => {
    const english = await content();
    const german = await content('de');
    const germanCounts = of(await languages(), 'de')!.counts;
    // Fill what German lacks, so it may become the source.
    const grid = await call<{ rows: { unit: string; status: string; source: string }[] }>(
      'GET',
      '/api/admin/translations/de',
    );
    const missing = grid.body.rows.filter((row) => row.status === 'missing');
    expect(missing).toHaveLength(germanCounts.missing);
    // In one file, as a translator would: saved one by one, each save recounted every text, and
    // the dozens of them took over a minute on a busy machine.
    const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const filled = await app.request<{ written: number }>({
      method: 'POST',
      url: '/api/admin/translations/de/import',
      payload: ['unit,target', ...missing.map((row) => `${row.unit},${quoted(`DE ${row.source}`)}`)].join(
        '\r\n',
      ),
      headers: { ...admin.headers, 'content-type': 'text/csv' },
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body.written).toBe(missing.length);

    const swapped = await call<AdminLanguageList>('PUT', '/api/admin/languages/de');
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.defaultLanguage).toBe('de');
    expect(swapped.body.languages[0]).toMatchObject({ tag: 'de', isDefault: true });
    // English is now a translation, complete, and the content tables hold German.
    expect(of(swapped.body, 'en')!.counts).toMatchObject({ missing: 0, changed: 0 });
    expect((await app.db('pillars').where({ key: 'processes' }).first('name')).name).toBe('Prozesse');
    expect(await content()).toEqual(german);
    expect(await content('en')).toEqual(english);
    expect((await app.request<PublicConfig>({ url: '/api/config' })).body.defaultLanguage).toBe('de');

    const back = await call<AdminLanguageList>('PUT', '/api/admin/languages/en');
    expect(back.body.defaultLanguage).toBe('en');
    expect(await content()).toEqual(english);
    expect(await content('de')).toEqual(german);
    expect((await audits('language.set_default')).map((event) => event.target_id)).toEqual(['de', 'en']);
  });

  it('lists the offered languages to a read key at /api/v1/languages', async () => {
    const key = await createTestApiKey(app, 'read');
    const listed = await app.request<{
      languages: { tag: string; isDefault: boolean }[];
      defaultLanguage: string;
    }>({ url: '/api/v1/languages', headers: bearer(key.token) });
    expect(listed.status).toBe(200);
    expect(listed.body.defaultLanguage).toBe('en');
    expect(listed.body.languages.map((language) => language.tag)).toEqual(['en', 'de', 'nl']);
    expect((await app.request({ url: '/api/v1/languages' })).status).toBe(401);
    expect(app.openApiViolations()).toEqual([]);
  });
});
