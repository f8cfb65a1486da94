import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { fillDemographics, type Visitor } from './assessment-steps.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E, toast, VIEWS } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

describe('admin content: dashboard, pillars and questions in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;
  let downloads: string;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-content-'));
  });
  afterAll(async () => {
    await e2e?.close();
    if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
  });

  const db = () => e2e.database.db;
  const tab = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true });
  const pillarCard = (page: Page, name: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const questionCard = (page: Page, text: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name: text, exact: true }) });
  const answerGroup = (dialog: Locator, number: number) =>
    dialog.getByRole('group', { name: `Answer ${number}`, exact: true });

  /** Signs in and waits for the dashboard, where /api/login leads. */
  async function adminPage(options?: Parameters<E2E['newPage']>[0]) {
    const { context, page } = await e2e.newPage(options);
    await signIn(page, admin.email);
    await page.getByRole('heading', { name: 'Content Management System', level: 1 }).waitFor();
    return { context, page };
  }

  /** The dashboard's counts, by label. */
  async function shownStats(page: Page): Promise<Record<string, number>> {
    const list = page.getByRole('region', { name: 'Overview' }).getByRole('listitem');
    await list.first().waitFor();
    const stats: Record<string, number> = {};
    for (const text of await list.allTextContents()) {
      const [, label, value] = text.match(/^(\D+?)([\d,]+)$/)!;
      stats[label!] = Number(value!.replace(/,/g, ''));
    }
    return stats;
  }

  async function countRows(table: string, where: Record<string, unknown> = {}): Promise<number> {
    const [row] = await db()(table).where(where).count<{ count: string }[]>({ count: '*' });
    return Number(row!.count);
  }

  async function expectedStats() {
    const [questions] = await db()('questions as q')
      .join('pillars as p', 'p.id', 'q.pillar_id')
      .where('q.is_active', true)
      .where('p.is_active', true)
      .count<{ count: string }[]>({ count: '*' });
    return {
      'Active Pillars': await countRows('pillars', { is_active: true }),
      'Assessment Questions': Number(questions!.count),
      'Demographic Fields': await countRows('demographic_fields', { is_active: true }),
      Submissions: await countRows('submissions'),
    };
  }

  /** A public read, from a visitor's page (same origin, no session). */
  async function publicJson<T>(page: Page, url: string): Promise<T> {
    return page.evaluate(async (target) => (await fetch(target)).json(), url) as Promise<T>;
  }

  it('dashboard: four skeleton cards while loading, then the counts, links and quick actions', async () => {
    const { context, page } = await e2e.newPage();
    // Hold the counts back until the skeleton has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/api/admin/stats', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, admin.email);
    const loading = page.getByRole('status', { name: 'Loading statistics' });
    await loading.waitFor();
    expect(await loading.locator('.bp6-skeleton').count()).toBeGreaterThanOrEqual(4);
    expect(await loading.locator('.bp6-card').count()).toBe(4);
    release();

    expect(await shownStats(page)).toEqual(await expectedStats());
    expect(await page.locator('.bp6-skeleton').count()).toBe(0);
    expect(await tab(page, 'Dashboard').getAttribute('aria-current')).toBe('page');

    // Every link leads to a screen that exists: no dead links.
    const manage = page.getByRole('region', { name: 'Manage' }).getByRole('link');
    const hrefs = await manage.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/admin/pillars',
        '/admin/questions',
        '/admin/users',
        '/admin/api-keys',
        '/admin/api-docs',
      ]),
    );
    for (const href of hrefs) {
      await page.goto(href!);
      const title = page.getByRole('heading', { level: 1 }).first();
      await title.waitFor();
      expect(`${href}: ${await title.textContent()}`).not.toMatch(/404 Page Not Found/);
    }

    // Quick actions.
    await page.goto('/admin');
    const preview = page.getByRole('link', { name: 'Preview Assessment' });
    expect(await preview.getAttribute('href')).toBe('/');
    expect(await preview.getAttribute('target')).toBe('_blank');
    await page.getByRole('link', { name: 'Add New Question' }).click();
    await page.waitForURL('**/admin/questions');
    await page.getByRole('dialog', { name: 'Add New Question' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await tab(page, 'Dashboard').click();
    await page.getByRole('link', { name: 'Add New Pillar' }).click();
    await page.waitForURL('**/admin/pillars');
    const dialog = page.getByRole('dialog', { name: 'Add New Pillar' });
    await dialog.waitFor();
    // A new pillar comes after the last one and starts active.
    expect(await dialog.getByLabel('Order').inputValue()).toBe('7');
    expect(await dialog.getByLabel('Active').isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('dashboard: Failed to Load Dashboard when the counts cannot be read, and Try again recovers', async () => {
    const { context, page } = await e2e.newPage();
    let failing = true;
    await context.route('**/api/admin/stats', (route) =>
      failing ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
    );
    await signIn(page, admin.email);
    // Retried three times first.
    await page.getByRole('heading', { name: 'Failed to Load Dashboard' }).waitFor({ timeout: 20_000 });
    await page.getByText('Unable to fetch dashboard statistics. Please try again.').waitFor();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await shownStats(page)).toEqual(await expectedStats());
    await context.close();
  });

  it('dashboard: exports the content as a dated JSON file and imports it back', async () => {
    const { context, page } = await adminPage();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export content' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^msp-maturity-content-\d{4}-\d{2}-\d{2}\.json$/);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const document = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(document.format).toBe('msp-maturity-content');
    expect(document.pillars).toHaveLength(await countRows('pillars'));
    expect(document.questions).toHaveLength(await countRows('questions'));
    await toast(page, 'Content exported').waitFor();

    const fileInput = page.getByLabel('Content file to import');
    const dialog = page.getByRole('dialog', { name: 'Import content' });

    // Not JSON: said so, nothing sent.
    await fileInput.setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{ oops'),
    });
    await dialog.getByText('This file cannot be imported').waitFor();
    expect(await dialog.getByRole('button', { name: 'Replace all content' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Choose another file' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A file the server refuses: every problem listed, nothing changed.
    const broken = structuredClone(document);
    broken.questions[0].pillarRef = 'no-such-pillar';
    broken.pillars[1].ref = broken.pillars[0].ref;
    await fileInput.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(broken)),
    });
    await dialog.getByText('This replaces all content').waitFor();
    await dialog.getByRole('button', { name: 'Replace all content' }).click();
    await dialog.getByText('The file was not imported').waitFor();
    const problems = dialog.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem');
    expect(await problems.count()).toBeGreaterThanOrEqual(2);
    await problems.filter({ hasText: 'no pillar has ref "no-such-pillar"' }).first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Replace all content' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await countRows('questions')).toBe(document.questions.length);

    // The exported file itself: confirmed, replaced, counted.
    const submissionsBefore = await countRows('submissions');
    await fileInput.setInputFiles(file);
    await dialog.getByText(/Importing replaces all pillars, questions, demographic fields/).waitFor();
    await dialog.getByText(/Submissions are kept/).waitFor();
    await dialog
      .getByText(`${document.pillars.length} pillars, ${document.questions.length} questions`, {
        exact: false,
      })
      .waitFor();
    // Let the opening animation finish before the picture.
    await page.waitForTimeout(400);
    await e2e.screenshot(page, 'admin-import-dialog-1280-dark');
    await expectAccessible(page, 'admin-import-dialog-1280-dark');
    await dialog.getByRole('button', { name: 'Replace all content' }).click();
    await toast(page, 'Content imported').waitFor();
    await page
      .locator('.bp6-toast')
      .getByText(`${document.pillars.length} pillars, ${document.questions.length} questions`)
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await countRows('pillars')).toBe(document.pillars.length);
    expect(await countRows('questions')).toBe(document.questions.length);
    expect(await countRows('submissions')).toBe(submissionsBefore);
    expect(await shownStats(page)).toEqual(await expectedStats());
    await context.close();
  });

  it('pillars: validates, creates, edits and deletes; the public matrix and /api/pillars follow', async () => {
    const { context, page } = await adminPage();
    const visitor = await e2e.newPage();
    await tab(page, 'Pillars').click();
    await page.getByRole('heading', { name: 'Pillar Management', level: 1 }).waitFor();
    const pillarCount = await countRows('pillars');
    await pillarCard(page, 'Expertise').waitFor();
    expect(await page.getByRole('list', { name: 'Pillars' }).getByRole('article').count()).toBe(pillarCount);
    const processes = pillarCard(page, 'Processes');
    await processes.getByText('Order: 2').waitFor();
    await processes.getByText(/\d+ questions/).waitFor();

    // Validation, with the schema's messages.
    await page.getByRole('button', { name: 'Add Pillar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Pillar' });
    await dialog.getByLabel('Order').fill('-1');
    await dialog.getByRole('button', { name: 'Create Pillar' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Description is required').waitFor();
    await dialog.getByText('Order must be a positive number').waitFor();
    // The first invalid field has the focus.
    expect(await dialog.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByLabel('Name').fill('S'.repeat(101));
    await dialog.getByText('Name must be less than 100 characters').waitFor();

    // Create.
    await dialog.getByLabel('Name').fill('Security');
    await dialog
      .getByLabel('Description')
      .fill('How automation keeps client environments patched, hardened and monitored.');
    await dialog.getByLabel('Order').fill('7');
    await dialog.getByRole('button', { name: 'Create Pillar' }).click();
    await toast(page, 'Pillar created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const security = pillarCard(page, 'Security');
    await security.getByText('Order: 7').waitFor();
    await security.getByText('No questions yet').waitFor();
    expect(await security.getByText('Inactive', { exact: true }).count()).toBe(0);
    const created = await db()('pillars').where({ name: 'Security' }).first();
    expect(created).toMatchObject({ order: 7, is_active: true });

    // Visitors see it at once: a row of the matrix and an entry of /api/pillars.
    await visitor.page.goto('/matrix');
    const grid = visitor.page.getByRole('table');
    await grid.getByRole('rowheader', { name: 'Security' }).waitFor();
    const publicPillars = await publicJson<{ name: string }[]>(visitor.page, '/api/pillars');
    expect(publicPillars.map((p) => p.name)).toContain('Security');
    // And the dashboard's count followed, without a reload: the cached count shows at once and the
    // refetch the change asked for replaces it.
    await tab(page, 'Dashboard').click();
    await expect.poll(async () => (await shownStats(page))['Active Pillars']).toBe(pillarCount + 1);
    await tab(page, 'Pillars').click();

    // Edit: renamed and made inactive.
    await security.getByRole('button', { name: 'Edit Security' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Pillar' });
    expect(await edit.getByLabel('Name').inputValue()).toBe('Security');
    await edit.getByLabel('Name').fill('Security Operations');
    // The switch works from the keyboard.
    await edit.getByLabel('Active').press('Space');
    expect(await edit.getByLabel('Active').isChecked()).toBe(false);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Pillar updated successfully').waitFor();
    const renamed = pillarCard(page, 'Security Operations');
    await renamed.getByText('Inactive', { exact: true }).waitFor();
    expect(await db()('pillars').where({ id: created.id }).first()).toMatchObject({
      name: 'Security Operations',
      is_active: false,
    });
    // The first visitor's browser may keep the public reads for their max-age (a minute, so a CDN
    // can keep them too); a visitor arriving now is sent the change at once.
    const next = await e2e.newPage();
    await next.page.goto('/matrix');
    const nextGrid = next.page.getByRole('table');
    await nextGrid.getByRole('rowheader', { name: 'Expertise' }).waitFor();
    expect(await nextGrid.getByRole('rowheader', { name: /^Security/ }).count()).toBe(0);
    await next.context.close();

    // Delete, through the confirmation; Cancel first changes nothing.
    await renamed.getByRole('button', { name: 'Delete Security Operations' }).click();
    const alert = page.getByRole('alertdialog');
    await alert
      .getByText('This will remove all associated points from questions and cannot be undone.')
      .waitFor();
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await alert.waitFor({ state: 'detached' });
    await renamed.getByRole('button', { name: 'Delete Security Operations' }).click();
    await alert.getByRole('button', { name: 'Delete Pillar' }).click();
    await toast(page, 'Pillar deleted successfully').waitFor();
    await renamed.waitFor({ state: 'detached' });
    expect(await db()('pillars').where({ id: created.id }).first()).toBeUndefined();
    await visitor.context.close();
    await context.close();
  });

  it('pillars: a failed save says Error with the server message and keeps the dialog open', async () => {
    const { context, page } = await adminPage();
    await page.goto('/admin/pillars');
    await pillarCard(page, 'KPIs').getByRole('button', { name: 'Edit KPIs' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Pillar' });
    await edit.waitFor();
    // Deleted elsewhere while the form was open.
    const kpis = await db()('pillars').where({ name: 'KPIs' }).first();
    await context.route(`**/api/admin/pillars/${kpis.id}`, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Pillar not found"}' }),
    );
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Error').waitFor();
    await toast(page, 'Pillar not found').waitFor();
    expect(await edit.isVisible()).toBe(true);
    await context.close();
  });

  it('questions: shows points per pillar, validates, creates, edits and deletes; the assessment follows', async () => {
    const { context, page } = await adminPage();
    await tab(page, 'Questions').click();
    await page.getByRole('heading', { name: 'Question Management', level: 1 }).waitFor();
    const total = await countRows('questions');
    await questionCard(page, 'How does your team build its automation skills?').waitFor();
    expect(await page.getByRole('list', { name: 'Questions' }).getByRole('article').count()).toBe(total);

    // A seeded question that scores two pillars: the highest maximum first.
    const skills = questionCard(page, 'How does your team build its automation skills?');
    const badges = skills.getByRole('list', { name: 'Max points' }).getByRole('listitem');
    expect(await badges.allTextContents()).toEqual(['Expertise 3', 'Leadership 2']);
    await skills.getByText('Order: 2').waitFor();
    await skills.getByText('4 answers').waitFor();
    // The answers open from the keyboard.
    const toggle = skills.getByRole('button', { name: 'Show answers (4)' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const answers = skills.getByRole('list', { name: 'Answer choices' }).getByRole('listitem');
    await answers.first().waitFor();
    expect(await answers.count()).toBe(4);
    await answers.nth(2).getByText('Expertise +2').waitFor();
    await answers.nth(2).getByText('Leadership +1').waitFor();
    await answers.nth(0).getByText('0 points').waitFor();
    expect(await skills.getByRole('button', { name: 'Hide answers' }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    // Validation.
    await page.getByRole('button', { name: 'Add Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Question' });
    await dialog.getByRole('button', { name: 'Create Question' }).click();
    await dialog.getByText('Question text is required').waitFor();
    await dialog.getByText('Please select a pillar').filter({ visible: true }).waitFor();
    expect(await dialog.getByText('Answer text is required').count()).toBe(4);
    // Down to the two answers a question needs; no further.
    await answerGroup(dialog, 4).getByRole('button', { name: 'Remove answer 4' }).click();
    await answerGroup(dialog, 3).getByRole('button', { name: 'Remove answer 3' }).click();
    expect(
      await dialog
        .getByRole('button', { name: /^Remove answer/ })
        .evaluateAll((buttons) => buttons.map((button) => (button as HTMLButtonElement).disabled)),
    ).toEqual([true, true]);
    await e2e.screenshot(page, 'admin-question-validation-1280-dark');
    await expectAccessible(page, 'admin-question-validation-1280-dark');

    // Create: two answers, the second scoring KPIs 3 and Leadership 1.
    const text = 'How do you measure the time your automations save?';
    await dialog.getByLabel('Question').fill(text);
    await dialog.getByLabel('Pillar').selectOption({ label: 'KPIs' });
    await dialog.getByLabel('Order').first().fill('31');
    await answerGroup(dialog, 1).getByLabel('Answer text').fill('We do not measure it.');
    await answerGroup(dialog, 2)
      .getByLabel('Answer text')
      .fill('Every automation reports the minutes it saves into a dashboard.');
    await answerGroup(dialog, 2).getByLabel('Description').fill('For example, a PSA time entry per run.');
    await answerGroup(dialog, 2)
      .getByRole('radiogroup', { name: 'KPIs points' })
      .getByRole('radio', { name: '3' })
      .click();
    await answerGroup(dialog, 2)
      .getByRole('radiogroup', { name: 'Leadership points' })
      .getByRole('radio', { name: '1' })
      .click();
    await dialog.getByRole('button', { name: 'Create Question' }).click();
    await toast(page, 'Question created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = questionCard(page, text);
    expect(
      await card.getByRole('list', { name: 'Max points' }).getByRole('listitem').allTextContents(),
    ).toEqual(['KPIs 3', 'Leadership 1']);
    await card.getByText('2 answers').waitFor();
    await card.getByText('Order: 31').waitFor();
    const saved = await db()('questions').where({ text }).first();
    const savedAnswers = await db()('answers').where({ question_id: saved.id }).orderBy('order');
    expect(savedAnswers.map((a) => [a.text, a.description, a.order])).toEqual([
      ['We do not measure it.', null, 1],
      [
        'Every automation reports the minutes it saves into a dashboard.',
        'For example, a PSA time entry per run.',
        2,
      ],
    ]);
    // Only allocations above 0 are stored.
    const allocations = await db()('point_allocations').whereIn(
      'answer_id',
      savedAnswers.map((a) => a.id),
    );
    expect(allocations).toHaveLength(2);
    await tab(page, 'Dashboard').click();
    await expect
      .poll(async () => (await shownStats(page))['Assessment Questions'])
      .toBe((await expectedStats())['Assessment Questions']);
    await tab(page, 'Questions').click();

    // Edit: the form opens filled in; saving replaces the question, its answers and points.
    await card.getByRole('button', { name: /^Edit question/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Question' });
    expect(await edit.getByLabel('Question').inputValue()).toBe(text);
    expect(
      await answerGroup(edit, 2)
        .getByRole('radiogroup', { name: 'KPIs points' })
        .getByRole('radio', { name: '3' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    const edited = 'How do you measure the hours your automations save each month?';
    await edit.getByLabel('Question').fill(edited);
    await edit.getByRole('button', { name: 'Add answer' }).click();
    const third = answerGroup(edit, 3);
    // The new answer's text has the focus; points can be set from the keyboard too.
    expect(await third.getByLabel('Answer text').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('We report saved hours to clients in every business review.');
    await third.getByRole('radiogroup', { name: 'KPIs points' }).getByRole('radio', { name: '0' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(
      await third
        .getByRole('radiogroup', { name: 'KPIs points' })
        .getByRole('radio', { name: '2' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Question updated successfully').waitFor();
    await edit.waitFor({ state: 'detached' });
    const editedCard = questionCard(page, edited);
    await editedCard.getByText('3 answers').waitFor();
    expect(await db()('questions').where({ id: saved.id }).first()).toMatchObject({ text: edited });

    // A visitor meets the edited question in the assessment.
    const visitor = await e2e.newPage();
    const publicQuestions = await (async () => {
      await visitor.page.goto('/');
      return publicJson<{ text: string; answers: unknown[] }[]>(visitor.page, '/api/assessment-questions');
    })();
    expect(publicQuestions.find((q) => q.text === edited)?.answers).toHaveLength(3);
    await visitor.page.goto('/assessment');
    await fillDemographics(visitor.page, visitorDetails);
    await visitor.page.getByRole('button', { name: 'Next' }).click();
    let found = false;
    for (let step = 0; step < publicQuestions.length && !found; step++) {
      await visitor.page.getByText(/^Question \d+ of \d+$/).waitFor();
      if (await visitor.page.getByText(edited, { exact: true }).count()) {
        found = true;
        await visitor.page
          .getByRole('radio', { name: 'We report saved hours to clients in every business review.' })
          .waitFor();
        break;
      }
      await visitor.page.getByRole('radio').first().check();
      await visitor.page.getByRole('button', { name: 'Next' }).click();
    }
    expect(found).toBe(true);
    await visitor.context.close();

    // Delete, through the confirmation.
    await editedCard.getByRole('button', { name: /^Delete question/ }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Are you sure you want to delete this question? This cannot be undone.').waitFor();
    await alert.getByRole('button', { name: 'Delete Question' }).click();
    await toast(page, 'Question deleted successfully').waitFor();
    await editedCard.waitFor({ state: 'detached' });
    expect(await db()('questions').where({ id: saved.id }).first()).toBeUndefined();
    expect(await db()('answers').where({ question_id: saved.id })).toHaveLength(0);
    await context.close();
  });

  it('questions: a question without a pillar is flagged and can be given one', async () => {
    const [question] = await db()('questions')
      .insert({
        text: 'Which of your automations run without anyone watching?',
        pillar_id: null,
        order: 99,
        is_active: true,
      })
      .returning<{ id: number }[]>('id');
    await db()('answers').insert([
      { question_id: question!.id, text: 'None of them.', order: 1 },
      { question_id: question!.id, text: 'Most of them, with alerts when they fail.', order: 2 },
    ]);
    const { context, page } = await adminPage();
    await page.goto('/admin/questions');
    const card = questionCard(page, 'Which of your automations run without anyone watching?');
    await card.getByText('No pillar', { exact: true }).waitFor();
    await page.getByText(/1 question has no pillar and is not asked in the assessment/).waitFor();
    await page.getByLabel('Filter by pillar').selectOption({ label: 'No pillar (1)' });
    expect(await page.getByRole('list', { name: 'Questions' }).getByRole('article').count()).toBe(1);

    await card.getByRole('button', { name: /^Edit question/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Question' });
    await edit.getByText(/lost its pillar/).waitFor();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('Please select a pillar').filter({ visible: true }).waitFor();
    await edit.getByLabel('Pillar').selectOption({ label: 'Tooling' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Question updated successfully').waitFor();
    // The "No pillar" filter goes with the last such question: every question is listed again.
    await card.getByText('Tooling', { exact: true }).waitFor();
    expect(await page.getByLabel('Filter by pillar').inputValue()).toBe('all');
    expect(await page.getByRole('list', { name: 'Questions' }).getByRole('article').count()).toBe(
      await countRows('questions'),
    );
    expect(await card.getByText('No pillar', { exact: true }).count()).toBe(0);
    const tooling = await db()('pillars').where({ name: 'Tooling' }).first();
    expect((await db()('questions').where({ id: question!.id }).first()).pillar_id).toBe(tooling.id);
    await context.close();
  });

  it('looks right at 1280 and 390 px in light and dark', async () => {
    const noOverflow = async (page: Page) =>
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
    for (const [width, theme] of VIEWS) {
      const { context, page } = await adminPage({ width, theme, colorScheme: theme });
      await shownStats(page);
      await noOverflow(page);
      await e2e.screenshot(page, `admin-dashboard-${width}-${theme}`);
      await expectAccessible(page, `admin-dashboard-${width}-${theme}`);

      await tab(page, 'Pillars').click();
      await pillarCard(page, 'Expertise').waitFor();
      await noOverflow(page);
      await e2e.screenshot(page, `admin-pillars-${width}-${theme}`);
      await expectAccessible(page, `admin-pillars-${width}-${theme}`);

      await tab(page, 'Questions').click();
      const card = questionCard(page, 'How does your team build its automation skills?');
      await card.getByRole('button', { name: 'Show answers (4)' }).click();
      await card.getByRole('list', { name: 'Answer choices' }).waitFor();
      await noOverflow(page);
      await e2e.screenshot(page, `admin-questions-${width}-${theme}`);
      await expectAccessible(page, `admin-questions-${width}-${theme}`);

      await card.getByRole('button', { name: /^Edit question/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Question' });
      await edit.waitFor();
      // Let the opening animation finish before the picture.
      await page.waitForTimeout(400);
      await e2e.screenshot(page, `admin-question-edit-${width}-${theme}`);
      await expectAccessible(page, `admin-question-edit-${width}-${theme}`);
      await context.close();
    }
  });
});

const visitorDetails = {
  text: {
    'First Name': 'Dana',
    'Last Name': 'Reyes',
    'Email Address': 'dana@northwind-it.example',
    'Company Name': 'Northwind IT',
  },
  employees: '11-25',
  companies: '26-50',
} satisfies Visitor;
