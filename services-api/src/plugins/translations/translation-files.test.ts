import type { ErrorBody, TranslationGrid, TranslationImportResult } from '@msp/shared';
import { parse } from 'csv-parse/sync';
import { xliff2js } from 'xliff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('translation files on $name', (kind) => {
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

  const download = async (language: string, query: string) => {
    const response = await app.server.inject({
      url: `/api/admin/translations/${language}/export?${query}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.payload.slice(0, 300)).toBe(200);
    return response;
  };
  const upload = (language: string, payload: string, contentType: string, query = '') =>
    app.request<TranslationImportResult & ErrorBody>({
      method: 'POST',
      url: `/api/admin/translations/${language}/import${query}`,
      payload,
      headers: { ...admin.headers, 'content-type': contentType },
    });
  const grid = async (language: string) =>
    (
      await app.request<TranslationGrid>({
        url: `/api/admin/translations/${language}`,
        headers: admin.headers,
      })
    ).body;
  /** Every stored translation with when it was written: a write of any of them shows. */
  const stored = () => app.db('translations').orderBy(['language', 'unit']).select('*');

  it('exports a language as XLIFF 2.0: the default as srcLang, a unit per text with its context, targets where translated', async () => {
    const response = await download('de', 'format=xliff');
    expect(response.headers['content-type']).toMatch(/^application\/xliff\+xml/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="translations-de.xlf"');
    expect(response.payload).toContain('urn:oasis:names:tc:xliff:document:2.0');
    const document = await xliff2js(response.payload);
    expect(document).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'de' });
    const units = Object.values(document.resources)[0] as Record<
      string,
      { source: string; target?: string; note: string }
    >;
    const german = await grid('de');
    expect(Object.keys(units)).toEqual(german.rows.map((row) => row.unit));
    expect(units['pillar.processes.name']).toEqual({
      source: 'Processes',
      target: 'Prozesse',
      note: 'Pillar name',
    });
    const missing = german.rows.find((row) => row.status === 'missing');
    if (missing) expect(units[missing.unit]).not.toHaveProperty('target');
    const pending = await xliff2js((await download('de', 'format=xliff&onlyPending=true')).payload);
    expect(Object.keys(Object.values(pending.resources)[0]!)).toEqual(
      german.rows.filter((row) => row.status !== 'translated').map((row) => row.unit),
    );
    expect(await app.db('audit_events').where({ action: 'translation.export' })).toHaveLength(2);
  });

  it('imports an exported XLIFF file unchanged without changing anything', async () => {
    const file = (await download('de', 'format=xliff')).payload;
    const before = await stored();
    const imported = await upload('de', file, 'application/xliff+xml');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.written).toBe(0);
    expect(await stored()).toEqual(before);
    const [event] = await app.db('audit_events').where({ action: 'translation.import' });
    expect(event.summary).toMatchObject({ format: 'xliff', written: 0 });
  });

  it("writes a translator's XLIFF targets, skipping empty ones, and the grid and visitors follow", async () => {
    const file = (await download('fr', 'format=xliff')).payload;
    const translated = file
      .replace('<source>Processes</source>', '<source>Processes</source>\n<target>Processus</target>')
      .replace('<source>Tooling</source>', '<source>Tooling</source>\n<target></target>');
    const imported = await upload('fr', translated, 'text/xml');
    const french = await grid('fr');
    // Every unit but the one translated has no target or an empty one: left as it was.
    expect(imported.body).toEqual({ language: 'fr', written: 1, skipped: french.counts.total - 1 });
    expect(french.rows.find((row) => row.unit === 'pillar.processes.name')).toMatchObject({
      target: 'Processus',
      status: 'translated',
    });
    expect(french.counts.translated).toBe(1);
  });

  it('refuses a file with an unknown unit or another trgLang, naming it, and writes nothing', async () => {
    const file = (await download('fr', 'format=xliff')).payload;
    const before = await stored();
    const withUnknown = file
      .replace('<source>Expertise</source>', '<source>Expertise</source><target>Expertise FR</target>')
      .replace('id="pillar.kpis.name"', 'id="pillar.nothing.name"')
      .replace('<source>KPIs</source>', '<source>KPIs</source><target>KPI</target>');
    const unknown = await upload('fr', withUnknown, 'application/xliff+xml');
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('pillar.nothing.name');
    const wrongLanguage = await upload(
      'fr',
      file.replace('trgLang="fr"', 'trgLang="de"'),
      'application/xliff+xml',
    );
    expect(wrongLanguage.status).toBe(400);
    expect(wrongLanguage.body).toMatchObject({ field: 'trgLang' });
    expect(wrongLanguage.body.message).toContain('"de"');
    const german = await grid('de');
    const withArgument = german.rows.find((row) => row.kind === 'ui' && /\{\s*\w+\s*\}/.test(row.source))!;
    const badIcu = (await download('de', 'format=xliff')).payload.replace(
      new RegExp(
        `(<unit id="${withArgument.unit.replace(/\./g, '\\.')}">[\\s\\S]*?<target>)[\\s\\S]*?(</target>)`,
      ),
      '$1Kaputt {$2',
    );
    const refused = await upload('de', badIcu, 'application/xliff+xml');
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe(withArgument.unit);
    expect((await upload('fr', '<xliff', 'application/xliff+xml')).body).toMatchObject({ field: 'body' });
    expect(await stored()).toEqual(before);
  });

  it('exports CSV with a byte order mark and RFC 4180 quoting, and imports it back', async () => {
    const response = await download('fr', 'format=csv');
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="translations-fr.csv"');
    expect(response.payload.startsWith('\uFEFFunit,context,source,target\r\n')).toBe(true);
    const records = parse(response.payload, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((record) => record.unit)).toEqual((await grid('fr')).rows.map((row) => row.unit));
    const before = await stored();
    expect((await upload('fr', response.payload, 'text/csv')).body.written).toBe(0);
    expect(await stored()).toEqual(before);

    // A translator's cell with a comma, a quote and a line break survives the trip.
    const text = 'Alignement, "métier"\net technique';
    const edited = records.map((record) =>
      record.unit === 'pillar.alignment.name' ? { ...record, target: text } : record,
    );
    const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
    const csv = [
      'unit,context,source,target',
      ...edited.map((r) => [r.unit, r.context, r.source, r.target].map((v) => quote(v!)).join(',')),
    ].join('\r\n');
    const imported = await upload('fr', csv, 'text/plain', '?format=csv');
    expect(imported.body).toMatchObject({ written: 1 });
    expect((await grid('fr')).rows.find((row) => row.unit === 'pillar.alignment.name')!.target).toBe(text);
    const again = parse((await download('fr', 'format=csv')).payload, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(again.find((record) => record.unit === 'pillar.alignment.name')!.target).toBe(text);
    const unknown = await upload('fr', 'unit,target\r\nnot.a.unit,x\r\n', 'text/csv');
    expect(unknown.body).toMatchObject({ field: 'not.a.unit' });
  });

  it('refuses a file larger than the limit with the one error shape', async () => {
    const huge = await upload('fr', 'x'.repeat(6 * 1024 * 1024), 'text/csv');
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBeTruthy();
  });
});
