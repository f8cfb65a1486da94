import type { DemographicField, ErrorBody } from '@msp/shared';
import { describe, expect, it } from 'vitest';
import { adminContentApp, person } from '../../test/content-admin.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('content management on $name', (kind) => {
  const admin = adminContentApp(kind);
  const { call, publicQuestions, expectRefused } = admin;

  describe('demographic fields', () => {
    it('creates a required field that the visitor form and the submit check follow at once', async () => {
      const created = await call<DemographicField>('POST', '/api/admin/demographic-fields', {
        identifier: 'psa_platform',
        label: 'Which PSA do you use?',
        fieldType: 'select',
        options: ['ConnectWise', 'Autotask', 'HaloPSA'],
        order: 8,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        isRequired: true,
        isActive: true,
        options: ['ConnectWise', 'Autotask', 'HaloPSA'],
      });
      const fields = (await admin.app.request<DemographicField[]>({ url: '/api/demographic-fields' })).body;
      expect(fields.map((f) => f.identifier)).toContain('psa_platform');

      const answers = (await publicQuestions()).map((q) => ({
        questionId: q.id,
        answerId: q.answers[0]!.id,
      }));
      const without = await admin.app.request<ErrorBody>({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: person, answers },
      });
      expect(without.status).toBe(400);
      expect(without.body.field).toBe('demographicData.psa_platform');

      const edited = await call<DemographicField>(
        'PATCH',
        `/api/admin/demographic-fields/${created.body.id}`,
        {
          identifier: 'psa_platform',
          label: 'Your PSA',
          fieldType: 'text',
          options: ['ignored for text'],
          order: 8,
          isRequired: false,
          isActive: true,
        },
      );
      expect(edited.body).toMatchObject({
        label: 'Your PSA',
        fieldType: 'text',
        options: null,
        isRequired: false,
      });
      expect((await call('DELETE', `/api/admin/demographic-fields/${created.body.id}`)).status).toBe(200);
      const after = (await admin.app.request<DemographicField[]>({ url: '/api/demographic-fields' })).body;
      expect(after.map((f) => f.identifier)).not.toContain('psa_platform');
    });

    it.each([
      [{ identifier: '', label: 'L', fieldType: 'text' }, 'identifier', 'Identifier is required'],
      [
        { identifier: 'Has Caps', label: 'L', fieldType: 'text' },
        'identifier',
        'Identifier must be lowercase letters, numbers, and underscores only',
      ],
      [
        { identifier: 'company', label: 'L', fieldType: 'text' },
        'identifier',
        'A field with this identifier already exists',
      ],
      [{ identifier: 'ok_id', label: '', fieldType: 'text' }, 'label', 'Label is required'],
      [
        { identifier: 'ok_id', label: 'L', fieldType: 'text', order: -1 },
        'order',
        'Order must be 0 or greater',
      ],
      [{ identifier: 'ok_id', label: 'L', fieldType: 'date' }, 'fieldType', undefined],
      [
        { identifier: 'ok_id', label: 'L', fieldType: 'select', options: [] },
        'options',
        'Add at least one option for a select or radio field',
      ],
      [
        { identifier: 'ok_id', label: 'L', fieldType: 'radio', options: ['a', ''] },
        'options.1',
        'An option cannot be empty',
      ],
    ])('refuses %j', async (payload, field, message) => {
      await expectRefused('POST', '/api/admin/demographic-fields', payload, field, message);
    });
  });
});
