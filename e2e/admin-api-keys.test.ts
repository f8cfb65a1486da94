import fs from 'node:fs';
import { keyPermissionOf, routes } from '@msp/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E, toast, VIEWS } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

type Theme = 'light' | 'dark';

const DELETE_QUESTION = 'Are you sure you want to delete this API key? This action cannot be undone.';
const CREATED_TOAST = "API key created successfully. Save the token - it won't be shown again!";

describe('admin API keys and API documentation in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(() => e2e?.close());

  /** A signed-in admin on a page of the portal. */
  async function openAdmin(
    path: string,
    options: { width?: number; theme?: Theme } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const theme = options.theme ?? 'dark';
    const { context, page } = await e2e.newPage({ width: options.width, theme, colorScheme: theme });
    await signIn(page, admin.email, path);
    return { context, page };
  }

  const keyRow = (page: Page, name: string) =>
    page.getByRole('table').getByRole('row').filter({ hasText: name });
  const horizontalOverflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  /** Calls /api/v1 from outside the browser, as an integrator's script would. */
  function callApi(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${e2e.baseUrl}/api/v1${path}`, { headers });
  }
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** Creates a key through the admin API on the page's session, as the screen would. */
  async function createKeyThroughApi(page: Page, name: string, permission: string, isActive = true) {
    return page.evaluate(
      async ({ name, permission, isActive }) => {
        const crumb = document.cookie
          .split('; ')
          .find((part) => part.startsWith('crumb='))
          ?.slice('crumb='.length);
        const headers = {
          'Content-Type': 'application/json',
          ...(crumb && { 'X-CSRF-Token': decodeURIComponent(crumb) }),
        };
        const created = await fetch('/api/admin/api-keys', {
          method: 'POST',
          headers,
          body: JSON.stringify({ name, permissions: [permission] }),
        });
        if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
        const key = (await created.json()) as { id: number };
        if (!isActive) {
          const updated = await fetch(`/api/admin/api-keys/${key.id}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ isActive: false }),
          });
          if (!updated.ok) throw new Error(`update: ${updated.status}`);
        }
      },
      { name, permission, isActive },
    );
  }

  async function deleteEveryKey(): Promise<void> {
    await e2e.database.db('api_keys').delete();
  }

  it('reaches API keys from the dashboard card, with no tab, and shows No API keys created yet.', async () => {
    await deleteEveryKey();
    const { context, page } = await openAdmin('/admin');
    // The dashboard's card, not the tab of the same name.
    await page
      .getByRole('link', { name: /^API Keys/ })
      .filter({ hasText: 'Keys that let other systems' })
      .click();
    await page.waitForURL('**/admin/api-keys');
    await page.getByRole('heading', { name: 'API Key Management', level: 1 }).waitFor();
    // API Keys has its tab like every section, marked as the current one.
    const tabs = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await tabs.getByRole('link', { name: 'API Keys' }).getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('link', { name: 'API Docs' }).getAttribute('aria-current')).toBeNull();
    await page.getByRole('heading', { name: 'No API keys created yet.' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    // The usage help: this server's /api/v1, both headers and a curl call to copy.
    const usage = page.getByRole('region', { name: 'Using an API key' });
    expect(await usage.getByLabel('Example request', { exact: true }).textContent()).toBe(
      `curl -H "Authorization: Bearer msp_…" ${e2e.baseUrl}/api/v1/submissions`,
    );
    await usage.getByText('X-API-Key: msp_…').waitFor();
    // The API's own description, linked by its address: it opens without a key, as a tool reads it.
    const documentLink = usage.getByRole('link', { name: `${e2e.baseUrl}/api/v1/openapi.json` });
    const [documentTab, opened] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('response', (response) => response.url().endsWith('/api/v1/openapi.json')),
      documentLink.click(),
    ]);
    expect(opened.status()).toBe(200);
    const published = (await opened.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(published.openapi).toBe('3.1.0');
    expect(Object.keys(published.paths)).toContain('/api/v1/pillars');
    await documentTab.close();
    await e2e.screenshot(page, 'admin-api-keys-empty-1280-dark');
    await expectAccessible(page, 'admin-api-keys-empty-1280-dark');

    await page.getByRole('main').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await context.close();
  });

  it('creates a key, shows its token once to copy, and the key opens /api/v1 until disabled and deleted', async () => {
    await deleteEveryKey();
    const { context, page } = await openAdmin('/admin/api-keys');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await page.getByRole('heading', { name: 'No API keys created yet.' }).waitFor();

    await page.getByRole('button', { name: 'Create API Key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.waitFor();
    // The three levels with their descriptions; Read Only is the default.
    await dialog.getByText('View data only').waitFor();
    await dialog.getByText('Manage users, cannot create administrators').waitFor();
    await dialog.getByText('Complete administrative access').waitFor();
    expect(await dialog.getByRole('radio', { name: /^Read Only/ }).isChecked()).toBe(true);

    // A blank name is refused in the words admins know, before anything is sent.
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('button', { name: 'Create API Key' }).click();
    await dialog.getByText('Please enter a name for the API key').waitFor();
    const [stored] = await e2e.database.db('api_keys').count({ n: '*' });
    expect(Number(stored?.n)).toBe(0);

    await dialog.getByLabel('Name').fill('BI export');
    await dialog.getByRole('button', { name: 'Create API Key' }).click();
    await toast(page, CREATED_TOAST).waitFor();

    // The whole token, once.
    const shown = page.getByRole('dialog', { name: 'API Key Created' });
    await shown.waitFor();
    const token = ((await shown.getByLabel('API key token').textContent()) ?? '').trim();
    expect(token).toMatch(/^msp_[0-9A-Za-z_]{20,}$/);
    await shown.getByText('Read Only').waitFor();
    // Escape does not lose it: only "I've saved this key" closes the dialog.
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await shown.isVisible()).toBe(true);
    await e2e.screenshot(page, 'admin-api-keys-token-1280-dark');
    await expectAccessible(page, 'admin-api-keys-token-1280-dark');

    await shown.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    await shown.getByRole('button', { name: "I've saved this key" }).click();
    await shown.waitFor({ state: 'detached' });
    // Forgotten: the page holds the masked token only.
    expect(await page.content()).not.toContain(token);

    const row = keyRow(page, 'BI export');
    await row.getByText(`msp_…${token.slice(-4)}`, { exact: true }).waitFor();
    await row.getByText('Read Only', { exact: true }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Never', { exact: true }).waitFor();
    expect(await row.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/);

    // The copied key works from outside the browser, in either header.
    const pillars = await callApi('/pillars', bearer(token));
    expect(pillars.status).toBe(200);
    expect(Array.isArray(await pillars.json())).toBe(true);
    expect((await callApi('/pillars', { 'X-API-Key': token })).status).toBe(200);
    expect((await callApi('/pillars')).status).toBe(401);

    // Its use shows as Last Used once the list is read again.
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.waitFor();
          return row.getByText('Never', { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(0);

    await row.getByRole('button', { name: 'Disable BI export' }).click();
    await toast(page, 'API key updated successfully').waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    expect((await callApi('/pillars', bearer(token))).status).toBe(401);

    await row.getByRole('button', { name: 'Enable BI export' }).click();
    await toast(page, 'API key updated successfully').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    expect((await callApi('/pillars', bearer(token))).status).toBe(200);

    await row.getByRole('button', { name: 'Delete BI export' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText(DELETE_QUESTION, { exact: true }).waitFor();
    await alert.getByRole('button', { name: 'Delete API Key' }).click();
    await toast(page, 'API key deleted successfully').waitFor();
    await page.getByRole('heading', { name: 'No API keys created yet.' }).waitFor();
    expect((await callApi('/pillars', bearer(token))).status).toBe(401);
    await context.close();
  });

  it('creates a key with the chosen permission', async () => {
    await deleteEveryKey();
    const { context, page } = await openAdmin('/admin/api-keys', { width: 390, theme: 'light' });
    await page.getByRole('button', { name: 'Create API Key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByLabel('Name').fill('HubSpot CRM sync');
    await dialog.getByText('User Management').click();
    await e2e.screenshot(page, 'admin-api-keys-create-390-light');
    await expectAccessible(page, 'admin-api-keys-create-390-light');
    await dialog.getByRole('button', { name: 'Create API Key' }).click();
    const shown = page.getByRole('dialog', { name: 'API Key Created' });
    await shown.getByText('User Management').waitFor();
    const token = ((await shown.getByLabel('API key token').textContent()) ?? '').trim();
    await e2e.screenshot(page, 'admin-api-keys-token-390-light');
    await expectAccessible(page, 'admin-api-keys-token-390-light');
    await shown.getByRole('button', { name: "I've saved this key" }).click();

    const card = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({
      hasText: 'HubSpot CRM sync',
    });
    await card.getByText('User Management', { exact: true }).waitFor();
    // A user_manage key reads users too (each level includes the ones before it).
    expect((await callApi('/users', bearer(token))).status).toBe(200);
    await context.close();
  });

  it('says why when a change is refused: the server’s message, else the screen’s own', async () => {
    await deleteEveryKey();
    const { context, page } = await openAdmin('/admin/api-keys');
    await page.getByRole('heading', { name: 'No API keys created yet.' }).waitFor();
    await createKeyThroughApi(page, 'Nightly report', 'read');
    await page.reload();
    const row = keyRow(page, 'Nightly report');
    await row.waitFor();

    let answer: { status: number; body: string } = { status: 500, body: '' };
    await context.route('**/api/admin/api-keys**', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
    );

    await page.getByRole('button', { name: 'Create API Key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByLabel('Name').fill('Refused');
    await dialog.getByRole('button', { name: 'Create API Key' }).click();
    await toast(page, 'Failed to create API key').waitFor();
    // Still open, with what was typed, to try again.
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Refused');
    answer = {
      status: 400,
      body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'Too many keys for today' }),
    };
    await dialog.getByRole('button', { name: 'Create API Key' }).click();
    await toast(page, 'Too many keys for today').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    answer = { status: 500, body: '' };
    await row.getByRole('button', { name: 'Disable Nightly report' }).click();
    await toast(page, 'Failed to update API key').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Delete Nightly report' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete API Key' }).click();
    await toast(page, 'Failed to delete API key').waitFor();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await row.waitFor();
    await context.close();
  });

  it('shows Failed to Load API Keys with Try again when the list cannot be read', async () => {
    const { context, page } = await openAdmin('/admin');
    let failing = true;
    let failures = 0;
    await context.route('**/api/admin/api-keys', (route) => {
      if (!failing) return route.continue();
      failures += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });
    await page.goto('/admin/api-keys');
    await page.getByRole('heading', { name: 'Failed to Load API Keys' }).waitFor({ timeout: 20_000 });
    await toast(page, 'Error').waitFor();
    await toast(page, 'Failed to Load API Keys').waitFor();
    await page.getByText('500: {"message":"boom"}').waitFor();
    // The first try and 3 retries.
    expect(failures).toBe(4);
    await e2e.screenshot(page, 'admin-api-keys-error-1280-dark');
    await expectAccessible(page, 'admin-api-keys-error-1280-dark');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Failed to Load API Keys' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('downloads msp-maturity-api-spec.json and lists every /api/v1 endpoint from it', async () => {
    const { context, page } = await openAdmin('/admin');
    await page.getByRole('link', { name: /^API Documentation/ }).click();
    await page.waitForURL('**/admin/api-docs');
    await page.getByRole('heading', { name: 'API Documentation', level: 1 }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download OpenAPI Specification' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('msp-maturity-api-spec.json');
    const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(saved.openapi).toMatch(/^3\.1\./);
    await toast(page, 'OpenAPI specification downloaded successfully').waitFor();

    // Every key route of the contract is on the screen, as the document describes it.
    const keyRoutes = Object.values(routes).filter((route) => keyPermissionOf(route.access) !== null);
    expect(keyRoutes.length).toBeGreaterThan(0);
    for (const route of keyRoutes) {
      expect(saved.paths[route.path]?.[route.method.toLowerCase()], route.path).toBeDefined();
      const card = page.getByRole('region', { name: `${route.method} ${route.path}`, exact: true });
      await card.waitFor();
      expect(await card.textContent()).toContain(route.summary);
    }
    // Where the same document is published for tools, without a key.
    const published = page
      .getByRole('region', { name: 'Base URL' })
      .getByRole('link', { name: `${e2e.baseUrl}/api/v1/openapi.json` });
    expect(await published.getAttribute('href')).toBe('/api/v1/openapi.json');
    const fetched = await fetch(`${e2e.baseUrl}/api/v1/openapi.json`);
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual(saved);
    const pillars = page.getByRole('region', { name: 'GET /api/v1/pillars', exact: true });
    await pillars.getByText('Read Only', { exact: true }).waitFor();
    await page.getByText(`${keyRoutes.length} endpoints, from the OpenAPI specification`).waitFor();

    // Authentication: both headers, and what each level allows.
    const auth = page.getByRole('region', { name: 'Authentication' });
    await auth.getByText('Authorization: Bearer msp_…').waitFor();
    await auth.getByText('X-API-Key: msp_…').waitFor();
    for (const label of ['Read Only', 'User Management', 'Full Admin']) {
      await auth.getByText(label, { exact: true }).waitFor();
    }
    await context.close();
  });

  it('toasts Failed to download OpenAPI specification when the download fails', async () => {
    const { context, page } = await openAdmin('/admin/api-docs');
    await page.getByRole('region', { name: 'GET /api/v1/pillars', exact: true }).waitFor();
    await context.route('**/api/admin/openapi.json', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.getByRole('button', { name: 'Download OpenAPI Specification' }).click();
    await toast(page, 'Error').waitFor();
    await toast(page, 'Failed to download OpenAPI specification').waitFor();
    await context.close();
  });

  it('looks right at 1280 and 390 px in light and dark', async () => {
    await deleteEveryKey();
    const setup = await openAdmin('/admin/api-keys');
    await createKeyThroughApi(setup.page, 'Old provisioning script', 'admin', false);
    await createKeyThroughApi(setup.page, 'HubSpot CRM sync', 'user_manage');
    await createKeyThroughApi(setup.page, 'Power BI dashboard', 'read');
    await setup.context.close();

    for (const [width, theme] of VIEWS) {
      const { context, page } = await openAdmin('/admin/api-keys', { width, theme });
      if (width === 390) {
        // Cards instead of the table, every action within reach.
        const cards = page.getByRole('list', { name: 'API keys' }).getByRole('listitem');
        await expect.poll(() => cards.count()).toBe(3);
        expect(await page.getByRole('table').count()).toBe(0);
        await cards
          .first()
          .getByRole('button', { name: /^Delete/ })
          .waitFor();
      } else {
        await keyRow(page, 'Power BI dashboard').waitFor();
        await keyRow(page, 'Old provisioning script').getByText('Disabled', { exact: true }).waitFor();
      }
      expect(await horizontalOverflow(page)).toBe(0);
      await e2e.screenshot(page, `admin-api-keys-${width}-${theme}`);
      await expectAccessible(page, `admin-api-keys-${width}-${theme}`);

      await page.goto('/admin/api-docs');
      await page.getByRole('region', { name: 'GET /api/v1/pillars', exact: true }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await e2e.screenshot(page, `admin-api-docs-${width}-${theme}`);
      await expectAccessible(page, `admin-api-docs-${width}-${theme}`);
      await context.close();
    }
  });
});
