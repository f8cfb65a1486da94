import {
  roundTo1,
  unitIds,
  type VisitorAssessment,
  type VisitorChange,
  type VisitorHistory,
} from '@msp/shared';
import type { Database } from '../../db/knex.js';
import type { SubmissionRow } from '../../db/tables.js';
import type { ContentTexts } from '../languages/localize.js';
import { pillarScoreRowsOf, submissionsOfEmail } from '../submissions/submission-reads.js';

/** The most assessments "Your assessments" lists: years of retaking it every quarter. */
export const HISTORY_MAX = 100;

type HistoryRow = Pick<
  SubmissionRow,
  'id' | 'submitted_at' | 'language' | 'overall_level' | 'cumulative_average' | 'demographic_data'
>;

const changeOf = (level: number, score: number, before?: { level: number; score: number }) =>
  before
    ? ({ level: level - before.level, score: roundTo1(score - before.score) } satisfies VisitorChange)
    : null;

/**
 * Every assessment of a verified address, newest first, each with its change since the one before
 * it (overall and per pillar, matched by the pillar's lasting key), the pillars named in the
 * page's language. Read through the (email_domain, email) index, as the personal-data look-up is.
 */
export async function readVisitorHistory(
  db: Database,
  email: string,
  texts: ContentTexts,
): Promise<VisitorHistory> {
  const rows = await submissionsOfEmail(db, email)
    .orderBy([
      { column: 'submitted_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(HISTORY_MAX)
    .select<HistoryRow[]>(
      'id',
      'submitted_at',
      'language',
      'overall_level',
      'cumulative_average',
      'demographic_data',
    );
  const scoreRows = await pillarScoreRowsOf(
    db,
    rows.map((row) => row.id),
  );
  const pillarsOf = new Map<string, { key: string; name: string; level: number; score: number }[]>();
  for (const score of scoreRows) {
    const list = pillarsOf.get(score.submission_id) ?? [];
    list.push({
      key: score.pillar_key,
      name: texts.content(unitIds.pillarName(score.pillar_key), score.pillar_name),
      level: score.level,
      score: roundTo1(Number(score.percentage)),
    });
    pillarsOf.set(score.submission_id, list);
  }
  const assessments = rows.map((row, index): VisitorAssessment => {
    const previous = rows[index + 1];
    const before = previous ? new Map((pillarsOf.get(previous.id) ?? []).map((p) => [p.key, p])) : null;
    const overall = roundTo1(Number(row.cumulative_average));
    return {
      submissionId: row.id,
      submittedAt: new Date(row.submitted_at).toISOString(),
      language: row.language,
      overallLevel: row.overall_level,
      cumulativeAverage: overall,
      change: previous
        ? changeOf(row.overall_level, overall, {
            level: previous.overall_level,
            score: roundTo1(Number(previous.cumulative_average)),
          })
        : null,
      pillars: (pillarsOf.get(row.id) ?? []).map((pillar) => ({
        pillarKey: pillar.key,
        pillarName: pillar.name,
        level: pillar.level,
        percentage: pillar.score,
        change: changeOf(pillar.level, pillar.score, before?.get(pillar.key)),
      })),
    };
  });
  return { email, assessments, latestDemographics: rows[0]?.demographic_data ?? null };
}
