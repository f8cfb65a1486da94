import type { ResultsResponse, StoredAnalysis } from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import { SubmissionModel } from '../../db/models/submissions.js';
import { NotFoundError } from '../../domain/errors.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A submission with its pillar scores in pillar order, or null when the id matches none. */
export async function findSubmission(db: Executor, submissionId: string): Promise<SubmissionModel | null> {
  if (!isUuid(submissionId)) return null;
  const submission = await SubmissionModel.query(db)
    .findById(submissionId)
    .withGraphFetched('pillarScores')
    .modifyGraph('pillarScores', (builder) =>
      builder.orderBy([{ column: 'pillar_order' }, { column: 'pillar_id' }]),
    );
  return submission ?? null;
}

/** The submission a results or comparison page asks for; an unknown or malformed id is not found. */
export async function requireSubmission(db: Database, submissionId: string): Promise<SubmissionModel> {
  const submission = await findSubmission(db, submissionId);
  if (!submission) throw new NotFoundError('Submission not found');
  return submission;
}

/** The visitor's results answer: the scores frozen with the submission and its analysis. */
export function toResultsResponse(submission: SubmissionModel, analysis: StoredAnalysis): ResultsResponse {
  return {
    submissionId: submission.id,
    submittedAt: new Date(submission.submittedAt).toISOString(),
    overallLevel: submission.overallLevel as ResultsResponse['overallLevel'],
    pillarScores: (submission.pillarScores ?? []).map((s) => ({
      pillarId: s.pillarId,
      pillarName: s.pillarName,
      score: s.level as ResultsResponse['overallLevel'],
      normalizedScore: s.normalizedScore,
    })),
    analysis: { summary: analysis.summary, recommendations: analysis.recommendations },
    submission: { id: submission.id, demographicData: submission.demographicData, aiAnalysis: analysis },
  };
}
