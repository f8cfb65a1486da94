import { renderTemplate, SAMPLE_TEMPLATE_VALUES } from '@msp/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E, toast, VIEWS } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

type Theme = 'light' | 'dark';

describe('admin content model in Chromium: demographic fields, matrix and email templates', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  /** A signed-in admin on an admin screen, waiting for its heading. */
  async function adminPage(
    path: string,
    heading: string,
    options: { width?: number; theme?: Theme } = {},
  ): Promise<{ page: Page; close: () => Promise<void> }> {
    const theme = options.theme ?? 'dark';
    const { context, page } = await e2e.newPage({ width: options.width, theme, colorScheme: theme });
    await signIn(page, admin.email, path);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    return { page, close: () => context.close() };
  }

  const horizontalOverflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const db = () => e2e.database.db;

  describe('Demographic Fields', () => {
    const cards = (page: Page) =>
      page.getByRole('list', { name: 'Demographic fields' }).getByRole('listitem');
    const card = (page: Page, label: string) =>
      cards(page).filter({ has: page.getByRole('heading', { name: label, exact: true }) });

    it('lists the fields by display order, each with its identifier, type, order and markers', async () => {
      const { page, close } = await adminPage('/admin/demographic-fields', 'Demographic Fields');
      const tab = page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Demographics' });
      expect(await tab.getAttribute('aria-current')).toBe('page');
      await cards(page).first().waitFor();
      const seeded = await db()('demographic_fields').orderBy([{ column: 'order' }, { column: 'id' }]);
      expect(await cards(page).getByRole('heading').allTextContents()).toEqual(seeded.map((f) => f.label));

      const role = card(page, 'Your Role');
      await role.locator('code').getByText('role', { exact: true }).waitFor();
      await role.getByText('Select', { exact: true }).waitFor();
      await role.getByText(`Order: ${seeded.find((f) => f.identifier === 'role').order}`).waitFor();
      await role
        .getByText(/Owner \/ CEO, Operations \/ Service Manager, Technical Lead \/ Engineer/)
        .waitFor();
      // "Your Role" is optional; the names are required.
      expect(await role.getByText('Required', { exact: true }).count()).toBe(0);
      await card(page, 'First Name').getByText('Required', { exact: true }).waitFor();
      expect(await cards(page).getByText('Inactive', { exact: true }).count()).toBe(0);
      await close();
    });

    it('creates a field with validation, shows a taken identifier at its input, and visitors are asked it', async () => {
      const { page, close } = await adminPage('/admin/demographic-fields', 'Demographic Fields');
      const existing = await cards(page).count();
      await page.getByRole('button', { name: 'Add Field' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Demographic Field' });
      await dialog.waitFor();
      // Create defaults: text, required, active, placed after the existing fields.
      expect(await dialog.getByLabel('Field type').inputValue()).toBe('text');
      expect(await dialog.getByLabel('Order').inputValue()).toBe(String(existing + 1));
      await dialog.getByText('Lower numbers appear first.').waitFor();
      expect(await dialog.getByRole('switch', { name: 'Required' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
      expect(await dialog.getByLabel('Options').count()).toBe(0);

      // A new field's identifier follows its label until one is typed.
      await dialog.getByLabel('Label').fill('Number of Sites (approx.)');
      expect(await dialog.getByLabel('Identifier').inputValue()).toBe('number_of_sites_approx');
      await dialog.getByLabel('Label').fill('');

      // The server's rules, with its words, on the form.
      await dialog.getByLabel('Identifier').fill('PSA Tool');
      await dialog.getByRole('button', { name: 'Create Field' }).click();
      await dialog.getByText('Identifier must be lowercase letters, numbers, and underscores only').waitFor();
      await dialog.getByText('Label is required').waitFor();
      expect(await dialog.getByLabel('Identifier').getAttribute('aria-invalid')).toBe('true');

      // Options appear for select (and radio) and must be a JSON array of strings.
      await dialog.getByLabel('Field type').selectOption('select');
      const options = dialog.getByLabel('Options');
      await options.fill('ConnectWise, Autotask');
      await dialog.getByLabel('Identifier').fill('psa_platform');
      await dialog.getByLabel('Label').fill('Which PSA do you use?');
      await dialog.getByLabel('Order').fill('0');
      await dialog.getByRole('button', { name: 'Create Field' }).click();
      await dialog.getByText('Options must be a JSON array of text values, e.g. ["1-5", "6-10"]').waitFor();
      await e2e.screenshot(page, 'admin-demographic-dialog-1280-dark');
      await expectAccessible(page, 'admin-demographic-dialog-1280-dark');

      // A taken identifier comes back from the server: toast, and the message at the input.
      await options.fill('["ConnectWise", "Autotask", "HaloPSA"]');
      await dialog.getByLabel('Identifier').fill('company');
      await dialog.getByRole('button', { name: 'Create Field' }).click();
      await toast(page, 'A field with this identifier already exists').waitFor();
      await dialog.getByText('A field with this identifier already exists').waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
        .toBe('true');

      await dialog.getByLabel('Identifier').fill('psa_platform');
      await dialog.getByRole('button', { name: 'Create Field' }).click();
      await toast(page, 'Demographic field created successfully').waitFor();
      await dialog.waitFor({ state: 'detached' });
      // Order 0 puts it first.
      const created = card(page, 'Which PSA do you use?');
      await created.getByText('Options: ConnectWise, Autotask, HaloPSA').waitFor();
      expect(await cards(page).first().getByRole('heading').textContent()).toBe('Which PSA do you use?');
      await created.getByText('Order: 0').waitFor();
      await created.getByText('Required', { exact: true }).waitFor();
      const row = await db()('demographic_fields').where({ identifier: 'psa_platform' }).first();
      expect(row).toMatchObject({
        label: 'Which PSA do you use?',
        field_type: 'select',
        order: 0,
        is_required: true,
        is_active: true,
      });
      expect(row.options).toEqual(['ConnectWise', 'Autotask', 'HaloPSA']);
      await close();

      // A visitor is asked it first, as a required choice.
      const visitor = await e2e.newPage();
      await visitor.page.goto('/assessment');
      await visitor.page.getByText('First, tell us about yourself and your MSP').waitFor();
      const select = visitor.page.getByRole('combobox', { name: 'Which PSA do you use?' });
      await select.waitFor();
      expect(await select.getAttribute('aria-required')).toBe('true');
      expect(await select.locator('option').allTextContents()).toEqual([
        'Select...',
        'ConnectWise',
        'Autotask',
        'HaloPSA',
      ]);
      // Order 0: the first thing the visitor is asked.
      const requiredInOrder = await visitor.page
        .locator('form [aria-required="true"]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')));
      expect(requiredInOrder[0]).toBe('Which PSA do you use?');
      await visitor.context.close();
    });

    it('edits a field in the same form and deletes it through the confirmation', async () => {
      await db()('demographic_fields').insert({
        identifier: 'rmm_platform',
        label: 'Which RMM do you use?',
        field_type: 'text',
        options: null,
        order: 40,
        is_required: false,
        is_active: true,
      });
      const { page, close } = await adminPage('/admin/demographic-fields', 'Demographic Fields');
      const before = card(page, 'Which RMM do you use?');
      await before.getByRole('button', { name: 'Edit Which RMM do you use?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Demographic Field' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Identifier').inputValue()).toBe('rmm_platform');
      expect(await dialog.getByLabel('Order').inputValue()).toBe('40');
      expect(await dialog.getByRole('switch', { name: 'Required' }).isChecked()).toBe(false);

      await dialog.getByLabel('Label').fill('Which RMM platform do you use?');
      await dialog.getByLabel('Field type').selectOption('radio');
      await dialog.getByLabel('Options').fill('["NinjaOne", "Datto RMM", "N-able"]');
      // Toggled by the label people click: the switch's own input is hidden under its track, and
      // a forced click at its centre can miss while the options box above it grows in.
      await dialog
        .locator('label')
        .filter({ hasText: /^Active$/ })
        .click();
      expect(await dialog.getByRole('switch', { name: 'Active' }).isChecked()).toBe(false);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Demographic field updated successfully').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const edited = card(page, 'Which RMM platform do you use?');
      await edited.getByText('Inactive', { exact: true }).waitFor();
      await edited.getByText('Radio', { exact: true }).waitFor();
      await edited.getByText('Options: NinjaOne, Datto RMM, N-able').waitFor();
      expect(await db()('demographic_fields').where({ identifier: 'rmm_platform' }).first()).toMatchObject({
        label: 'Which RMM platform do you use?',
        field_type: 'radio',
        is_active: false,
      });

      // Cancel keeps it; Delete removes it.
      await edited.getByRole('button', { name: 'Delete Which RMM platform do you use?' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('Are you sure you want to delete this demographic field?').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await edited.count()).toBe(1);

      await edited.getByRole('button', { name: 'Delete Which RMM platform do you use?' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Demographic field deleted successfully').waitFor();
      await edited.waitFor({ state: 'detached' });
      expect(await db()('demographic_fields').where({ identifier: 'rmm_platform' }).first()).toBeUndefined();
      await close();
    });

    it('shows Failed to fetch with a retry when the list cannot be read', async () => {
      const { page, close } = await adminPage('/admin/demographic-fields', 'Demographic Fields');
      let failing = true;
      await page
        .context()
        .route('**/api/admin/demographic-fields', (route) =>
          failing
            ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
            : route.continue(),
        );
      await page.reload();
      await page.getByRole('heading', { name: 'Failed to fetch' }).waitFor({ timeout: 20_000 });
      await toast(page, 'Failed to fetch').waitFor();
      await page.getByText('500: {"message":"boom"}').waitFor();
      failing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await cards(page).first().waitFor();
      await close();
    });
  });

  describe('Matrix Management', () => {
    const pillarId = async (name: string) =>
      ((await db()('pillars').where({ name }).first()) as { id: number }).id;

    it('edits a cell through its detail dialog, with validation, and the public matrix shows it', async () => {
      const { page, close } = await adminPage('/admin/matrix', 'Matrix Management');
      const table = page.getByRole('table');
      for (const header of ['Level 0: None', 'Level 1: Some', 'Level 2: Advanced', 'Level 3: Mature']) {
        await table.getByRole('columnheader', { name: new RegExp(header) }).waitFor();
      }
      expect(await table.getByRole('rowheader').allTextContents()).toEqual([
        'Expertise',
        'Processes',
        'Alignment',
        'Leadership',
        'Tooling',
        'KPIs',
      ]);

      // The read-only view: three groups, multi-line text as lists, and Edit Cell.
      await page.getByRole('button', { name: 'View Processes — Level 2: Advanced' }).click();
      const view = page.getByRole('dialog', { name: 'Processes — Level 2: Advanced' });
      await view.waitFor();
      for (const group of ['Basic Information', 'Supporting Details', 'Measurement & Growth']) {
        await view.getByRole('heading', { name: group }).waitFor();
      }
      expect(await view.getByRole('listitem').count()).toBeGreaterThan(3);
      await e2e.screenshot(page, 'admin-matrix-view-dialog-1280-dark');
      await expectAccessible(page, 'admin-matrix-view-dialog-1280-dark');
      await view.getByRole('button', { name: 'Edit Cell' }).click();

      const edit = page.getByRole('dialog', { name: 'Edit Cell: Processes — Level 2: Advanced' });
      await edit.waitFor();
      const short = edit.getByLabel('Short description');
      const saved = await db()('matrix_cells')
        .where({ pillar_id: await pillarId('Processes'), level: 2 })
        .first();
      expect(await short.inputValue()).toBe(saved.short_description);
      await edit.getByText(`${saved.short_description.length}/200`).waitFor();

      await short.fill('');
      await edit.getByLabel('Detailed content').fill('');
      await edit.getByRole('button', { name: 'Save Cell' }).click();
      await edit.getByText('Short description is required').waitFor();
      await edit.getByText('Detailed content is required').waitFor();
      await short.fill('x'.repeat(201));
      await edit.getByText('201/200').waitFor();
      await edit.getByRole('button', { name: 'Save Cell' }).click();
      await edit.getByText('Short description must be at most 200 characters').waitFor();
      await e2e.screenshot(page, 'admin-matrix-edit-dialog-1280-dark');
      await expectAccessible(page, 'admin-matrix-edit-dialog-1280-dark');

      await short.fill('Ticket triage runs on documented, automated workflows');
      await edit
        .getByLabel('Detailed content')
        .fill('Every ticket is routed by rules.\nTechnicians only handle what needs judgement.');
      await edit
        .getByLabel('Requirements')
        .fill('- Documented triage rules\n- Automated routing by client and priority');
      await edit.getByRole('button', { name: 'Save Cell' }).click();
      await toast(page, 'Matrix cell updated successfully').waitFor();
      await edit.waitFor({ state: 'detached' });
      const processes = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Processes' }) });
      await processes.getByText('Ticket triage runs on documented, automated workflows').waitFor();
      await close();

      // Visitors see the new text, and the dash lines as a list.
      const visitor = await e2e.newPage();
      await visitor.page.goto('/matrix');
      const cell = visitor.page
        .getByRole('row')
        .filter({ has: visitor.page.getByRole('rowheader', { name: 'Processes' }) })
        .getByRole('button')
        .nth(2);
      expect(await cell.textContent()).toContain('Ticket triage runs on documented, automated workflows');
      await cell.click();
      const dialog = visitor.page.getByRole('dialog');
      await dialog.getByText('Processes — Level 2: Advanced').waitFor();
      await dialog.getByRole('listitem').filter({ hasText: 'Documented triage rules' }).waitFor();
      await dialog
        .getByRole('listitem')
        .filter({ hasText: 'Automated routing by client and priority' })
        .waitFor();
      expect(await dialog.getByText('- Documented triage rules').count()).toBe(0);
      await visitor.context.close();
    });

    it('fills an empty cell through Add Content', async () => {
      const kpis = await pillarId('KPIs');
      await db()('matrix_cells').where({ pillar_id: kpis, level: 0 }).delete();
      const { page, close } = await adminPage('/admin/matrix', 'Matrix Management');
      await page.getByText('23 of 24 cells filled').waitFor();
      await page.getByRole('button', { name: 'Add Content: KPIs — Level 0: None' }).click();
      const create = page.getByRole('dialog', { name: 'Create Cell: KPIs — Level 0: None' });
      await create.waitFor();
      expect(await create.getByLabel('Short description').inputValue()).toBe('');
      await create.getByLabel('Short description').fill('No shared numbers; success is a feeling');
      await create
        .getByLabel('Detailed content')
        .fill('Nobody tracks how work flows through the service desk.');
      await create.getByRole('button', { name: 'Create Cell' }).click();
      await toast(page, 'Matrix cell updated successfully').waitFor();
      await create.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'View KPIs — Level 0: None' }).waitFor();
      await page.getByText('No shared numbers; success is a feeling').waitFor();
      await page.getByText('24 of 24 cells filled').waitFor();
      expect(await db()('matrix_cells').where({ pillar_id: kpis, level: 0 }).first()).toMatchObject({
        short_description: 'No shared numbers; success is a feeling',
        requirements: null,
      });
      await close();
    });
  });

  describe('Email Templates', () => {
    const rows = (page: Page) => page.getByRole('list', { name: 'Email templates' }).getByRole('listitem');
    const row = (page: Page, name: string) =>
      rows(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

    it('creates a template with a live, sandboxed preview and replaces the active one', async () => {
      const { page, close } = await adminPage('/admin/email-templates', 'Email Templates');
      const seeded = row(page, 'Assessment results');
      await seeded.getByText('Active', { exact: true }).waitFor();
      await seeded.getByText('Your MSP automation maturity results for {{companyName}}').waitFor();

      await page.getByRole('button', { name: 'New Template' }).click();
      await page.getByRole('heading', { name: 'New Email Template' }).waitFor();
      expect(page.url()).toContain('template=new');
      // New templates start inactive.
      const active = page.getByRole('switch', { name: 'Active' });
      expect(await active.isChecked()).toBe(false);

      await page.getByLabel('Email subject').fill('');
      await page.getByRole('button', { name: 'Create Template' }).click();
      await page.getByText('Template name is required').waitFor();
      await page.getByText('Email subject is required').waitFor();

      // Variables go in at the caret: the subject's end here.
      const subject = page.getByLabel('Email subject');
      await subject.fill('Results for ');
      await subject.press('End');
      await page.getByRole('button', { name: 'Insert companyName' }).click();
      expect(await subject.inputValue()).toBe('Results for {{companyName}}');

      const body =
        '<h1>Hello {{firstName}} {{lastName}} from {{companyName}}</h1>\n' +
        '<p id="unknown">Dear {{first_name}}</p>\n' +
        '<script>document.body.textContent = "script ran"</script>\n';
      await page.getByLabel('HTML body').fill(body);
      await page.getByLabel('Template name').fill('Follow-up email');

      // An unknown variable is flagged, and left as written.
      const warning = page.getByRole('status').filter({ hasText: 'Unknown variable:' });
      await warning.getByText('{{first_name}}').waitFor();

      // The preview: the sample values, escaped, in an iframe that may run nothing.
      const frameElement = page.locator('iframe[title="Email preview"]');
      await expect
        .poll(() => frameElement.getAttribute('srcdoc'))
        .toBe(renderTemplate(body, SAMPLE_TEMPLATE_VALUES));
      expect(await frameElement.getAttribute('sandbox')).toBe('');
      const frame = page.frameLocator('iframe[title="Email preview"]');
      await frame.getByRole('heading', { name: 'Hello Dana Reyes from Northwind IT' }).waitFor();
      expect(await frame.locator('#unknown').textContent()).toBe('Dear {{first_name}}');
      expect(await frame.getByText('script ran').count()).toBe(0);
      await page.getByTestId('preview-subject').getByText('Results for Northwind IT').waitFor();

      await active.check({ force: true });
      await page.getByText('Saving deactivates “Assessment results”.').waitFor();
      await e2e.screenshot(page, 'admin-email-template-new-1280-dark');
      await expectAccessible(page, 'admin-email-template-new-1280-dark');
      await page.getByRole('button', { name: 'Create Template' }).click();
      await toast(page, 'Email template created successfully').waitFor();
      await page.getByRole('heading', { name: 'Email Templates', level: 1 }).waitFor();

      // Only one template is active: the new one, listed first.
      const created = row(page, 'Follow-up email');
      await created.getByText('Active', { exact: true }).waitFor();
      await expect.poll(() => seeded.getByText('Active', { exact: true }).count()).toBe(0);
      expect(await rows(page).first().getByRole('heading').textContent()).toBe('Follow-up email');
      const stored = await db()('email_templates').orderBy('id');
      expect(stored.map((t) => [t.name, t.is_active])).toEqual([
        ['Assessment results', false],
        ['Follow-up email', true],
      ]);
      expect(stored[1]).toMatchObject({ subject: 'Results for {{companyName}}', html_body: body.trim() });
      await close();
    });

    it('edits a template and deletes one through the confirmation', async () => {
      const [{ id }] = await db()('email_templates')
        .insert({
          name: 'Reminder',
          subject: 'Your results',
          html_body: '<p>Hi {{firstName}}</p>',
          is_active: false,
        })
        .returning('id');
      const { page, close } = await adminPage('/admin/email-templates', 'Email Templates');
      await row(page, 'Reminder').getByRole('button', { name: 'Edit Reminder' }).click();
      await page.getByRole('heading', { name: 'Edit Email Template' }).waitFor();
      expect(page.url()).toContain(`template=${id}`);
      expect(await page.getByLabel('HTML body').inputValue()).toBe('<p>Hi {{firstName}}</p>');
      await page.frameLocator('iframe[title="Email preview"]').getByText('Hi Dana').waitFor();

      await page.getByLabel('Email subject').fill('{{firstName}}, a reminder about your results');
      // Leaving with unsaved changes asks first; keeping them stays in the editor.
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      const discard = page.getByRole('alertdialog');
      await discard.getByText('Discard your unsaved changes to this template?').waitFor();
      await discard.getByRole('button', { name: 'Keep Editing' }).click();
      await discard.waitFor({ state: 'detached' });
      expect(await page.getByLabel('Email subject').inputValue()).toBe(
        '{{firstName}}, a reminder about your results',
      );
      await page.getByRole('button', { name: 'Save Template' }).click();
      await toast(page, 'Email template updated successfully').waitFor();
      await row(page, 'Reminder').getByText('{{firstName}}, a reminder about your results').waitFor();
      expect((await db()('email_templates').where({ id }).first()).subject).toBe(
        '{{firstName}}, a reminder about your results',
      );

      // Cancelling the confirmation keeps it.
      const confirm = page.getByRole('alertdialog');
      await row(page, 'Reminder').getByRole('button', { name: 'Delete Reminder' }).click();
      await confirm.getByText('Are you sure you want to delete the email template "Reminder"?').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await db()('email_templates').where({ id }).first()).toBeDefined();

      await row(page, 'Reminder').getByRole('button', { name: 'Delete Reminder' }).click();
      await confirm.getByRole('button', { name: 'Delete Template' }).click();
      await toast(page, 'Email template deleted successfully').waitFor();
      await row(page, 'Reminder').waitFor({ state: 'detached' });
      expect(await db()('email_templates').where({ id }).first()).toBeUndefined();
      await close();
    });
  });

  it('looks right at 1280 and 390 px in light and dark', async () => {
    // One empty cell, to show Add Content.
    const tooling = (await db()('pillars').where({ name: 'Tooling' }).first()) as { id: number };
    await db()('matrix_cells').where({ pillar_id: tooling.id, level: 3 }).delete();
    const screens = [
      { tab: 'Demographics', heading: 'Demographic Fields', name: 'demographics' },
      { tab: 'Matrix', heading: 'Matrix Management', name: 'matrix' },
      { tab: 'Email Templates', heading: 'Email Templates', name: 'email-templates' },
    ];
    for (const [width, theme] of VIEWS) {
      const { page, close } = await adminPage('/admin/demographic-fields', 'Demographic Fields', {
        width,
        theme,
      });
      for (const screen of screens) {
        await page
          .getByRole('navigation', { name: 'Admin sections' })
          .getByRole('link', { name: screen.tab, exact: true })
          .click();
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        await page.locator('.bp6-skeleton').first().waitFor({ state: 'detached' });
        if (screen.name === 'matrix') {
          // Phones get one card per pillar instead of the wide table.
          const layout =
            width === 390
              ? page.getByRole('list', { name: 'Matrix content by pillar' })
              : page.getByRole('table');
          await layout.waitFor();
        }
        expect(await horizontalOverflow(page)).toBe(0);
        await e2e.screenshot(page, `admin-${screen.name}-${width}-${theme}`);
        await expectAccessible(page, `admin-${screen.name}-${width}-${theme}`);
        if (screen.name === 'demographics') {
          await page.getByRole('button', { name: 'Add Field' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add Demographic Field' });
          await dialog.getByLabel('Field type').selectOption('radio');
          await dialog.getByLabel('Options').waitFor();
          await e2e.screenshot(page, `admin-demographic-dialog-${width}-${theme}`);
          await expectAccessible(page, `admin-demographic-dialog-${width}-${theme}`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      }

      // The template editor: side by side on desktop; on phones, Edit and Preview take turns.
      await page.getByRole('button', { name: 'Edit Assessment results' }).click();
      await page.getByRole('heading', { name: 'Edit Email Template' }).waitFor();
      const frame = page.locator('iframe[title="Email preview"]');
      if (width === 390) {
        expect(await frame.isVisible()).toBe(false);
        expect(await horizontalOverflow(page)).toBe(0);
        await e2e.screenshot(page, `admin-email-template-editor-${width}-${theme}`);
        await expectAccessible(page, `admin-email-template-editor-${width}-${theme}`);
        await page.getByRole('radio', { name: 'Preview' }).click();
        expect(await page.getByLabel('HTML body').isVisible()).toBe(false);
      }
      await page
        .frameLocator('iframe[title="Email preview"]')
        .getByText('Your level in each pillar')
        .waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await e2e.screenshot(
        page,
        width === 390
          ? `admin-email-template-preview-${width}-${theme}`
          : `admin-email-template-editor-${width}-${theme}`,
      );
      await expectAccessible(
        page,
        width === 390
          ? `admin-email-template-preview-${width}-${theme}`
          : `admin-email-template-editor-${width}-${theme}`,
      );

      // A matrix dialog.
      await page.goto('/admin/matrix');
      await page.getByRole('button', { name: 'View Leadership — Level 1: Some' }).click();
      const view = page.getByRole('dialog', { name: 'Leadership — Level 1: Some' });
      await view.getByRole('heading', { name: 'Measurement & Growth' }).waitFor();
      await e2e.screenshot(page, `admin-matrix-dialog-${width}-${theme}`);
      await expectAccessible(page, `admin-matrix-dialog-${width}-${theme}`);
      await view.getByRole('button', { name: 'Edit Cell' }).click();
      await page.getByRole('dialog', { name: 'Edit Cell: Leadership — Level 1: Some' }).waitFor();
      await e2e.screenshot(page, `admin-matrix-edit-${width}-${theme}`);
      await expectAccessible(page, `admin-matrix-edit-${width}-${theme}`);
      await close();
    }
  });
});
