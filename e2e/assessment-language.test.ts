import type { Page } from 'playwright-core';
import type { PublicDemographicField, PublicPillar, PublicQuestion, ResultsResponse } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN_MESSAGES } from '../shared/src/i18n/catalog/index.js';
import { sourceDigest } from '../services-api/src/plugins/translations/source-units.js';
import { expectAccessible } from './axe.js';
import { VIEWS, startE2E, type E2E } from './harness.js';
import { englishLeftovers, shownOf } from './language-check.js';

/** The draft's key in local storage (apps-web/src/public/assessment/draft.ts). */
const DRAFT_KEY = 'msp-assessment-draft';

/** What the visitor types, by field type; the choices take the second option. */
const TYPED: Record<string, string> = {
  first_name: 'Greta',
  last_name: 'Hoffmann',
  email_address: 'greta@rheinland-it.example',
  company: 'Rheinland IT',
  company_name: 'Rheinland IT',
};

async function read<T>(e2e: E2E, path: string): Promise<T> {
  const response = await fetch(`${e2e.baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Valid demographics as stored (the default language's option values), for a draft in local storage. */
function draftDemographics(fields: readonly PublicDemographicField[]): Record<string, string> {
  return Object.fromEntries(
    fields
      .filter((field) => field.isActive)
      .map((field) => [field.identifier, field.options?.[1] ?? TYPED[field.identifier] ?? 'Rheinland IT']),
  );
}

/** Opens the assessment on its question step, as a visitor who filled the first step earlier. */
async function openOnQuestions(page: Page, demographics: Record<string, string>, path: string) {
  await page.addInitScript(([key, draft]) => localStorage.setItem(key, draft), [
    DRAFT_KEY,
    JSON.stringify({ step: 'questions', demographics, answers: {} }),
  ] as const);
  await page.goto(path);
  await page.locator('.answer-card').first().waitFor();
}

describe('the assessment in German, and a question step right to left', () => {
  let e2e: E2E;
  let fields: PublicDemographicField[];
  /** English catalogue strings and seeded English content a German page must not show. */
  let english: string[];
  let submissionId: string;

  beforeAll(async () => {
    e2e = await startE2E();
    fields = await read(e2e, '/api/demographic-fields?lang=de');
    const [inEnglish, inGerman] = await Promise.all([
      read<PublicQuestion[]>(e2e, '/api/assessment-questions'),
      read<PublicQuestion[]>(e2e, '/api/assessment-questions?lang=de'),
    ]);
    const germanTexts = new Set(inGerman.flatMap((q) => [q.text, ...q.answers.map((a) => a.text)]));
    const content = inEnglish
      .flatMap((q) => [q.text, ...q.answers.map((a) => a.text)])
      .filter((text) => text.length > 3 && !germanTexts.has(text));
    expect(content.length, 'the seed has English content to look for').toBeGreaterThan(30);
    english = [...englishLeftovers('de'), ...content];
  });
  afterAll(() => e2e?.close());

  /**
   * Fails naming every English string the page shows at `step`. The analysis is left out: it is
   * shown as the analyst stored it, in the language it wrote (checked below against the stored one).
   */
  async function expectGerman(page: Page, step: string) {
    expect(
      await shownOf(page, english, '.analysis__summary, .analysis__recommendations'),
      `English on ${step}`,
    ).toEqual([]);
  }

  it('takes a visitor from a German browser through every step in German, and records the language', async () => {
    const { context, page } = await e2e.newPage({
      width: 1280,
      height: 900,
      theme: 'light',
      locale: 'de-DE',
    });
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.locator('main').waitFor();
    await expectGerman(page, 'the landing page');
    await expectAccessible(page, 'the landing page in German');

    await page.locator('a[href="/assessment"]').first().click();
    await page
      .getByRole('heading', { name: 'Erzählen Sie uns zunächst etwas über sich und Ihren MSP' })
      .waitFor();
    await page.getByText('Schritt 1 von 2 · Über Sie').waitFor();
    expect(await page.title()).toMatch(/^Assessment · /);
    await expectGerman(page, 'the first step');
    await expectAccessible(page, 'the first step in German');

    // Next with nothing filled: every message, and the spoken summary, in German.
    await page.getByRole('button', { name: 'Weiter' }).click();
    const active = fields.filter((field) => field.isActive).sort((a, b) => a.order - b.order);
    const firstRequired = active.find((field) => field.isRequired)!;
    await page.getByText(`${firstRequired.label} ist ein Pflichtfeld`, { exact: true }).waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(
      /^\d+ Felder benötigen Ihre Aufmerksamkeit\. /,
    );
    await expectGerman(page, 'the first step’s messages');
    await expectAccessible(page, 'the first step’s messages in German');

    for (const field of active) {
      const input = page.getByLabel(field.label, { exact: true });
      if (field.fieldType === 'select') await input.selectOption({ label: field.optionLabels![1]! });
      else if (field.fieldType === 'radio')
        await page.getByLabel(field.optionLabels![1]!, { exact: true }).check();
      else await input.fill(TYPED[field.identifier] ?? 'Rheinland IT');
    }
    await page.getByRole('button', { name: 'Weiter' }).click();

    const total = Number((await page.getByText(/^Frage 1 von \d+$/).textContent())!.match(/von (\d+)/)![1]);
    for (let number = 1; number <= total; number++) {
      await page.getByText(`Frage ${number} von ${total}`, { exact: true }).waitFor();
      await page.getByText('Schritt 2 von 2 · Fragen des Assessments').waitFor();
      if (number === 1) {
        // German percentages: a (no-break) space before the sign.
        await page.getByText(/^0\s%\sabgeschlossen$/).waitFor();
        await page.getByRole('button', { name: 'Weiter' }).click();
        await page.getByText('Bitte wählen Sie eine Antwort, um fortzufahren.').waitFor();
      }
      await expectGerman(page, `question ${number}`);
      if (number === 1 || number === total) await expectAccessible(page, `question ${number} in German`);
      await page
        .locator('.answer-card')
        .nth(number % 4)
        .click();
      const next = number === total ? 'Assessment absenden' : 'Weiter';
      await page.getByRole('button', { name: next }).click();
    }

    await page.waitForURL(/\/results\//);
    submissionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('heading', { name: 'Ihre Ergebnisse zum Automatisierungsgrad' }).waitFor();
    await page.getByRole('heading', { name: 'Ihr Vergleich mit ähnlichen MSPs' }).waitFor();
    await page.getByRole('img', { name: /^Netzdiagramm Ihrer Bewertung/ }).waitFor();
    expect(await page.title()).toMatch(/^Ihre Ergebnisse · /);
    await expectGerman(page, 'the results');
    // The built-in analyst wrote in the submission's language: no English in it either.
    expect(await shownOf(page, english), 'English in the analysis').toEqual([]);
    // The analysis as stored, whichever language the page is in.
    const stored = await read<ResultsResponse>(
      e2e,
      `/api/assessment/results/${encodeURIComponent(submissionId)}`,
    );
    const summary = stored.submission.aiAnalysis?.summary || stored.analysis.summary;
    expect(summary).toMatch(/insgesamt auf Stufe \d: /);
    expect(await page.locator('.analysis__summary').innerText()).toContain(
      summary.split(/\n\s*\n/)[0]!.trim(),
    );
    await expectAccessible(page, 'the results in German');

    const [row] = await e2e.database.db('submissions').where({ id: submissionId }).select('language');
    expect(row?.language).toBe('de');
    await context.close();
  });

  it('shows the German question step and results at every width and theme', async () => {
    const demographics = draftDemographics(await read(e2e, '/api/demographic-fields'));
    for (const [width, theme] of VIEWS) {
      const { context, page } = await e2e.newPage({
        width,
        height: 900,
        theme,
        colorScheme: theme,
        locale: 'de-DE',
      });
      await openOnQuestions(page, demographics, '/assessment');
      await page.getByText('Willkommen zurück.').waitFor();
      await expectGerman(page, `the resumed question step at ${width} px`);
      await e2e.screenshot(page, `assessment-de-question-${width}-${theme}`);

      await page.goto(`/results/${submissionId}`);
      await page.getByRole('img', { name: /^Netzdiagramm/ }).waitFor();
      await expectGerman(page, `the results at ${width} px`);
      await e2e.screenshot(page, `assessment-de-results-${width}-${theme}`);
      await context.close();
    }
  });

  it('lays a question step out right to left in Arabic, accessible', async () => {
    const db = e2e.database.db;
    await db('languages').insert({ tag: 'ar' });
    const questions = await read<PublicQuestion[]>(e2e, '/api/assessment-questions');
    const pillars = await read<PublicPillar[]>(e2e, '/api/pillars');
    const rows: { language: string; unit: string; text: string; source_digest: string }[] = [];
    const add = (unit: string, source: string, text: string) =>
      rows.push({ language: 'ar', unit, text, source_digest: sourceDigest(source) });
    for (const pillar of pillars) add(`pillar.${pillar.key}.name`, pillar.name, `ركيزة ${pillar.id}`);
    for (const question of questions) {
      add(
        `question.${question.key}.text`,
        question.text,
        `إلى أي مدى تعتمد شركتك على الأتمتة في المجال ${question.id}؟`,
      );
      question.answers.forEach((answer, index) =>
        add(
          `question.${question.key}.answer.${index + 1}.text`,
          answer.text,
          `الإجابة ${index + 1}: مستوى الأتمتة في هذا المجال`,
        ),
      );
    }
    const ui: Partial<Record<keyof typeof EN_MESSAGES, string>> = {
      'assessment.question.eyebrow': 'الخطوة 2 من 2 · أسئلة التقييم',
      'assessment.question.position': 'السؤال {number} من {total}',
      'assessment.question.complete': '{percent, number, percent} مكتمل',
      'assessment.question.progressLabel': 'تقدم التقييم',
      'assessment.previous': 'السابق',
      'assessment.next': 'التالي',
      'assessment.resume.welcome': 'مرحبًا بعودتك.',
      'assessment.resume.startOver': 'البدء من جديد',
    };
    for (const [id, text] of Object.entries(ui))
      add(`ui.${id}`, EN_MESSAGES[id as keyof typeof EN_MESSAGES], text);
    await db('translations').insert(rows);
    // As an administrator's write does: every instance's content cache hears it and lets go.
    await db.raw('NOTIFY msp_content_changed');
    await expect
      .poll(async () => (await read<{ language: string }>(e2e, '/api/config?lang=ar')).language)
      .toBe('ar');

    const demographics = draftDemographics(await read(e2e, '/api/demographic-fields'));
    for (const width of [1280, 390]) {
      const { context, page } = await e2e.newPage({
        width,
        height: 900,
        theme: 'light',
        colorScheme: 'light',
      });
      // One answered, so the bar has a fill whose side can be checked.
      await page.addInitScript(([key, draft]) => localStorage.setItem(key, draft), [
        DRAFT_KEY,
        JSON.stringify({
          step: 'questions',
          demographics,
          answers: { [questions[0]!.id]: questions[0]!.answers[0]!.id },
        }),
      ] as const);
      await page.goto('/assessment?lang=ar');
      await page.locator('.answer-card').first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await page.locator('html').getAttribute('lang')).toBe('ar');
      await page.getByText(/^السؤال \d+ من \d+$/).waitFor();

      // Right to left: the bar fills from the right, each card's radio sits on its right, and
      // Previous is on the right of Next.
      const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
      const bar = await box('.question-progress .bp6-progress-bar');
      const meter = await box('.question-progress .bp6-progress-meter');
      expect(
        Math.abs(bar.x + bar.width - (meter.x + meter.width)),
        'the fill starts at the right',
      ).toBeLessThan(2);
      const card = await box('.answer-card');
      const radio = await box('.answer-card .bp6-control-indicator');
      expect(radio.x + radio.width / 2, 'the radio on the card’s right').toBeGreaterThan(
        card.x + card.width / 2,
      );
      const previous = await page.getByRole('button', { name: 'السابق' }).boundingBox();
      const next = await page.getByRole('button', { name: 'التالي' }).boundingBox();
      expect(previous!.x, 'Previous right of Next').toBeGreaterThan(next!.x);

      await expectAccessible(page, `the question step in Arabic at ${width} px`);
      await e2e.screenshot(page, `assessment-ar-question-${width}`);
      await context.close();
    }
  });
});
