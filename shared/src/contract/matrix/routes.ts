import { LanguageQuery } from '../common.js';
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { matrixEndpoints } from './endpoints.js';
import { MatrixCell, MatrixCellInput, MatrixCellParams, PublicMatrixCell } from './schemas.js';

/** Routes of the maturity matrix. */
export const matrixRoutes = {
  listMatrixCells: defineRoute(matrixEndpoints.listMatrixCells, {
    query: LanguageQuery,
    summary: 'Maturity matrix cells of active pillars, with the pillar name',
    response: z.array(PublicMatrixCell),
  }),
  listAdminMatrixCells: defineRoute(matrixEndpoints.listAdminMatrixCells, {
    summary: 'Every matrix cell',
    response: z.array(MatrixCell),
  }),
  upsertMatrixCell: defineRoute(matrixEndpoints.upsertMatrixCell, {
    summary: 'Creates or replaces the cell of a pillar and level',
    params: MatrixCellParams,
    body: MatrixCellInput,
    response: MatrixCell,
  }),
};
