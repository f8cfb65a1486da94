import type { ResultsResponse, StoredAnalysis } from '@msp/shared';
import type { Analyst } from '../../analysis/analyst.js';
import type { Database } from '../../db/knex.js';
import { Submission } from '../../db/models/index.js';
import { NotFoundError } from '../../domain/errors.js';
import type { PublicContent } from '../public-content/content-service.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A submission with its pillar scores in pillar order, or null when the id matches none. */
export async function findSubmission(db: Database, submissionId: string): Promise<Submission | null> {
  if (!isUuid(submissionId)) return null;
  const submission = await Submission.query(db)
    .findById(submissionId)
    .withGraphFetched('pillarScores')
    .modifyGraph('pillarScores', (builder) =>
      builder.orderBy([{ column: 'pillar_order' }, { column: 'pillar_id' }]),
    );
  return submission ?? null;
}

/** The submission a results or comparison page asks for; an unknown or malformed id is not found. */
export async function requireSubmission(db: Database, submissionId: string): Promise<Submission> {
  const submission = await findSubmission(db, submissionId);
  if (!submission) throw new NotFoundError('Submission not found');
  return submission;
}

/**
 * Writes a submission's analysis on its first view. Concurrent first views in this process share
 * one generation; across processes the first stored analysis wins and the others read it back.
 */
export class AnalysisWriter {
  private readonly inFlight = new Map<string, Promise<StoredAnalysis>>();

  constructor(
    private readonly db: Database,
    private readonly analyst: Analyst,
    private readonly content: PublicContent,
  ) {}

  ensure(submission: Submission): Promise<StoredAnalysis> {
    if (submission.aiAnalysis) return Promise.resolve(submission.aiAnalysis);
    const running = this.inFlight.get(submission.id);
    if (running) return running;
    const pending = this.generate(submission).finally(() => this.inFlight.delete(submission.id));
    this.inFlight.set(submission.id, pending);
    return pending;
  }

  private async generate(submission: Submission): Promise<StoredAnalysis> {
    const analysis = await this.analyst.analyze({
      overallLevel: submission.bannerLevel,
      pillarScores: (submission.pillarScores ?? []).map((s) => ({
        pillarId: s.pillarId,
        pillarName: s.pillarName,
        level: s.level,
        percentage: s.percentage,
      })),
      matrixCells: await this.content.matrixCells(),
      demographicData: submission.demographicData,
    });
    const stored: StoredAnalysis = { ...analysis, generatedAt: new Date().toISOString() };
    const updated = await Submission.query(this.db)
      .patch({ aiAnalysis: stored })
      .where('id', submission.id)
      .whereNull('ai_analysis');
    if (updated > 0) return stored;
    const row = await Submission.query(this.db).findById(submission.id).select('ai_analysis');
    return row?.aiAnalysis ?? stored;
  }
}

export function toResultsResponse(submission: Submission, analysis: StoredAnalysis): ResultsResponse {
  return {
    submissionId: submission.id,
    submittedAt: new Date(submission.submittedAt).toISOString(),
    overallLevel: submission.bannerLevel as ResultsResponse['overallLevel'],
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
