import type { Knex } from 'knex';
import {
  type AdminPillarScore,
  type AdminSubmission,
  type Lead,
  type MaturityLevel,
  roundTo1,
  type SubmissionDetail,
  type SubmissionDomains,
  type SubmissionList,
  SUBMISSIONS_COUNT_CAP,
  type V1SubmissionDetail,
} from '@msp/shared';
import type { Database, Executor } from '../../../db/knex.js';
import type { SubmissionPillarScoreRow, SubmissionRow } from '../../../db/tables.js';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';
import { enqueueJob, hasUnfinishedJob } from '../../../jobs/job-store.js';
import { analysisJob, toSubmissionAnalysis } from '../follow-ups/analysis.js';
import { webhookJob } from '../../../jobs/webhook-jobs.js';
import { webhookDeliveriesOf } from '../follow-ups/webhook.js';
import { previousSubmissionOf } from '../previous-submission.js';
import { teamOriginOf } from '../team-origin.js';
import { listFilter, type SubmissionListFilter } from '../submission-filters.js';
import { countMatching, type Counted } from './submission-counts.js';
import {
  attributionOf,
  consentOf,
  findSubmissionRow,
  isUuid,
  pillarScoreRowsOf,
} from '../submission-reads.js';
import { deleteSubmissionRows } from '../submission-deletes.js';
import type { AuditWriter } from '../../../http/audit-trail.js';
import { paginationOf } from '../../../domain/pagination.js';
import { notesOf } from '../../leads/lead-notes.js';
import { leadSelect, leadsOf, type LeadActor, type LeadColumns } from '../../leads/leads-service.js';

/** The columns of a submission that its list row shows (not its answers, which can be large). */
const LIST_COLUMNS = [
  'id',
  'submitted_at',
  'ip_address',
  'demographic_data',
  'overall_level',
  'cumulative_average',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'ref_code',
  'referrer_host',
  'landing_path',
  'language',
  'consent_text',
  'consented_at',
] as const satisfies readonly (keyof SubmissionRow)[];

/** A submission's list row: its listed columns and how many answers it has. */
type AdminSubmissionRow = Pick<SubmissionRow, (typeof LIST_COLUMNS)[number]> &
  LeadColumns & { answer_count: number };

/** Pillar scores of the given submissions, in pillar order, by submission id. */
async function pillarScoresOf(db: Executor, ids: string[]): Promise<Map<string, AdminPillarScore[]>> {
  const byId = new Map<string, AdminPillarScore[]>(ids.map((id) => [id, []]));
  for (const row of await pillarScoreRowsOf(db, ids)) {
    byId.get(row.submission_id)?.push(toAdminPillarScore(row));
  }
  return byId;
}

function toAdminPillarScore(row: SubmissionPillarScoreRow): AdminPillarScore {
  return {
    pillarId: row.pillar_id,
    pillarKey: row.pillar_key,
    pillarName: row.pillar_name,
    level: row.level as MaturityLevel,
    percentage: roundTo1(Number(row.percentage)),
  };
}

function toAdminSubmission(
  row: AdminSubmissionRow,
  pillarScores: AdminPillarScore[],
  lead: Lead,
): AdminSubmission {
  return {
    id: row.id,
    submittedAt: new Date(row.submitted_at).toISOString(),
    ipAddress: row.ip_address,
    demographicData: row.demographic_data,
    scores: {
      overallLevel: row.overall_level as MaturityLevel,
      cumulativeAverage: roundTo1(Number(row.cumulative_average)),
      pillarScores,
    },
    answerCount: Number(row.answer_count),
    attribution: attributionOf(row),
    language: row.language,
    consent: consentOf(row),
    lead,
  };
}

/**
 * How far into a search with more matches than it counts its pages are found by walking the list's
 * order: as far as it counts. The walk reads the (submitted_at, id) index with each submission's
 * search text in it, never the rows, so a page near the cap reads at most the whole index; reading
 * every match instead reads nearly every page of the table (9 in 10 at 1 match in 10). Past the
 * cap, where the matches may be sparse and the walk may pass the whole index, every match is read.
 */
const WALKED_SEARCH_ROWS = SUBMISSIONS_COUNT_CAP;

/**
 * One page of submissions, newest first. The page's ids are found first on the (submitted_at, id)
 * index alone, then joined back to their rows (a deferred join), so a deep page skips index entries
 * rather than whole rows; a page past the middle is counted from the oldest end instead. A search's
 * count is capped, so where its oldest end lies is not known: its pages are counted from the newest.
 */
export async function listSubmissions(db: Database, filter: SubmissionListFilter): Promise<SubmissionList> {
  const { page, pageSize } = filter;
  const offset = (page - 1) * pageSize;
  const counted = await countMatching(db, filter);
  if (filter.sort === 'nextStep') {
    return listPage(db, filter, counted, await pageRowsByNextStep(db, filter, pageSize, offset));
  }
  if (filter.search) {
    const walk = counted.capped && offset + pageSize <= WALKED_SEARCH_ROWS;
    const rows = await pageRows(db, filter, { size: pageSize, skip: offset, fromOldest: false, walk });
    return listPage(db, filter, counted, rows);
  }
  const { total } = counted;
  if (offset >= total) return listPage(db, filter, counted, []);
  const size = Math.min(pageSize, total - offset);
  const fromOldest = offset > total / 2;
  const skip = fromOldest ? total - offset - size : offset;
  return listPage(db, filter, counted, await pageRows(db, filter, { size, skip, fromOldest }));
}

/** The answer for one page of rows, with their pillar scores. */
async function listPage(
  db: Database,
  filter: SubmissionListFilter,
  { total, capped }: Counted,
  rows: AdminSubmissionRow[],
): Promise<SubmissionList> {
  const scores = await pillarScoresOf(
    db,
    rows.map((row) => row.id),
  );
  const leads = await leadsOf(db, rows);
  return {
    submissions: rows.map((row) => toAdminSubmission(row, scores.get(row.id) ?? [], leads.get(row.id)!)),
    pagination: paginationOf(filter, total, capped),
  };
}

/**
 * `size` rows of the list, newest first, after skipping `skip` from the newest (or the oldest) end.
 * With `walk`, a search's page is found by walking the list's order and checking each entry's search
 * text, which PostgreSQL would not choose itself: it guesses a text search matches a few rows, where a
 * common name matches thousands, and reads and sorts every one of them (a quarter of a second at a
 * million).
 */
async function pageRows(
  db: Database,
  filter: SubmissionListFilter,
  options: { size: number; skip: number; fromOldest: boolean; walk?: boolean },
): Promise<AdminSubmissionRow[]> {
  if (!options.walk) return pageRowsOn(db, filter, options);
  return db.transaction(async (trx) => {
    // For this transaction only: no bitmap of every match, no scan of the whole table.
    await trx.raw('SET LOCAL enable_bitmapscan = off');
    await trx.raw('SET LOCAL enable_seqscan = off');
    return pageRowsOn(trx, filter, options);
  });
}

async function pageRowsOn(
  db: Executor,
  filter: SubmissionListFilter,
  { size, skip, fromOldest }: { size: number; skip: number; fromOldest: boolean },
): Promise<AdminSubmissionRow[]> {
  const direction = fromOldest ? 'asc' : 'desc';
  const pageIds = db('submissions as s')
    .modify(listFilter(filter))
    .select('s.id', 's.submitted_at')
    .orderBy([
      { column: 's.submitted_at', order: direction },
      { column: 's.id', order: direction },
    ])
    .limit(size)
    .offset(skip);
  return rowsOfPage(db, pageIds, [
    { column: 's.submitted_at', order: 'desc' },
    { column: 's.id', order: 'desc' },
  ]);
}

/**
 * `size` rows of the list in the desk's order: the soonest next step first, those without one
 * last, then oldest first (the lead waiting longest). With a status and an owner, the order is
 * `submissions_lead_index`'s own, so a page reads only its rows.
 */
async function pageRowsByNextStep(
  db: Executor,
  filter: SubmissionListFilter,
  size: number,
  skip: number,
): Promise<AdminSubmissionRow[]> {
  const order = [
    { column: 's.next_step_on', order: 'asc', nulls: 'last' },
    { column: 's.submitted_at', order: 'asc' },
    { column: 's.id', order: 'asc' },
  ] as const;
  const pageIds = db('submissions as s')
    .modify(listFilter(filter))
    .select('s.id', 's.next_step_on', 's.submitted_at')
    .orderBy([...order])
    .limit(size)
    .offset(skip);
  return rowsOfPage(db, pageIds, [...order]);
}

/**
 * The list rows of a page's ids (the deferred join: the page is found on an index, then only its
 * rows are read), in `order`.
 */
function rowsOfPage(
  db: Executor,
  pageIds: Knex.QueryBuilder,
  order: { column: string; order: 'asc' | 'desc'; nulls?: 'first' | 'last' }[],
): Promise<AdminSubmissionRow[]> {
  return db
    .from(pageIds.as('p'))
    .join('submissions as s', 's.id', 'p.id')
    .select<AdminSubmissionRow[]>(
      ...LIST_COLUMNS.map((column) => `s.${column}`),
      ...leadSelect(db),
      db.raw('jsonb_array_length(s.answers) as answer_count'),
    )
    .orderBy(order);
}

/** A submission by id; an unknown or malformed id is not found. */
export async function requireAdminSubmission(db: Executor, id: string): Promise<SubmissionRow> {
  const submission = await findSubmissionRow(db, id);
  if (!submission) throw new NotFoundError('Submission not found');
  return submission;
}

/**
 * A submission as the key API's detail says it: its answers as frozen when it was submitted, in
 * question order, the same person's assessment before it, and the organisation it counts for.
 */
export async function getV1Submission(db: Database, id: string): Promise<V1SubmissionDetail> {
  const row = await requireAdminSubmission(db, id);
  return {
    ...(await withAnswers(db, row)),
    notes: await notesOf(db, row.id, null),
    ...teamOriginOf({ emailDomain: row.email_domain, teamInviteId: row.team_invite_id ?? null }),
  };
}

/**
 * A loaded submission with its pillar scores, its answers in question order, and the same
 * person's assessment before it.
 */
async function withAnswers(
  db: Database,
  submission: SubmissionRow,
): Promise<Pick<SubmissionDetail, 'submission' | 'answers' | 'previous'>> {
  const scores = (await pillarScoresOf(db, [submission.id])).get(submission.id) ?? [];
  const answers = [...submission.answers].sort(
    (a, b) => a.questionOrder - b.questionOrder || a.questionId - b.questionId,
  );
  // Read apart from the row: the row's `*` would give the next-step day as a Date in the server's zone.
  const leadColumns = await db('submissions as s')
    .where('s.id', submission.id)
    .first<LeadColumns & { id: string }>('s.id', ...leadSelect(db));
  // Erased since the row was read (an admin's delete, a visitor's erasure): as if never found.
  if (!leadColumns) throw new NotFoundError('Submission not found');
  const lead = (await leadsOf(db, [leadColumns])).get(submission.id)!;
  const adminSubmission = toAdminSubmission(
    { ...submission, ...leadColumns, answer_count: answers.length },
    scores,
    lead,
  );
  return {
    submission: adminSubmission,
    answers: answers.map((a) => ({
      questionKey: a.questionKey,
      questionOrder: a.questionOrder,
      questionText: a.questionText,
      answerText: a.answerText,
      answerDescription: a.answerDescription ?? null,
    })),
    previous: await previousSubmissionOf(db, {
      id: submission.id,
      email: submission.email,
      submittedAt: submission.submitted_at,
      overallLevel: adminSubmission.scores.overallLevel,
      cumulativeAverage: adminSubmission.scores.cumulativeAverage,
      pillars: scores,
    }),
  };
}

/**
 * A submission with its answers, every webhook delivery of it, the analysis the visitor got with
 * who wrote it, and the lead's notes, for the admin: `viewer` sees which notes they may still correct.
 */
export async function getSubmissionDetail(
  db: Database,
  id: string,
  viewer: LeadActor | null = null,
): Promise<SubmissionDetail> {
  // The row read once: it carries the stored analysis too.
  const submission = await requireAdminSubmission(db, id);
  const [detail, webhookDeliveries, analysisPending, notes] = await Promise.all([
    withAnswers(db, submission),
    webhookDeliveriesOf(db, submission.id),
    hasUnfinishedJob(db, submission.id, 'analysis'),
    notesOf(db, submission.id, viewer),
  ]);
  const analysis = submission.ai_analysis ? toSubmissionAnalysis(submission.ai_analysis) : null;
  return { ...detail, webhookDeliveries, analysis, analysisPending, notes };
}

/** Deletes a submission with all that hangs off it and its share of the aggregates, at once. */
export async function deleteSubmission(db: Database, id: string, audit: AuditWriter): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError('Submission not found');
  await db.transaction(async (trx) => {
    const deleted = await deleteSubmissionRows(trx, [id]);
    if (deleted === 0) throw new NotFoundError('Submission not found');
    await audit(trx);
  });
}

/**
 * Regenerates a submission's analysis: forgets the stored one and queues a job (the outbox, in the
 * same transaction) that writes a new one the way the first was (by the model, when one is set
 * up); a view before it is done waits for it briefly, as a first view does.
 */
export async function clearSubmissionAnalysis(db: Database, id: string, audit: AuditWriter): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError('Submission not found');
  await db.transaction(async (trx) => {
    const updated = await trx('submissions').update({ ai_analysis: null }).where('id', id);
    if (updated === 0) throw new NotFoundError('Submission not found');
    await enqueueJob(trx, analysisJob(id));
    await audit(trx);
  });
}

/** Queues a new webhook delivery of a submission (with a webhook-id of its own), due at once. */
export async function resendSubmissionWebhook(
  db: Database,
  id: string,
  webhooksOn: boolean,
  audit: AuditWriter,
): Promise<{ deliveryId: string }> {
  await requireAdminSubmission(db, id);
  if (!webhooksOn) {
    throw new ConflictError('Webhooks are not configured: set WEBHOOK_URL and WEBHOOK_SECRET on the server.');
  }
  const job = webhookJob(id);
  await db.transaction(async (trx) => {
    await enqueueJob(trx, job);
    await audit(trx);
  });
  return { deliveryId: String(job.payload!.messageId) };
}

/** Every email domain with its number of submissions, from the aggregate the triggers keep. */
export async function listSubmissionDomains(db: Database): Promise<SubmissionDomains> {
  const rows = await db('submission_stats_domains')
    .select('email_domain as domain')
    .sum<{ domain: string; submissions: string | number }[]>({ submissions: 'submissions' })
    .groupBy('email_domain')
    .havingRaw('sum(submissions) > 0')
    // Byte order: domains are lower-case ASCII, and tens of thousands sort faster without a locale.
    .orderByRaw('email_domain COLLATE "C"');
  return { domains: rows.map((row) => ({ domain: row.domain, submissions: Number(row.submissions) })) };
}

/** The distinct submitter emails of one domain, alphabetically. */
export async function listDomainEmails(db: Database, domain: string): Promise<{ emails: string[] }> {
  const rows = await db('submissions')
    .distinct<{ email: string }[]>('email')
    .where('email_domain', domain)
    .whereNotNull('email')
    .orderBy('email');
  return { emails: rows.map((row) => row.email) };
}
