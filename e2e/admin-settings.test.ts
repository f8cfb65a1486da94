import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { DEFAULT_PRIVACY_NOTICE } from '../services-api/src/plugins/settings/settings-service.js';
import { fillDemographics, type Visitor } from './assessment-steps.js';
import { expectAccessible } from './axe.js';
import { startE2E, toast, VIEWPORTS, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

const visitor = {
  text: {
    'First Name': 'Robin',
    'Last Name': 'Settings',
    'Email Address': 'robin@settings-msp.example',
    'Company Name': 'Settings MSP',
  },
  employees: '11-25',
  companies: '26-50',
} satisfies Visitor;

const NOTICE = 'Northwind IT emails you your results and nothing else.';

describe('the Settings screen in Chromium: from a default install to the provider’s own links', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    // No provider site: every link falls back to this site, as on a fresh install. The provider's
    // name stays set in the environment, so the screen shows one locked setting.
    e2e = await startE2E({ env: { PROVIDER_URL: '' } });
    admin = await createAdmin(e2e.database.db, 'settings.admin@msp.example');
  });
  afterAll(() => e2e?.close());

  const openAdmin = async (viewport: (typeof VIEWPORTS)[number], path: string) => {
    const { context, page } = await e2e.newPage(viewport);
    await signIn(page, admin.email, path);
    return { context, page };
  };
  const settingsRegion = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  it('warns on the dashboard while links lead back to the site and email is not configured', async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await openAdmin(viewport, '/admin');
      const warnings = page.getByRole('region', { name: 'Needs attention' });
      await warnings.getByText('Email is not configured').waitFor();
      await warnings.getByText('Links lead back to this site').waitFor();
      await warnings
        .getByText(
          /^Provider's website, Privacy policy, Terms of service, About page, IMPACT tools, Call to action link still point at this site/,
        )
        .waitFor();
      await e2e.screenshot(page, `admin-dashboard-warnings-${viewport.name}`);
      await expectAccessible(page, `dashboard warnings ${viewport.name}`);
      await context.close();
    }
  });

  it('shows the default privacy notice under the email field until the operator sets one', async () => {
    const { context, page } = await e2e.newPage(VIEWPORTS[1]);
    await page.goto('/assessment');
    const email = page.getByLabel('Email Address', { exact: true });
    await email.waitFor();
    await page.getByText(DEFAULT_PRIVACY_NOTICE).waitFor();
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(DEFAULT_PRIVACY_NOTICE);
    await e2e.screenshot(page, 'assessment-privacy-notice-default-390-light');
    await context.close();
  });

  it('shows each setting with its default, the locked one read-only, and refuses a bad link at its field', async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await openAdmin(viewport, '/admin/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      const provider = settingsRegion(page, 'Provider and links');
      const name = provider.getByLabel('Provider name');
      expect(await name.inputValue()).toBe('Northwind Automation');
      expect(await name.isDisabled()).toBe(true);
      await provider.getByText('on the server, so it is locked here: change it there.').waitFor();
      expect(await provider.getByLabel('Privacy policy').inputValue()).toBe('');
      await provider
        .getByText(
          /The footer link, and the link beside the privacy notice\. Empty: http:\/\/127\.0\.0\.1:\d+\/ \(this site\)$/,
        )
        .waitFor();
      await settingsRegion(page, 'Assessment')
        .getByRole('radio', { name: /^Random/ })
        .isChecked();
      await e2e.screenshot(page, `admin-settings-${viewport.name}`);
      await expectAccessible(page, `settings ${viewport.name}`);
      await context.close();
    }

    const { context, page } = await openAdmin(VIEWPORTS[0], '/admin/settings');
    const provider = settingsRegion(page, 'Provider and links');
    await provider.getByLabel('Privacy policy').fill('northwind.example/privacy');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await provider.getByText('must be a web address starting with https:// or http://').waitFor();
    expect(await e2e.database.db('site_settings')).toEqual([]);
    await e2e.screenshot(page, 'admin-settings-invalid-1280-dark');
    await context.close();
  });

  it('saves the provider’s links, notice and a fixed order, which visitors see at once, and the warning goes', async () => {
    const { context, page } = await openAdmin(VIEWPORTS[0], '/admin/settings');
    const provider = settingsRegion(page, 'Provider and links');
    await provider.getByLabel("Provider's website").fill('https://northwind.example/');
    await provider.getByLabel('Privacy policy').fill('https://northwind.example/privacy');
    await provider.getByLabel('Call to action button').fill('Book a roadmap call');
    await settingsRegion(page, 'Privacy notice').getByLabel('Notice').fill(NOTICE);
    await settingsRegion(page, 'Assessment').getByText('Fixed', { exact: true }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings saved successfully').waitFor();
    const saved = await e2e.database.db('site_settings').orderBy('key').select('key', 'value');
    expect(saved).toEqual([
      { key: 'callToActionLabel', value: 'Book a roadmap call' },
      { key: 'privacyNotice', value: NOTICE },
      { key: 'privacyUrl', value: 'https://northwind.example/privacy' },
      { key: 'providerUrl', value: 'https://northwind.example/' },
      { key: 'questionOrder', value: 'fixed' },
    ]);
    expect(await e2e.database.db('audit_events').where({ action: 'settings.update' })).toHaveLength(1);

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Content Management System' }).waitFor();
    await page.getByText('Email is not configured').waitFor();
    expect(await page.getByText('Links lead back to this site').count()).toBe(0);
    await context.close();

    const visit = await e2e.newPage(VIEWPORTS[1]);
    await visit.page.goto('/');
    expect(await visit.page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://northwind.example/privacy',
    );
    expect(await visit.page.locator('a', { hasText: 'Explore the IMPACT Tools' }).getAttribute('href')).toBe(
      'https://northwind.example/',
    );
    await visit.page.goto('/assessment');
    await visit.page.getByText(NOTICE).waitFor();
    await e2e.screenshot(visit.page, 'assessment-privacy-notice-own-390-light');
    await expectAccessible(visit.page, 'assessment with the own privacy notice 390-light');
    await fillDemographics(visit.page, visitor);
    await visit.page.getByRole('button', { name: 'Next' }).click();
    // Fixed: the question with the lowest Order comes first, for every visitor.
    const [first] = (await (await fetch(`${e2e.baseUrl}/api/assessment-questions`)).json()) as {
      text: string;
    }[];
    await visit.page.getByRole('heading', { name: first!.text, level: 1 }).waitFor();
    await visit.context.close();
  });

  it('explains the Order field of a question under the order in effect', async () => {
    const { context, page } = await openAdmin(VIEWPORTS[0], '/admin/questions?new=1');
    await page.getByText('Visitors get them by their Order, lowest first.').waitFor();
    const dialog = page.getByRole('dialog');
    // The question's Order and each answer's say the same under a fixed order.
    const hints = dialog.getByText('Lowest first: the order is fixed in Settings.');
    await hints.first().waitFor();
    expect(await hints.count()).toBeGreaterThanOrEqual(3);
    await e2e.screenshot(page, 'admin-question-order-hint-1280-dark');
    await context.close();
  });
});
