import type { Attribution, ResultsResponse, StoredAnalysis, SubmissionConsent } from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import type { FrozenAnswer, SubmissionPillarScoreRow, SubmissionRow } from '../../db/tables.js';
import { NotFoundError } from '../../domain/errors.js';
import { emailDomainOf } from '../../domain/email-domains.js';
import { isUuid } from '../../domain/ids.js';

// Its readers in this folder find it here, as before it moved below every plugin.
export { isUuid };

/** One pillar's score as a submission froze it. */
export interface SubmissionPillarScore {
  pillarId: number;
  /** The pillar's key: what every figure groups by, so a content import does not split its history. */
  pillarKey: string;
  pillarName: string;
  pillarOrder: number;
  points: number;
  maxPoints: number;
  percentage: number;
  normalizedScore: number;
  level: number;
}

/** A submission as the code reads it: its row in camelCase, with its pillar scores in pillar order. */
export interface Submission {
  id: string;
  submittedAt: Date;
  ipAddress: string | null;
  demographicData: Record<string, string>;
  email: string | null;
  emailDomain: string | null;
  employeeCount: string | null;
  managedCompanies: string | null;
  overallLevel: number;
  cumulativeAverage: number;
  aiAnalysis: StoredAnalysis | null;
  attribution: Attribution;
  /** The language the assessment was taken in. */
  language: string;
  consent: SubmissionConsent | null;
  /** The team invite it was made from, or null. */
  teamInviteId: string | null;
  answers: FrozenAnswer[];
  pillarScores: SubmissionPillarScore[];
}

/** A submission's attribution from its columns: the one shape every reader answers. */
export function attributionOf(
  row: Pick<
    SubmissionRow,
    | 'utm_source'
    | 'utm_medium'
    | 'utm_campaign'
    | 'utm_term'
    | 'utm_content'
    | 'ref_code'
    | 'referrer_host'
    | 'landing_path'
  >,
): Attribution {
  return {
    source: row.utm_source ?? null,
    medium: row.utm_medium ?? null,
    campaign: row.utm_campaign ?? null,
    term: row.utm_term ?? null,
    content: row.utm_content ?? null,
    ref: row.ref_code ?? null,
    referrer: row.referrer_host ?? null,
    landingPath: row.landing_path ?? null,
  };
}

/** A submission's consent from its columns: null when none was asked for. */
export function consentOf(
  row: Pick<SubmissionRow, 'consent_text' | 'consented_at'>,
): SubmissionConsent | null {
  if (row.consent_text == null || row.consented_at == null) return null;
  return { text: row.consent_text, consentedAt: new Date(row.consented_at).toISOString() };
}

/** The one mapping from a submission's rows to the shape the code reads. */
export function toSubmission(row: SubmissionRow, scores: readonly SubmissionPillarScoreRow[]): Submission {
  return {
    id: row.id,
    submittedAt: row.submitted_at,
    ipAddress: row.ip_address,
    demographicData: row.demographic_data,
    email: row.email,
    emailDomain: row.email_domain,
    employeeCount: row.employee_count,
    managedCompanies: row.managed_companies,
    overallLevel: row.overall_level,
    cumulativeAverage: row.cumulative_average,
    aiAnalysis: row.ai_analysis,
    attribution: attributionOf(row),
    language: row.language,
    consent: consentOf(row),
    teamInviteId: row.team_invite_id ?? null,
    answers: row.answers,
    pillarScores: scores.map((s) => ({
      pillarId: s.pillar_id,
      pillarKey: s.pillar_key,
      pillarName: s.pillar_name,
      pillarOrder: s.pillar_order,
      points: s.points,
      maxPoints: s.max_points,
      percentage: s.percentage,
      normalizedScore: s.normalized_score,
      level: s.level,
    })),
  };
}

/** A submission's row by id, or undefined when the id matches none (or is no UUID). */
export async function findSubmissionRow(
  db: Executor,
  submissionId: string,
): Promise<SubmissionRow | undefined> {
  if (!isUuid(submissionId)) return undefined;
  return db<SubmissionRow>('submissions').where({ id: submissionId }).first();
}

/**
 * The pillar score rows of the given submissions, in pillar order: every column, or only `columns`
 * (an organisation's figures read five of them for thousands of members). The ids go as one array
 * parameter, not one parameter each.
 */
export async function pillarScoreRowsOf<
  K extends keyof SubmissionPillarScoreRow = keyof SubmissionPillarScoreRow,
>(
  db: Executor,
  ids: readonly string[],
  columns?: readonly K[],
): Promise<Pick<SubmissionPillarScoreRow, K>[]> {
  if (ids.length === 0) return [];
  // Typed as whole rows for knex; the signature gives back only the columns asked for.
  return db('submission_pillar_scores')
    .whereRaw('submission_id = ANY(?::uuid[])', [[...ids]])
    .orderBy([{ column: 'pillar_order' }, { column: 'pillar_id' }])
    .select<SubmissionPillarScoreRow[]>(columns ? [...columns] : ['*']);
}

/**
 * The submissions of one email address (given trimmed and lower case), unordered: the personal-data
 * look-up, "Your assessments" and the sign-in link all read them so. The address is stored lower
 * case, but is compared lower-cased all the same (rows stored before that was so); the domain,
 * always stored lower case, keeps it to the (email_domain, email) index.
 */
export function submissionsOfEmail(db: Executor, email: string) {
  return db<SubmissionRow>('submissions')
    .where('email_domain', emailDomainOf(email))
    .whereRaw('lower(email) = ?', [email]);
}

/** A submission with its pillar scores in pillar order, or null when the id matches none. */
export async function findSubmission(db: Executor, submissionId: string): Promise<Submission | null> {
  const row = await findSubmissionRow(db, submissionId);
  if (!row) return null;
  return toSubmission(row, await pillarScoreRowsOf(db, [row.id]));
}

/** The submission a results or comparison page asks for; an unknown or malformed id is not found. */
export async function requireSubmission(db: Database, submissionId: string): Promise<Submission> {
  const submission = await findSubmission(db, submissionId);
  if (!submission) throw new NotFoundError('Submission not found');
  return submission;
}

/** The visitor's results answer: the scores frozen with the submission and its analysis. */
export function toResultsResponse(submission: Submission, analysis: StoredAnalysis): ResultsResponse {
  return {
    submissionId: submission.id,
    submittedAt: new Date(submission.submittedAt).toISOString(),
    language: submission.language,
    overallLevel: submission.overallLevel as ResultsResponse['overallLevel'],
    pillarScores: submission.pillarScores.map((s) => ({
      pillarId: s.pillarId,
      pillarKey: s.pillarKey,
      pillarName: s.pillarName,
      score: s.level as ResultsResponse['overallLevel'],
      normalizedScore: s.normalizedScore,
    })),
    analysis: { summary: analysis.summary, recommendations: analysis.recommendations },
    submission: { id: submission.id, demographicData: submission.demographicData, aiAnalysis: analysis },
  };
}
