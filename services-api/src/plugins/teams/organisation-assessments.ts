import { roundTo1, unitIds } from '@msp/shared';
import type { Executor } from '../../db/knex.js';
import type { FrozenAnswer } from '../../db/tables.js';
import { latestPerMember, type MemberAssessment } from '../../domain/team-figures.js';
import type { ContentTexts } from '../languages/localize.js';
import { pillarScoreRowsOf } from '../submissions/submission-reads.js';

/** Every assessment of an organisation, with who made it: the team view and the operator's detail. */
export interface OrganisationAssessment extends MemberAssessment {
  /** First and last name as given in the assessment, or null. */
  name: string | null;
  /** Whether it was made from a team invite. */
  fromInvite: boolean;
}

/**
 * At most this many assessments of one organisation are read, the newest: years of a 200-person
 * team. A larger one's figures count the members who assessed among them, its history that span.
 */
export const ORGANISATION_ASSESSMENTS_MAX = 5000;

interface Row {
  id: string;
  email: string;
  submitted_at: Date;
  overall_level: number;
  cumulative_average: string | number;
  role: string | null;
  first_name: string | null;
  last_name: string | null;
  team_invite_id: string | null;
}

/**
 * Every assessment made from an address at `domain` (lower case), oldest first, read through the
 * (email_domain, submitted_at, id) index. Only each person's latest carries its pillar scores,
 * named in the reader's language (the others an empty list): every figure reads the pillars of
 * the latest alone and the history only the overall scores, and a domain of thousands of
 * assessments would otherwise read six score rows for each.
 */
export async function readOrganisationAssessments(
  db: Executor,
  domain: string,
  texts: ContentTexts,
): Promise<OrganisationAssessment[]> {
  const query = db('submissions')
    .where('email_domain', domain)
    .whereNotNull('email')
    // The newest, so an organisation past the limit still has each member's latest; put oldest
    // first below, as the figures' history reads them.
    .orderBy([
      { column: 'submitted_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(ORGANISATION_ASSESSMENTS_MAX)
    .select<Row[]>(
      'id',
      db.raw('lower(email) AS email'),
      'submitted_at',
      'overall_level',
      'cumulative_average',
      db.raw("nullif(trim(demographic_data->>'role'), '') AS role"),
      db.raw("nullif(trim(demographic_data->>'first_name'), '') AS first_name"),
      db.raw("nullif(trim(demographic_data->>'last_name'), '') AS last_name"),
      'team_invite_id',
    );
  const rows = (await query).reverse();
  const latest = latestPerMember(
    rows.map((row) => ({ email: row.email, submissionId: row.id, submittedAt: new Date(row.submitted_at) })),
  );
  const scores = await pillarScoreRowsOf(
    db,
    latest.map((row) => row.submissionId),
  );
  const pillarsOf = new Map<string, MemberAssessment['pillars'][number][]>();
  for (const score of scores) {
    const list = pillarsOf.get(score.submission_id) ?? [];
    list.push({
      key: score.pillar_key,
      name: texts.content(unitIds.pillarName(score.pillar_key), score.pillar_name),
      level: score.level,
      percentage: roundTo1(Number(score.percentage)),
    });
    pillarsOf.set(score.submission_id, list);
  }
  return rows.map((row) => ({
    email: row.email,
    submissionId: row.id,
    submittedAt: new Date(row.submitted_at),
    role: row.role,
    name: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
    fromInvite: row.team_invite_id !== null,
    overallLevel: row.overall_level,
    cumulativeAverage: roundTo1(Number(row.cumulative_average)),
    pillars: pillarsOf.get(row.id) ?? [],
  }));
}

/**
 * The answers frozen with the given submissions, by submission: only the team report reads them
 * (a few members' latest), so the team view's read of every assessment stays light.
 */
export async function readSubmissionAnswers(
  db: Executor,
  submissionIds: readonly string[],
): Promise<Map<string, FrozenAnswer[]>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db('submissions')
    .whereIn('id', [...submissionIds])
    .select<{ id: string; answers: FrozenAnswer[] | null }[]>('id', 'answers');
  return new Map(rows.map((row) => [row.id, row.answers ?? []]));
}
