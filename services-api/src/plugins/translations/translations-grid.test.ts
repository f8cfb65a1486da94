import type { ErrorBody, PublicPillar, SavedTranslation, TranslationGrid } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('the translations grid on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    await app.request({
      method: 'POST',
      url: '/api/admin/languages',
      payload: { tag: 'fr' },
      headers: admin.headers,
    });
  });
  afterAll(() => app?.close());

  const call = <T = ErrorBody>(method: string, url: string, payload?: object) =>
    app.request<T>({ method, url, payload, headers: admin.headers });
  const grid = async (language: string) =>
    (await call<TranslationGrid>('GET', `/api/admin/translations/${language}`)).body;
  const row = (of: TranslationGrid, unit: string) => of.rows.find((entry) => entry.unit === unit)!;
  const pillarName = async (lang: string, key: string) =>
    (await app.request<PublicPillar[]>({ url: `/api/pillars?lang=${lang}` })).body.find((p) => p.key === key)!
      .name;
  const translationRows = () => app.db('translations').orderBy(['language', 'unit']).select('*');

  it('lists every text of every kind with its context, source, translation and status, counted', async () => {
    await call('PUT', '/api/admin/consent-statement', { text: 'I agree to be contacted about my results.' });
    // A setting at its default is a product string; a saved one is content of its own kind.
    await call('PUT', '/api/admin/settings', { callToActionLabel: 'Book a call' });
    const german = await grid('de');
    expect(german.defaultLanguage).toBe('en');
    expect(new Set(german.rows.map((entry) => entry.kind))).toEqual(
      new Set(['pillar', 'question', 'matrix', 'field', 'consent', 'setting', 'email', 'ui']),
    );
    expect(row(german, 'pillar.processes.name')).toMatchObject({
      source: 'Processes',
      target: 'Prozesse',
      status: 'translated',
      context: 'Pillar name',
    });
    // The product's own strings ship in German: translated without a stored row.
    expect(row(german, 'ui.level.0.name')).toMatchObject({
      source: 'None',
      target: 'Keine',
      status: 'translated',
    });
    const counted = { translated: 0, missing: 0, changed: 0 };
    for (const entry of german.rows) counted[entry.status]++;
    expect(german.counts).toEqual({ total: german.rows.length, ...counted });
    const french = await grid('fr');
    expect(french.counts).toMatchObject({ missing: french.rows.length, translated: 0 });
    expect(row(french, 'pillar.processes.name').target).toBeNull();
  });

  it('refuses the grid of the default language, of a language not offered and of a tag not listed', async () => {
    const ofDefault = await call('GET', '/api/admin/translations/en');
    expect(ofDefault.status).toBe(400);
    expect(ofDefault.body).toMatchObject({ field: 'language' });
    expect((await call('GET', '/api/admin/translations/it')).status).toBe(404);
    expect((await call('GET', '/api/admin/translations/xx')).body).toMatchObject({ field: 'language' });
  });

  it('saves a translation that visitors read at once, and an empty one falls back to the default', async () => {
    const saved = await call<SavedTranslation>('PUT', '/api/admin/translations/fr/pillar.processes.name', {
      text: 'Processus',
    });
    expect(saved.body).toEqual({ unit: 'pillar.processes.name', target: 'Processus', status: 'translated' });
    expect(await pillarName('fr', 'processes')).toBe('Processus');
    expect((await grid('fr')).counts.missing).toBe((await grid('fr')).counts.total - 1);
    const cleared = await call<SavedTranslation>('PUT', '/api/admin/translations/fr/pillar.processes.name', {
      text: '',
    });
    expect(cleared.body).toMatchObject({ target: null, status: 'missing' });
    expect(await pillarName('fr', 'processes')).toBe('Processes');
    const events = await app.db('audit_events').where({ action: 'translation.save' }).orderBy('id');
    expect(events.map((event) => event.target_id)).toEqual([
      'fr:pillar.processes.name',
      'fr:pillar.processes.name',
    ]);
    expect(events.map((event) => event.summary.status)).toEqual(['translated', 'missing']);
  });

  it('shows a translation as changed when its source is edited, until it is saved again', async () => {
    await call('PUT', '/api/admin/translations/fr/pillar.tooling.name', { text: 'Outils' });
    const pillar = await app.db('pillars').where({ key: 'tooling' }).first();
    await call('PUT', `/api/admin/pillars/${pillar.id}`, {
      name: 'Tooling and platforms',
      description: pillar.description,
      order: pillar.order,
      isActive: pillar.is_active,
    });
    const french = await grid('fr');
    expect(row(french, 'pillar.tooling.name')).toMatchObject({
      source: 'Tooling and platforms',
      target: 'Outils',
      status: 'changed',
    });
    expect(french.counts.changed).toBe(1);
    // Visitors still read the translation: it is older, not wrong.
    expect(await pillarName('fr', 'tooling')).toBe('Outils');
    await call('PUT', '/api/admin/translations/fr/pillar.tooling.name', { text: 'Outils et plateformes' });
    expect(row(await grid('fr'), 'pillar.tooling.name').status).toBe('translated');
  });

  it('refuses a product string that is not ICU MessageFormat or changes its arguments, naming the unit', async () => {
    const german = await grid('de');
    const withArgument = german.rows.find(
      (entry) => entry.kind === 'ui' && /\{\s*\w+\s*\}/.test(entry.source),
    )!;
    const before = await translationRows();
    const broken = await call('PUT', `/api/admin/translations/de/${withArgument.unit}`, { text: 'Kaputt {' });
    expect(broken.status).toBe(400);
    expect(broken.body.field).toBe(withArgument.unit);
    expect(broken.body.message).toContain('ICU MessageFormat');
    const dropped = await call('PUT', `/api/admin/translations/de/${withArgument.unit}`, {
      text: 'Ohne Argument',
    });
    expect(dropped.status).toBe(400);
    expect(dropped.body).toMatchObject({ field: withArgument.unit });
    expect(dropped.body.message).toContain('leaves out');
    const added = await call('PUT', `/api/admin/translations/de/${withArgument.unit}`, {
      text: `${withArgument.target} {extra}`,
    });
    expect(added.body.message).toContain('{extra}');
    const unknown = await call('PUT', '/api/admin/translations/de/pillar.nothing.name', { text: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'unit' });
    expect(await translationRows()).toEqual(before);
    expect(
      await app
        .db('audit_events')
        .where({ action: 'translation.save', target_id: `de:${withArgument.unit}` }),
    ).toHaveLength(0);
  });
});
