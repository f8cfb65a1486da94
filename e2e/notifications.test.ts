import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../services-api/src/db/tables.js';
import { startWebhookReceiver, type WebhookReceiver } from '../services-api/src/test/webhook-receiver.js';
import { expectAccessible } from './axe.js';
import { horizontalOverflow, startE2E, switchTheme, toast, type E2E } from './harness.js';
import { createAdmin, signIn } from './sign-in.js';

describe('Telling the team in Chromium', () => {
  let e2e: E2E;
  let admin: UserRow;
  let chat: WebhookReceiver;

  beforeAll(async () => {
    chat = await startWebhookReceiver();
    e2e = await startE2E();
    admin = await createAdmin(e2e.database.db);
  });
  afterAll(async () => {
    await e2e?.close();
    await chat?.close();
  });

  it('lets an admin choose their own emails from their name in the top bar', async () => {
    const { page } = await e2e.newPage({ width: 1280, theme: 'light', colorScheme: 'light' });
    await signIn(page, admin.email, '/admin/submissions');
    await page.getByRole('link', { name: 'Avery', exact: true }).click();
    await page.getByRole('heading', { name: 'My notifications', level: 1 }).waitFor();
    await page.getByText(admin.email).waitFor();
    await page.getByText('An email for each new submission matching my filter').click();
    await page.getByText('With nothing chosen, every new submission matches.').waitFor();
    await page.getByText('3 Mature', { exact: true }).click();
    await page.getByLabel('Number of Employees in Your Company').selectOption('11-25');
    await page.getByText('Email me at 08:00 on the day a next step of my leads falls due').click();
    await page.getByLabel('Your time zone').selectOption('Europe/Berlin');
    await e2e.screenshot(page, 'my-notifications-1280-light');
    await expectAccessible(page, 'my-notifications-1280-light');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Notification settings saved').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'My notifications', level: 1 }).waitFor();
    expect(await page.getByLabel('An email for each new submission matching my filter').isChecked()).toBe(
      true,
    );
    expect(await page.getByLabel('3 Mature').isChecked()).toBe(true);
    expect(await page.getByLabel('Number of Employees in Your Company').inputValue()).toBe('11-25');
    expect(await page.getByLabel('Your time zone').inputValue()).toBe('Europe/Berlin');
    expect(
      await page.getByLabel('Email me at 08:00 on the day a next step of my leads falls due').isChecked(),
    ).toBe(false);

    await switchTheme(page, 'Dark');
    await e2e.screenshot(page, 'my-notifications-1280-dark');
    await expectAccessible(page, 'my-notifications-1280-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await e2e.screenshot(page, 'my-notifications-390-dark');
    await switchTheme(page, 'Light');
    await e2e.screenshot(page, 'my-notifications-390-light');
  });

  it('sets the chat channel, never shows its URL again, and sends a test message', async () => {
    const { page } = await e2e.newPage({ width: 1280, theme: 'dark', colorScheme: 'dark' });
    await signIn(page, admin.email, '/admin/integrations');
    const panel = page.getByRole('region', { name: 'Chat channel' });
    await panel.getByText('Not set').waitFor();
    await panel.getByLabel('Service').selectOption({ label: 'Microsoft Teams' });
    await panel.getByLabel('Incoming webhook URL').fill(`${chat.url}/workflows/abc/secret-9876`);
    await panel.getByRole('button', { name: 'Save webhook' }).click();
    await toast(page, 'Chat webhook saved').waitFor();
    await panel.getByText('Posting to Microsoft Teams').waitFor();
    expect(await panel.textContent()).not.toContain('secret-9876');
    await panel.getByText(/…9876$/).waitFor();
    await panel.getByRole('button', { name: 'Send test message' }).click();
    await toast(page, 'Test message posted').waitFor();
    const posted = JSON.parse(chat.received.at(-1)!.body) as {
      type: string;
      attachments: { contentType: string }[];
    };
    expect(posted.type).toBe('message');
    expect(posted.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    await panel.scrollIntoViewIfNeeded();
    await e2e.screenshot(page, 'chat-channel-1280-dark');
    await expectAccessible(page, 'chat-channel-1280-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await e2e.screenshot(page, 'chat-channel-390-dark');
  });
});
