import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  MessagesResponse,
  PublicConfig,
  PublicDemographicField,
  PublicPillar,
  PublicQuestion,
  ResultsResponse,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const SHELL = `<!doctype html><html lang="en"><head><title>x</title><!--app-config--></head><body><div id="root"></div></body></html>`;

describe.each(testDatabaseKinds)('languages on $name', (kind) => {
  let app: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-lang-test-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
    fs.writeFileSync(
      path.join(distDir, 'landing.html'),
      SHELL.replace('<div id="root">', '<div id="root">prerendered-en'),
    );
    fs.writeFileSync(
      path.join(distDir, 'landing.de.html'),
      SHELL.replace('<div id="root">', '<div id="root">prerendered-de'),
    );
    app = await startTestApp(kind, { config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('ships English as the default and German beside it', async () => {
    const { body } = await app.request<PublicConfig>({ url: '/api/config' });
    expect(body.defaultLanguage).toBe('en');
    expect(body.languages.map((language) => language.tag)).toEqual(['en', 'de']);
    expect(body.language).toBe('en');
  });

  it("answers the web app's strings in the language asked, its nearest, or the default", async () => {
    const german = await app.request<MessagesResponse>({ url: '/api/i18n/de' });
    expect(german.status).toBe(200);
    expect(german.body).toMatchObject({ language: 'de', dir: 'ltr' });
    expect(german.body.messages['level.0.name']).toBe('Keine');
    // The analyst's sentences are written by the server, never sent to the page.
    expect(Object.keys(german.body.messages).some((id) => id.startsWith('analyst.'))).toBe(false);
    expect((await app.request<MessagesResponse>({ url: '/api/i18n/de-AT' })).body.language).toBe('de');
    const unknown = await app.request<MessagesResponse>({ url: '/api/i18n/fr' });
    expect(unknown.body.language).toBe('en');
    expect(unknown.body.messages['level.0.name']).toBe('None');
    const bad = await app.request<{ message: string }>({ url: '/api/i18n/not%20a%20tag' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('language');
  });

  it('translates the content by ?lang=, keeping ids, keys and option values', async () => {
    const [english, german] = await Promise.all([
      app.request<PublicPillar[]>({ url: '/api/pillars' }),
      app.request<PublicPillar[]>({ url: '/api/pillars?lang=de' }),
    ]);
    expect(german.body.map((pillar) => pillar.name)).toEqual([
      'Expertise',
      'Prozesse',
      'Ausrichtung',
      'Führung',
      'Tools',
      'KPIs',
    ]);
    expect(german.body.map((pillar) => pillar.key)).toEqual(english.body.map((pillar) => pillar.key));
    const questions = await app.request<PublicQuestion[]>({ url: '/api/assessment-questions?lang=de-CH' });
    expect(questions.body[0]!.text).toMatch(/Team/);
    expect(questions.body[0]!.text).not.toBe(
      (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body[0]!.text,
    );
    const fields = await app.request<PublicDemographicField[]>({ url: '/api/demographic-fields?lang=de' });
    const employees = fields.body.find((field) => field.options !== null)!;
    expect(employees.optionLabels).toHaveLength(employees.options!.length);
    expect(fields.body.find((field) => field.identifier === 'first_name')!.label).toBe('Vorname');
  });

  it('shows the default language’s text where a translation is missing, never a unit id', async () => {
    const unit = 'pillar.processes.name';
    const [saved] = await app.db('translations').where({ language: 'de', unit }).delete().returning('*');
    app.server.app.ctx.cache.invalidate();
    try {
      const german = await app.request<PublicPillar[]>({ url: '/api/pillars?lang=de' });
      expect(german.body.map((pillar) => pillar.name)).toEqual([
        'Expertise',
        'Processes',
        'Ausrichtung',
        'Führung',
        'Tools',
        'KPIs',
      ]);
    } finally {
      await app.db('translations').insert(saved);
      app.server.app.ctx.cache.invalidate();
    }
  });

  it('records the language a submission was taken in and names its pillars in the page’s language', async () => {
    const id = await submitAs(app, {}, 2, { language: 'de-AT' });
    const row = await app.db('submissions').where({ id }).first('language');
    expect(row.language).toBe('de');
    const own = await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}` });
    expect(own.body.language).toBe('de');
    expect(own.body.pillarScores.map((score) => score.pillarName)).toContain('Prozesse');
    const english = await app.request<ResultsResponse>({ url: `/api/assessment/results/${id}?lang=en` });
    expect(english.body.pillarScores.map((score) => score.pillarName)).toContain('Processes');
    // The same scores whichever language reads them.
    expect(english.body.pillarScores.map((score) => score.score)).toEqual(
      own.body.pillarScores.map((score) => score.score),
    );
    const fallback = await submitAs(app, {}, 2, { language: 'fr' });
    expect((await app.db('submissions').where({ id: fallback }).first('language')).language).toBe('en');
  });

  it('serves the page in ?lang=, then the saved choice, then Accept-Language, then the default', async () => {
    const langOf = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.server.inject({ url, headers });
      expect(response.headers.vary).toMatch(/accept-language/i);
      return /<html lang="([^"]+)" dir="(?:ltr|rtl)"/.exec(response.payload)?.[1];
    };
    expect(await langOf('/assessment')).toBe('en');
    expect(await langOf('/assessment', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).toBe('de');
    expect(await langOf('/assessment', { 'accept-language': 'fr-FR,fr;q=0.9' })).toBe('en');
    expect(await langOf('/assessment', { 'accept-language': 'de', cookie: 'msp_lang=en' })).toBe('en');
    expect(await langOf('/assessment?lang=de', { cookie: 'msp_lang=en' })).toBe('de');
    // A cookie hapi cannot parse is ignored, not refused.
    expect(await langOf('/assessment', { 'accept-language': 'de', cookie: 'msp_lang="bad' })).toBe('de');
    const page = await app.server.inject({ url: '/assessment?lang=de' });
    const messages = JSON.parse(
      /<script id="app-messages" type="application\/json">(.*?)<\/script>/.exec(page.payload)![1]!,
    );
    expect(messages.messages['level.3.name']).toBe('Ausgereift');
    const config = JSON.parse(
      /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(page.payload)![1]!,
    );
    expect(config.language).toBe('de');
  });

  it('serves the prerendered landing page of the language, unless an administrator reworded its strings', async () => {
    expect((await app.server.inject({ url: '/' })).payload).toContain('prerendered-en');
    const german = await app.server.inject({ url: '/?lang=de' });
    expect(german.payload).toContain('prerendered-de');
    expect(german.payload).toContain('data-languages="2"');
    await app
      .db('translations')
      .insert({ language: 'de', unit: 'ui.language.label', text: 'Sprache wählen' });
    app.server.app.ctx.cache.invalidate();
    try {
      const reworded = await app.server.inject({ url: '/?lang=de' });
      expect(reworded.payload).not.toContain('prerendered-de');
      expect(reworded.payload).toContain('Sprache wählen');
      expect((await app.server.inject({ url: '/' })).payload).toContain('prerendered-en');
    } finally {
      await app.db('translations').where({ language: 'de', unit: 'ui.language.label' }).delete();
      app.server.app.ctx.cache.invalidate();
    }
  });

  it('links the landing page to its other languages', async () => {
    const landing = await app.server.inject({ url: '/' });
    expect(landing.payload).toContain('hreflang="de" href="http://localhost');
    expect(landing.payload).toContain('hreflang="x-default"');
  });
});
