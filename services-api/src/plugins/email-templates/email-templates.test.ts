import type { EmailTemplate, Pillar, TemplateVariableList } from '@msp/shared';
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
        unknownVariables: undefined,
        isActive: true,
      });
      expect(activated.status).toBe(200);
      const all = (await call<EmailTemplate[]>('GET', '/api/admin/email-templates')).body;
      expect(all.filter((t) => t.isActive).map((t) => t.id)).toEqual([created.body.id]);
      expect((await call('DELETE', `/api/admin/email-templates/${created.body.id}`)).status).toBe(200);
      expect((await call('DELETE', `/api/admin/email-templates/${created.body.id}`)).status).toBe(404);
    });

    it('reports the pillar variables no pillar has any more, after a rename', async () => {
      const before = (await call<EmailTemplate[]>('GET', '/api/admin/email-templates')).body;
      const shipped = before.find((t) => t.htmlBody.includes('{{expertise_level}}'))!;
      expect(shipped.htmlBody).toContain('{{expertise_level}}');
      expect(shipped.unknownVariables).toEqual([]);

      const pillars = (await call<Pillar[]>('GET', '/api/admin/pillars')).body;
      const expertise = pillars.find((p) => p.name === 'Expertise')!;
      const renamed = await call('PUT', `/api/admin/pillars/${expertise.id}`, {
        name: 'Know-how',
        description: expertise.description,
        order: expertise.order,
        isActive: expertise.isActive,
      });
      expect(renamed.status).toBe(200);
      try {
        const after = (await call<EmailTemplate[]>('GET', '/api/admin/email-templates')).body;
        expect(after.find((t) => t.id === shipped.id)!.unknownVariables).toEqual(['expertise_level']);
        const variables = (await call<TemplateVariableList>('GET', '/api/admin/email-templates/variables'))
          .body;
        const names = variables.variables.map((v) => v.name);
        expect(names).toContain('know_how_level');
        expect(names).not.toContain('expertise_level');
        expect(variables.variables.every((v) => v.sample.length > 0)).toBe(true);

        // Saving answers with the same report, so the editor can say it at once.
        const saved = await call<EmailTemplate>('POST', '/api/admin/email-templates', {
          name: 'Old names',
          subject: 'Hi {{firstName}}',
          htmlBody: '<p>{{expertise_level}} {{know_how_level}} {{typo}}</p>',
        });
        expect(saved.body.unknownVariables).toEqual(['expertise_level', 'typo']);
        await call('DELETE', `/api/admin/email-templates/${saved.body.id}`);
      } finally {
        await call('PUT', `/api/admin/pillars/${expertise.id}`, {
          name: 'Expertise',
          description: expertise.description,
          order: expertise.order,
          isActive: expertise.isActive,
        });
      }
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
