import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import {
  startHubSpotServer,
  UNAUTHORIZED_MESSAGE,
  type TestHubSpotServer,
} from '../services-api/src/test/hubspot-server.js';
import { eventually } from '../services-api/src/test/webhook-receiver.js';
import { expectAccessible } from './axe.js';
import { VIEWS, horizontalOverflow, startE2E, toast, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';
import { submitAssessment } from './submissions-seed.js';

const panelOf = (page: Page) => page.getByRole('region', { name: 'HubSpot', exact: true });

describe('HubSpot on the Integrations screen, against a stand-in HubSpot', () => {
  let hubspot: TestHubSpotServer;
  let e2e: E2E;
  let admin: UserRow;

  beforeAll(async () => {
    hubspot = await startHubSpotServer();
    e2e = await startE2E({ env: { HUBSPOT_API_URL: hubspot.baseUrl } });
    admin = await createAdmin(e2e.database.db, 'crm@northwind-it.example');
  });
  afterAll(async () => {
    await e2e?.close();
    await hubspot?.close();
  });

  it('connects with a token, creates the properties, turns sync on and shows a new lead synced', async () => {
    const { context, page } = await e2e.newPage({ width: 1280, theme: 'light', colorScheme: 'light' });
    await signIn(page, admin.email, '/admin/integrations');
    const panel = panelOf(page);
    await panel.getByText('Not connected').waitFor();

    // A token HubSpot refuses: its words at the field, and nothing connected.
    const token = panel.getByLabel(/Private app access token/);
    expect(await token.getAttribute('type')).toBe('password');
    await token.fill('pat-na1-revoked-0000-0000');
    await panel.getByRole('button', { name: 'Connect HubSpot' }).click();
    await panel.getByText(`HubSpot refused this token: ${UNAUTHORIZED_MESSAGE}`).waitFor();
    expect(await token.getAttribute('aria-invalid')).toBe('true');
    await e2e.screenshot(page, 'hubspot-refused-1280-light');

    await token.fill(hubspot.accessToken);
    await token.press('Enter');
    await toast(page, 'HubSpot connected').waitFor();
    await panel.getByText(`••••${hubspot.accessToken.slice(-4)}`).waitFor();
    await panel.getByText('24681357').waitFor();
    expect(await page.content()).not.toContain(hubspot.accessToken);

    await panel.getByRole('button', { name: 'Create our properties' }).click();
    await toast(page, 'Properties ready in HubSpot').waitFor();
    const overall = panel.getByRole('combobox', { name: /^Overall level/ });
    await expect.poll(() => overall.inputValue()).toBe('msp_overall_level');
    expect(hubspot.properties.has('msp_overall_level')).toBe(true);

    // By keyboard, as anyone may.
    const sync = panel.getByRole('switch', { name: 'Send new leads and status changes to HubSpot' });
    await sync.focus();
    await page.keyboard.press('Space');
    await toast(page, 'HubSpot sync on').waitFor();
    await panel.getByText('Syncing', { exact: true }).waitFor();

    await submitAssessment(e2e.server, {
      first_name: 'Lee',
      last_name: 'Park',
      email_address: 'lee@fabrikam.example',
      company: 'Fabrikam',
    });
    const contact = await eventually(() => hubspot.contacts.get('lee@fabrikam.example'), {
      what: 'the lead as a HubSpot contact',
    });
    expect(contact.properties).toMatchObject({ firstname: 'Lee', msp_overall_level: expect.any(String) });
    await page.reload();
    await panelOf(page)
      .getByText(/1 contact sent\.$/)
      .waitFor();
    await expectAccessible(page, 'HubSpot panel connected 1280');
    await e2e.screenshot(page, 'hubspot-1280-light');

    // Disconnecting asks first; cancelling keeps everything.
    await panelOf(page).getByRole('button', { name: 'Disconnect' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Disconnect HubSpot?').waitFor();
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await alert.waitFor({ state: 'detached' });
    await context.close();
  });

  it.each(VIEWS)(
    'shows the connected account, the sync and the mapping at %i px in the %s theme',
    async (width, theme) => {
      const { context, page } = await e2e.newPage({ width, theme, colorScheme: theme });
      await signIn(page, admin.email, '/admin/integrations');
      const panel = panelOf(page);
      await panel.getByText(/1 contact sent\.$/).waitFor();
      await expect
        .poll(() => panel.getByRole('combobox', { name: /^Overall level/ }).inputValue())
        .toBe('msp_overall_level');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `HubSpot panel ${width} ${theme}`);
      await e2e.screenshot(page, `hubspot-${width}-${theme}`);
      await context.close();
    },
  );
});
