import type { EmailTemplate } from '@msp/shared';
import { describe, expect, it } from 'vitest';
import { adminContentApp } from '../../test/content-admin.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('content management on $name', (kind) => {
  const admin = adminContentApp(kind);
  const { call, expectRefused } = admin;

  describe('email templates', () => {
    it('creates inactive by default; activating one deactivates the others', async () => {
      const created = await call<EmailTemplate>('POST', '/api/admin/email-templates', {
        name: 'Follow-up',
        subject: 'Your results, {{firstName}}',
        htmlBody: '<p>Hello {{firstName}}</p>',
      });
      expect(created.status).toBe(201);
      expect(created.body.isActive).toBe(false);
      const activated = await call<EmailTemplate>('PUT', `/api/admin/email-templates/${created.body.id}`, {
        ...created.body,
        id: undefined,
        isActive: true,
      });
      expect(activated.status).toBe(200);
      const all = (await call<EmailTemplate[]>('GET', '/api/admin/email-templates')).body;
      expect(all.filter((t) => t.isActive).map((t) => t.id)).toEqual([created.body.id]);
      expect((await call('DELETE', `/api/admin/email-templates/${created.body.id}`)).status).toBe(200);
      expect((await call('DELETE', `/api/admin/email-templates/${created.body.id}`)).status).toBe(404);
    });

    it.each([
      [{ name: '', subject: 's', htmlBody: 'b' }, 'name', 'Template name is required'],
      [{ name: 'n', subject: '', htmlBody: 'b' }, 'subject', 'Email subject is required'],
      [{ name: 'n', subject: 's', htmlBody: '' }, 'htmlBody', 'HTML body is required'],
    ])('refuses %j', async (payload, field, message) => {
      await expectRefused('POST', '/api/admin/email-templates', payload, field, message);
    });
  });
});
