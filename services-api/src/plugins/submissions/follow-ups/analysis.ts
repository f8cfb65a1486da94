import { unitIds, type StoredAnalysis, type SubmissionAnalysis } from '@msp/shared';
import type { AnalysisInput, AnalysisOutcome, Analyst } from '../../../analysis/analyst.js';
import { BuiltinAnalyst } from '../../../analysis/builtin-analyst.js';
import type { Database } from '../../../db/knex.js';
import type { SubmissionRow } from '../../../db/tables.js';
import { hasUnfinishedJob, type NewJob } from '../../../jobs/job-store.js';
import type { JobHandler } from '../../../jobs/job-worker.js';
import { ANALYSIS_RETRY_DELAYS_MS } from '../../../jobs/retry-schedules.js';
import type { PublicContent } from '../../content/public-content.js';
import { localizeMatrixCells, withPillarNamesIn } from '../../languages/localize.js';
import { findSubmission, type Submission } from '../submission-reads.js';

/** How long a first view of the results waits for the analysis job before writing one itself. */
export const ANALYSIS_WAIT_MS = 8000;
const ANALYSIS_POLL_MS = 200;

/** A new analysis of a submission, written by the configured analyst. */
export function analysisJob(submissionId: string): NewJob {
  return { kind: 'analysis', submissionId, maxAttempts: 3 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes submissions' analyses. The analysis job, queued with the submission, writes it with the
 * configured analyst (a model, when one is set up), so the results are usually ready on first
 * view. A view that finds none waits briefly for that job, then has the built-in analyst write it.
 * Whoever stores first wins and everyone else reads that back, so concurrent views (in this
 * process or any other) and a late job end with one analysis.
 */
export class AnalysisWriter {
  private readonly inFlight = new Map<string, Promise<StoredAnalysis>>();
  private readonly builtin = new BuiltinAnalyst();

  constructor(
    private readonly db: Database,
    private readonly analyst: Analyst,
    private readonly content: PublicContent,
    private readonly waitMs = ANALYSIS_WAIT_MS,
  ) {}

  /** The analysis job: writes one unless the submission (still) has one. */
  async generate(submissionId: string): Promise<void> {
    const submission = await findSubmission(this.db, submissionId);
    if (!submission || submission.aiAnalysis) return;
    await this.store(submission, await this.analyst.analyze(await this.inputOf(submission)));
  }

  /** The analysis a view shows: the stored one, or one written now. */
  ensure(submission: Submission): Promise<StoredAnalysis> {
    if (submission.aiAnalysis) return Promise.resolve(submission.aiAnalysis);
    const running = this.inFlight.get(submission.id);
    if (running) return running;
    const pending = this.waitOrWrite(submission).finally(() => this.inFlight.delete(submission.id));
    this.inFlight.set(submission.id, pending);
    return pending;
  }

  private async waitOrWrite(submission: Submission): Promise<StoredAnalysis> {
    const deadline = Date.now() + this.waitMs;
    let waited = false;
    while (Date.now() < deadline && (await hasUnfinishedJob(this.db, submission.id, 'analysis'))) {
      waited = true;
      await sleep(ANALYSIS_POLL_MS);
      const stored = await this.storedOf(submission.id);
      if (stored) return stored;
    }
    const stored = await this.storedOf(submission.id);
    if (stored) return stored;
    const outcome = await this.builtin.analyze(await this.inputOf(submission));
    // The admin is told why the model did not write it; with no model configured, that says it all.
    const fallbackReason = waited
      ? 'the analysis job was not done when the results were first viewed'
      : this.analyst instanceof BuiltinAnalyst
        ? undefined
        : 'no analysis job was queued when the results were first viewed';
    return this.store(submission, fallbackReason ? { ...outcome, fallbackReason } : outcome);
  }

  /**
   * What an analyst is given, in the submission's language: pillar names and matrix cells
   * translated, and the built-in analyst's sentences in that language, or in the default
   * language's when it has no analyst texts of its own.
   */
  private async inputOf(submission: Submission): Promise<AnalysisInput> {
    const [texts, pillars, cells] = await Promise.all([
      this.content.languageTexts(submission.language),
      this.content.pillars(),
      this.content.matrixCells(),
    ]);
    const sentences = texts.has(unitIds.message('analyst.reading.0'))
      ? texts
      : await this.content.languageTexts();
    const pillarKeys = new Map(pillars.map((pillar) => [pillar.id, pillar.key]));
    return {
      overallLevel: submission.overallLevel,
      pillarScores: withPillarNamesIn(submission, texts).pillarScores.map((s) => ({
        pillarId: s.pillarId,
        pillarName: s.pillarName,
        level: s.level,
        percentage: s.percentage,
      })),
      matrixCells: localizeMatrixCells(cells, texts, pillarKeys),
      demographicData: submission.demographicData,
      language: { language: texts.language, t: sentences.t, textLanguage: sentences.language },
    };
  }

  private async storedOf(submissionId: string): Promise<StoredAnalysis | null> {
    const row = await this.db<SubmissionRow>('submissions').where({ id: submissionId }).first('ai_analysis');
    return row?.ai_analysis ?? null;
  }

  /** Stores the analysis unless one was stored meanwhile; returns the one that is stored. */
  private async store(submission: Submission, analysis: AnalysisOutcome): Promise<StoredAnalysis> {
    const stored: StoredAnalysis = { ...analysis, generatedAt: new Date().toISOString() };
    const updated = await this.db('submissions')
      .update({ ai_analysis: JSON.stringify(stored) })
      .where('id', submission.id)
      .whereNull('ai_analysis');
    if (updated > 0) return stored;
    return (await this.storedOf(submission.id)) ?? stored;
  }
}

/** Runs analysis jobs. The model's own time limit and fallback live in the analyst. */
export function analysisHandler(writer: AnalysisWriter): JobHandler {
  return {
    // Above the model's 30 s, so the analyst's own fallback always has time to write.
    timeoutMs: 45_000,
    retryDelaysMs: ANALYSIS_RETRY_DELAYS_MS,
    run: (job) => writer.generate(job.submissionId ?? ''),
  };
}

/** The built-in analyst's `source`; a model's is `openai:<model>`. */
const MODEL_SOURCE = /^openai:(.+)$/;

/** Who wrote a stored analysis, for the admin: the model by name, or the built-in analyst and why. */
export function toSubmissionAnalysis(stored: StoredAnalysis): SubmissionAnalysis {
  const model = MODEL_SOURCE.exec(stored.source)?.[1] ?? null;
  return {
    summary: stored.summary,
    recommendations: stored.recommendations.map(({ emoji, title, description }) => ({
      emoji,
      title,
      description,
    })),
    writtenBy: model ? 'model' : 'builtin',
    model,
    // Stored without a reason, the built-in analyst wrote it because it was the only one.
    reason: model ? null : (stored.fallbackReason ?? 'no model is configured'),
    language: stored.language ?? null,
    generatedAt: stored.generatedAt,
  };
}
