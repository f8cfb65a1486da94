import type { AdminQuestion, Pillar } from '@msp/shared';
import { describe, expect, it } from 'vitest';
import { adminContentApp, questionBody } from '../../test/content-admin.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('content management on $name', (kind) => {
  const admin = adminContentApp(kind);
  const { call, publicQuestions, expectRefused } = admin;

  describe('pillars', () => {
    it('creates, updates and lists pillars, and the public list follows at once', async () => {
      const created = await call<Pillar>('POST', '/api/admin/pillars', {
        name: '  Security ',
        description: 'How automation covers security operations.',
        order: 7,
        isActive: true,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Security', order: 7, isActive: true });
      expect((await admin.app.request<Pillar[]>({ url: '/api/pillars' })).body.map((p) => p.name)).toContain(
        'Security',
      );

      const updated = await call<Pillar>('PUT', `/api/admin/pillars/${created.body.id}`, {
        name: 'Security Operations',
        description: 'Automation in security operations.',
        order: 7,
        isActive: false,
      });
      expect(updated.body).toMatchObject({ name: 'Security Operations', isActive: false });
      const publicNames = (await admin.app.request<Pillar[]>({ url: '/api/pillars' })).body.map(
        (p) => p.name,
      );
      expect(publicNames).not.toContain('Security Operations');
      const adminNames = (await call<Pillar[]>('GET', '/api/admin/pillars')).body.map((p) => p.name);
      expect(adminNames).toContain('Security Operations');
      await call('DELETE', `/api/admin/pillars/${created.body.id}`);
    });

    it.each([
      [{ name: '', description: 'd', order: 1, isActive: true }, 'name', 'Name is required'],
      [
        { name: 'x'.repeat(101), description: 'd', order: 1, isActive: true },
        'name',
        'Name must be less than 100 characters',
      ],
      [{ name: 'n', description: ' ', order: 1, isActive: true }, 'description', 'Description is required'],
      [
        { name: 'n', description: 'd', order: -1, isActive: true },
        'order',
        'Order must be a positive number',
      ],
      [{ name: 'n', description: 'd', order: 1 }, 'isActive', undefined],
    ])('refuses %j', async (payload, field, message) => {
      await expectRefused('POST', '/api/admin/pillars', payload, field, message);
    });

    it('answers 404 for a pillar that does not exist', async () => {
      const body = { name: 'n', description: 'd', order: 1, isActive: true };
      expect((await call('PUT', '/api/admin/pillars/999999', body)).status).toBe(404);
      expect((await call('DELETE', '/api/admin/pillars/999999')).status).toBe(404);
    });

    it('deletes a pillar with its matrix cells and points; its questions stay, out of the assessment', async () => {
      const created = await call<Pillar>('POST', '/api/admin/pillars', {
        name: 'Temporary',
        description: 'd',
        order: 8,
        isActive: true,
      });
      const id = created.body.id;
      const question = await call<AdminQuestion>(
        'POST',
        '/api/admin/questions',
        questionBody(id, 'Temporary question?'),
      );
      // A point for this pillar on an existing question's answer too.
      const other = (await call<AdminQuestion[]>('GET', '/api/admin/questions')).body[0]!;
      await admin.app
        .db('point_allocations')
        .insert({ answer_id: other.answers[3]!.id, pillar_id: id, points: 2 });
      await call('PUT', `/api/admin/matrix-cells/upsert/${id}/0`, {
        shortDescription: 's',
        detailedContent: 'd',
      });

      const removed = await call('DELETE', `/api/admin/pillars/${id}`);
      expect(removed.status).toBe(200);
      expect(await admin.app.db('point_allocations').where({ pillar_id: id })).toHaveLength(0);
      expect(await admin.app.db('matrix_cells').where({ pillar_id: id })).toHaveLength(0);
      const kept = (await call<AdminQuestion[]>('GET', '/api/admin/questions')).body.find(
        (q) => q.id === question.body.id,
      );
      expect(kept).toMatchObject({ pillarId: null, pillar: null });
      expect((await publicQuestions()).some((q) => q.id === question.body.id)).toBe(false);
      await call('DELETE', `/api/admin/questions/${question.body.id}`);
    });
  });
});
