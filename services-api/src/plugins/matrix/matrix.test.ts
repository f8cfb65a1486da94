import type { MatrixCell, Pillar, PublicMatrixCell } from '@msp/shared';
import { describe, expect, it } from 'vitest';
import { adminContentApp } from '../../test/content-admin.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('content management on $name', (kind) => {
  const admin = adminContentApp(kind);
  const { call, expectRefused } = admin;

  describe('matrix cells', () => {
    it('creates and then updates the cell of a pillar and level, and the public matrix follows', async () => {
      const pillar = (await call<Pillar[]>('GET', '/api/admin/pillars')).body[0]!;
      const created = await call<MatrixCell>('PUT', `/api/admin/matrix-cells/upsert/${pillar.id}/2`, {
        shortDescription: 'Scripts are reviewed and versioned.',
        detailedContent: 'Every script lives in version control.',
        requirements: '- Git\n- Peer review',
        examples: '',
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        pillarId: pillar.id,
        level: 2,
        requirements: '- Git\n- Peer review',
        examples: null,
      });
      const cells = (await admin.app.request<PublicMatrixCell[]>({ url: '/api/matrix-cells' })).body;
      expect(cells.find((c) => c.pillarId === pillar.id && c.level === 2)?.shortDescription).toBe(
        'Scripts are reviewed and versioned.',
      );
      expect(await admin.app.db('matrix_cells').where({ pillar_id: pillar.id, level: 2 })).toHaveLength(1);
    });

    it.each([
      [{ shortDescription: '', detailedContent: 'd' }, 'shortDescription', 'Short description is required'],
      [{ shortDescription: 'x'.repeat(201), detailedContent: 'd' }, 'shortDescription', undefined],
      [{ shortDescription: 's', detailedContent: '' }, 'detailedContent', 'Detailed content is required'],
    ])('refuses %j', async (payload, field, message) => {
      const pillar = (await call<Pillar[]>('GET', '/api/admin/pillars')).body[0]!;
      await expectRefused('PUT', `/api/admin/matrix-cells/upsert/${pillar.id}/1`, payload, field, message);
    });

    it('refuses a level outside 0-3 and answers 404 for an unknown pillar', async () => {
      const pillar = (await call<Pillar[]>('GET', '/api/admin/pillars')).body[0]!;
      await expectRefused(
        'PUT',
        `/api/admin/matrix-cells/upsert/${pillar.id}/4`,
        { shortDescription: 's', detailedContent: 'd' },
        'params.level',
      );
      const unknown = await call('PUT', '/api/admin/matrix-cells/upsert/999999/1', {
        shortDescription: 's',
        detailedContent: 'd',
      });
      expect(unknown.status).toBe(404);
    });
  });
});
