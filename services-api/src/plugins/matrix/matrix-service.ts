import type { MatrixCell, MatrixCellInput, PublicMatrixCell } from '@msp/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Executor } from '../../db/knex.js';
import type { ContentCache } from '../../db/content-cache.js';
import { MatrixCellModel, PillarModel } from '../../db/models/content.js';
import { NotFoundError } from '../../domain/errors.js';

type MatrixCellBody = z.output<typeof MatrixCellInput>;

export function toMatrixCell(row: MatrixCellModel): MatrixCell {
  return {
    id: row.id,
    pillarId: row.pillarId,
    level: row.level,
    shortDescription: row.shortDescription,
    detailedContent: row.detailedContent,
    requirements: row.requirements,
    examples: row.examples,
    metrics: row.metrics,
    nextSteps: row.nextSteps,
  };
}

export async function listMatrixCells(db: Executor): Promise<MatrixCell[]> {
  const rows = await MatrixCellModel.query(db).orderBy([{ column: 'pillar_id' }, { column: 'level' }]);
  return rows.map(toMatrixCell);
}

/** Matrix cells of active pillars with their pillar's name, by pillar order then level. */
export async function listPublicMatrixCells(db: Executor): Promise<PublicMatrixCell[]> {
  const cells = await MatrixCellModel.query(db)
    .joinRelated('pillar')
    .where('pillar.is_active', true)
    .withGraphFetched('pillar')
    .orderBy([
      { column: 'pillar.order' },
      { column: 'matrix_cells.pillar_id' },
      { column: 'matrix_cells.level' },
    ]);
  return cells.map((c) => ({ ...toMatrixCell(c), pillar: { id: c.pillar!.id, name: c.pillar!.name } }));
}

/** Writes the cell of a pillar and level, creating it or replacing its text. */
export async function upsertMatrixCell(
  trx: Knex.Transaction,
  pillarId: number,
  level: number,
  body: MatrixCellBody,
): Promise<MatrixCell> {
  if (!(await PillarModel.query(trx).findById(pillarId))) throw new NotFoundError('Pillar not found');
  // One statement, so two admins saving the same new cell at once cannot collide.
  await MatrixCellModel.query(trx)
    .insert({
      pillarId,
      level,
      shortDescription: body.shortDescription,
      detailedContent: body.detailedContent,
      requirements: body.requirements,
      examples: body.examples,
      metrics: body.metrics,
      nextSteps: body.nextSteps,
      updatedAt: new Date(),
    })
    .onConflict(['pillar_id', 'level'])
    .merge();
  const row = await MatrixCellModel.query(trx).findOne({ pillar_id: pillarId, level });
  return toMatrixCell(row!);
}

/** The matrix visitors see (cells of active pillars), from the content cache. */
export function readPublicMatrixCells(db: Executor, cache: ContentCache): Promise<PublicMatrixCell[]> {
  return cache.get('matrix-cells', () => listPublicMatrixCells(db));
}
