import { BUILT_IN_CATALOGUES, createTranslator, EN_MESSAGES, type PublicConfig } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const german = createTranslator('de', BUILT_IN_CATALOGUES.de!, EN_MESSAGES);

describe.each(testDatabaseKinds)(
  'the visitor-facing settings in the visitor’s language, on $name',
  (kind) => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(kind);
    });
    afterAll(() => app?.close());

    const config = async (lang: string) =>
      (await app.request<PublicConfig>({ url: `/api/config?lang=${lang}` })).body;

    it('reads the defaults an operator never changed from the catalogue: English as before, German in German', async () => {
      const english = await config('en');
      expect(english.privacyNotice).toBe(EN_MESSAGES['assessment.privacyNotice.default']);
      expect(english.callToActionLabel).toBe(`Learn About ${english.providerName}`);
      const inGerman = await config('de');
      expect(inGerman.privacyNotice).toBe(german('assessment.privacyNotice.default'));
      expect(inGerman.callToActionLabel).toBe(`Mehr über ${english.providerName}`);
    });

    it('shows what the operator wrote, in every language until it is translated', async () => {
      await app.db('site_settings').insert({
        section: 'privacy',
        key: 'privacyNotice',
        value: 'Northwind IT emails you your results. Nothing else.',
      });
      // As a settings write does: the content cache hears of it and lets go.
      await app.db.raw('NOTIFY msp_content_changed');
      await expect
        .poll(async () => (await config('de')).privacyNotice)
        .toBe('Northwind IT emails you your results. Nothing else.');
      expect((await config('en')).privacyNotice).toBe('Northwind IT emails you your results. Nothing else.');
    });
  },
);
