import type { ContentCache } from '../../content-cache.js';
import type { Database } from '../../db/knex.js';
import { listDemographicFields } from '../demographic-fields/demographic-fields-service.js';
import { listPublicMatrixCells } from '../matrix/matrix-service.js';
import { listPillars } from '../pillars/pillars-service.js';
import { listScorableQuestions, toPublicQuestions } from '../questions/questions-service.js';

/**
 * What visitors read, through the cache: each resource's own query, active rows only. The cache is
 * shared with the admin side, which invalidates it on writes.
 */
export function publicContent(db: Database, cache: ContentCache) {
  return {
    pillars: () => cache.get('pillars', () => listPillars(db, { activeOnly: true })),
    scorableQuestions: () => cache.get('questions', () => listScorableQuestions(db)),
    publicQuestions: () =>
      cache.get('public-questions', async () => toPublicQuestions(await listScorableQuestions(db))),
    demographicFields: () =>
      cache.get('demographic-fields', () => listDemographicFields(db, { activeOnly: true })),
    matrixCells: () => cache.get('matrix-cells', () => listPublicMatrixCells(db)),
  };
}
export type PublicContent = ReturnType<typeof publicContent>;
