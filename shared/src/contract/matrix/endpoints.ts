import type { Endpoint } from '../access.js';

/** The maturity matrix: the public cells and the admin's editing. */
export const matrixEndpoints = {
  listMatrixCells: { method: 'GET', path: '/api/matrix-cells', access: 'public' },
  listAdminMatrixCells: { method: 'GET', path: '/api/admin/matrix-cells', access: 'admin' },
  upsertMatrixCell: {
    method: 'PUT',
    path: '/api/admin/matrix-cells/upsert/{pillarId}/{level}',
    access: 'admin',
  },
} as const satisfies Record<string, Endpoint>;
