import { levelName } from '@msp/shared';
import type { Database } from '../../../db/knex.js';
import { DemographicFieldModel } from '../../../db/models/content.js';
import { exportFilter } from '../submission-filters.js';
import type { Cell } from './cells.js';
import { displayName } from '../../leads/leads-service.js';
import { ATTRIBUTION_COLUMNS, type ExportFilter, type ExportRow } from './query.js';

export interface Column {
  header: string;
  width: number;
  cell: (row: ExportRow) => Cell;
}

/**
 * A level as every level column writes it, "2 Advanced": the overall level and each pillar's
 * alike, so a reader compares them without a key and a spreadsheet sorts them by number.
 */
function levelCell(level: number): string {
  return `${level} ${levelName(level)}`;
}

function widthFor(header: string, min = 12, max = 50): number {
  return Math.min(max, Math.max(min, header.length + 2));
}

/**
 * The columns of this export: when, who (every demographic field by its label), the overall
 * result, each pillar's level and percentage, and each question's chosen answer. Pillars and
 * questions are those the exported submissions were scored with (frozen), not today's content,
 * one column each by key, so submissions on either side of a content import share their columns.
 */
export async function columnsFor(db: Database, filter: ExportFilter): Promise<Column[]> {
  // One submission of each question_set: the same questions as all the others of its set.
  const representatives = db('submissions as s')
    .modify(exportFilter(filter))
    .distinctOn('s.question_set')
    .select('s.id')
    .orderBy('s.question_set');
  const [statuses, owners] = await Promise.all([
    db('lead_statuses').select<{ id: number; name: string }[]>('id', 'name'),
    db('users').select<{ id: number; email: string; first_name: string | null; last_name: string | null }[]>(
      'id',
      'email',
      'first_name',
      'last_name',
    ),
  ]);
  const statusNames = new Map(statuses.map((status) => [status.id, status.name]));
  const ownerNames = new Map(owners.map((owner) => [owner.id, displayName(owner)]));
  const [fields, pillars, questions, sets] = await Promise.all([
    DemographicFieldModel.query(db).orderBy([{ column: 'order' }, { column: 'id' }]),
    db('submission_pillar_scores as ps')
      .join('submissions as s', 's.id', 'ps.submission_id')
      .modify(exportFilter(filter))
      .select<{ pillarKey: string; pillarName: string }[]>(
        'ps.pillar_key as pillarKey',
        db.raw('max(ps.pillar_name) as "pillarName"'),
      )
      .groupBy('ps.pillar_key')
      .orderByRaw('min(ps.pillar_order), min(ps.pillar_id)'),
    db('submissions as s')
      .crossJoin(db.raw('jsonb_array_elements(s.answers) as a'))
      .whereIn('s.id', representatives)
      .select<{ questionKey: string; questionText: string }[]>(
        db.raw(`a->>'questionKey' as "questionKey"`),
        db.raw(`max(a->>'questionText') as "questionText"`),
      )
      .groupByRaw(`a->>'questionKey'`)
      .orderByRaw(`min((a->>'questionOrder')::int), min((a->>'questionId')::int)`),
    db('submissions as s')
      .whereIn('s.id', representatives)
      .select<{ questionSet: string; keys: string[] }[]>(
        's.question_set as questionSet',
        db.raw(`jsonb_path_query_array(s.answers, '$[*].questionKey') as keys`),
      ),
  ]);
  // Where each question's answer is among a row's answer_texts, by the row's question_set; the
  // last of a key counts, as when the answers were gathered into an object by key.
  const positions = new Map<string, Map<string, number>>();
  for (const { questionSet, keys } of sets) {
    positions.set(questionSet, new Map(keys.map((key, index) => [key, index])));
  }

  const columns: Column[] = [
    { header: 'Submitted At (UTC)', width: 20, cell: (row) => row.submitted_at },
    ...fields.map<Column>((field) => ({
      header: field.label,
      width: widthFor(field.label, 14, 40),
      cell: (row) => row.demographic_data[field.identifier] ?? null,
    })),
    { header: 'Overall Level', width: 16, cell: (row) => levelCell(row.overall_level) },
    { header: 'Average Score (%)', width: 14, cell: (row) => row.cumulative_average },
    // The language it was taken in: every text of the file is the default language's whatever it is.
    { header: 'Language', width: 10, cell: (row) => row.language },
    ...ATTRIBUTION_COLUMNS.map<Column>(([header], index) => ({
      header,
      width: header === 'Landing Path' || header === 'Referrer' ? 24 : 16,
      cell: (row) => row.attribution[index] ?? null,
    })),
    // The statement as the submitter saw it: admin-written, but neutralised like every text cell.
    { header: 'Consent Statement', width: 40, cell: (row) => row.consent_text },
    { header: 'Consented At (UTC)', width: 20, cell: (row) => row.consented_at },
    // Where the team stands with it, as the list shows it.
    { header: 'Lead Status', width: 16, cell: (row) => statusNames.get(row.lead_status_id) ?? null },
    {
      header: 'Owner',
      width: 20,
      cell: (row) => (row.lead_owner_id === null ? null : (ownerNames.get(row.lead_owner_id) ?? null)),
    },
    { header: 'Next Step', width: 12, cell: (row) => row.next_step_on },
    { header: 'Notes', width: 8, cell: (row) => row.note_count },
  ];
  for (const pillar of pillars) {
    const id = pillar.pillarKey;
    columns.push(
      {
        header: `${pillar.pillarName} Level`,
        width: widthFor(`${pillar.pillarName} Level`),
        cell: (row) => {
          const level = row.scores.get(id)?.level;
          return level === undefined ? null : levelCell(level);
        },
      },
      {
        header: `${pillar.pillarName} (%)`,
        width: widthFor(`${pillar.pillarName} (%)`),
        cell: (row) => row.scores.get(id)?.percentage ?? null,
      },
    );
  }
  for (const question of questions) {
    const key = question.questionKey;
    columns.push({
      header: question.questionText,
      width: 40,
      cell: (row) => {
        const at = positions.get(row.question_set)?.get(key);
        return at === undefined ? null : (row.answer_texts?.[at] ?? null);
      },
    });
  }
  return columns;
}
