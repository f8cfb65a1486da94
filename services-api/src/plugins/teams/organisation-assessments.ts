import { roundTo1, unitIds } from '@msp/shared';
import type { Executor } from '../../db/knex.js';
import { latestPerMember, type AnswerTally, type MemberAssessment } from '../../domain/team-figures.js';
import type { ContentTexts } from '../languages/localize.js';
import { pillarScoreRowsOf } from '../submissions/submission-reads.js';

/** Every assessment of an organisation, with who made it: the team view and the operator's detail. */
export interface OrganisationAssessment extends MemberAssessment {
  /**
   * The member's first and last name as given in their latest assessment, or null; `role` too is
   * their latest answer, on each of their assessments: a member is named and counted in a role as
   * they now are.
   */
  name: string | null;
  /** Whether it was made from a team invite. */
  fromInvite: boolean;
}

/**
 * At most this many assessments of one organisation are read, the newest: years of a 200-person
 * team. A larger one's figures count the members who assessed among them, its history that span.
 */
export const ORGANISATION_ASSESSMENTS_MAX = 5000;

/** What is read of every assessment: the columns the domain-and-date index carries. */
interface Row {
  id: string;
  email: string;
  submitted_at: Date;
  overall_level: number;
  cumulative_average: string | number;
  team_invite_id: string | null;
}

/** What is read of each member's latest alone. */
interface LatestRow {
  id: string;
  role: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * Every assessment made from an address at `domain` (lower case), oldest first, read from the
 * (email_domain, submitted_at, id) index alone, which carries its columns. Only each person's
 * latest is read further: its name, role and pillar scores, named in the reader's language (the
 * others an empty list): every figure reads the pillars of the latest alone and the history only
 * the overall scores, and a domain of thousands of assessments would otherwise read its rows from
 * all over the table and six score rows for each.
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
      'team_invite_id',
    );
  const rows = (await query).reverse();
  const latest = latestPerMember(
    rows.map((row) => ({ email: row.email, submissionId: row.id, submittedAt: new Date(row.submitted_at) })),
  );
  const latestIds = latest.map((row) => row.submissionId);
  // One after the other: `db` may be a transaction's one connection.
  const people = latestIds.length
    ? await db('submissions')
        .whereRaw('id = ANY(?::uuid[])', [latestIds])
        .select<LatestRow[]>(
          'id',
          db.raw("nullif(trim(demographic_data->>'role'), '') AS role"),
          db.raw("nullif(trim(demographic_data->>'first_name'), '') AS first_name"),
          db.raw("nullif(trim(demographic_data->>'last_name'), '') AS last_name"),
        )
    : [];
  // The columns the figures read: thousands of members' six rows each.
  const scores = await pillarScoreRowsOf(db, latestIds, [
    'submission_id',
    'pillar_key',
    'pillar_name',
    'level',
    'percentage',
  ]);
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
  const emailOf = new Map(latest.map((row) => [row.submissionId, row.email]));
  const personOf = new Map(
    people.map((person) => [
      emailOf.get(person.id)!,
      { role: person.role, name: [person.first_name, person.last_name].filter(Boolean).join(' ') || null },
    ]),
  );
  return rows.map((row) => {
    const person = personOf.get(row.email);
    return {
      email: row.email,
      submissionId: row.id,
      submittedAt: new Date(row.submitted_at),
      role: person?.role ?? null,
      name: person?.name ?? null,
      fromInvite: row.team_invite_id !== null,
      overallLevel: row.overall_level,
      cumulativeAverage: roundTo1(Number(row.cumulative_average)),
      pillars: pillarsOf.get(row.id) ?? [],
    };
  });
}

/** One answer as the given submissions froze it, and how many of them gave it. */
export interface StoredAnswerTally extends AnswerTally {
  /** The answer's id, to find its text in another language. */
  answerId: number;
}

/**
 * The answers frozen with the given submissions, counted in the database by question and answer:
 * only the team report reads them, and an organisation of thousands would otherwise bring every
 * member's thirty answers into the process (five thousand members, a hundred and fifty thousand).
 */
export async function tallySubmissionAnswers(
  db: Executor,
  submissionIds: readonly string[],
): Promise<StoredAnswerTally[]> {
  if (submissionIds.length === 0) return [];
  // float8 and int come back as numbers: the rows are the tallies as they are.
  const { rows } = await db.raw<{ rows: StoredAnswerTally[] }>(
    `SELECT a->>'questionKey' AS "questionKey",
            min((a->>'questionOrder')::int) AS "questionOrder",
            min(a->>'questionText') AS "questionText",
            (a->>'answerId')::int AS "answerId",
            a->>'answerText' AS "answerText",
            points.earned, points.most,
            count(*)::int AS count
       FROM submissions s
       CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.answers, '[]'::jsonb)) a
       CROSS JOIN LATERAL (
         SELECT (SELECT coalesce(sum((p->>'points')::float8), 0)
                   FROM jsonb_array_elements(coalesce(a->'allocations', '[]'::jsonb)) p) AS earned,
                (SELECT coalesce(sum((p->>'points')::float8), 0)
                   FROM jsonb_array_elements(coalesce(a->'maxima', '[]'::jsonb)) p) AS most
       ) points
      WHERE s.id = ANY(?::uuid[])
      GROUP BY 1, 4, 5, 6, 7
      ORDER BY 1, 4, 5, 6, 7`,
    [[...submissionIds]],
  );
  return rows;
}
