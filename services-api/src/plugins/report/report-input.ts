import { similarityPhrase, type Messages, type ReportPaper, type StoredAnalysis } from '@msp/shared';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Database } from '../../db/knex.js';
import type { FrozenAnswer } from '../../db/tables.js';
import { readLanguageTexts } from '../languages/languages-service.js';
import { localizeMatrixCells, localizeQuestions, withPillarNamesIn } from '../languages/localize.js';
import { readBranding } from '../branding/branding-service.js';
import { readPublicConfig } from '../config/public-config.js';
import type { PublicContent } from '../content/public-content.js';
import { toSubmissionAnalysis, type AnalysisWriter } from '../submissions/follow-ups/analysis.js';
import { toResultsResponse, type Submission } from '../submissions/submission-reads.js';
import { compareSubmission } from '../submissions/visitor/comparison-service.js';
import type { ReportInput, ReportPillar } from '../../report/types.js';

/** How many of a pillar's lowest answers its section lists. */
const LOWEST_ANSWERS = 3;

export interface ReportSources {
  db: Database;
  cache: ContentCache;
  config: Config;
  content: PublicContent;
  analysis: AnalysisWriter;
}

/** The sources' reads of a report, once its analysis is at hand. */
export type ReportReads = Omit<ReportSources, 'analysis'>;

/** The share of a pillar's most an answer earned it; null when the question does not score the pillar. */
function shareOf(answer: FrozenAnswer, pillarId: number): number | null {
  const most = answer.maxima.find((m) => m.pillarId === pillarId)?.points ?? 0;
  if (most <= 0) return null;
  return (answer.allocations.find((a) => a.pillarId === pillarId)?.points ?? 0) / most;
}

/**
 * Everything the report of one submission shows, read through the paths the results page, the
 * admin and /api/v1 read: the scores frozen with the submission (`toResultsResponse`), its stored
 * analysis (`AnalysisWriter.ensure`, which the caller awaits: it may wait for the analysis job),
 * the peer comparison (`compareSubmission`) and the content in the report's language.
 */
export async function assembleReportInput(
  { db, cache, config, content }: ReportReads,
  submission: Submission,
  written: StoredAnalysis,
  { language, paper }: { language: string; paper: ReportPaper },
): Promise<{ input: ReportInput; messages: Messages; fallback: Messages }> {
  const texts = await readLanguageTexts(db, cache, language);
  const localized = withPillarNamesIn(submission, texts);
  const [comparison, publicConfig, branding, pillars, cells, questions] = await Promise.all([
    compareSubmission(db, localized),
    readPublicConfig(db, cache, config, texts.language),
    readBranding(db, cache, config),
    content.pillars(),
    content.matrixCells(),
    content.publicQuestions(),
  ]);
  const results = toResultsResponse(localized, written);
  const pillarKeys = new Map(pillars.map((pillar) => [pillar.id, pillar.key]));
  const pillarIdByKey = new Map(pillars.map((pillar) => [pillar.key, pillar.id]));
  const localCells = localizeMatrixCells(cells, texts, pillarKeys);
  const localQuestions = new Map(localizeQuestions(questions, texts, pillarKeys).map((q) => [q.key, q]));
  const cellOf = (pillarKey: string, level: number) => {
    const cell = localCells.find((c) => c.pillarId === pillarIdByKey.get(pillarKey) && c.level === level);
    return cell ? { shortDescription: cell.shortDescription, detailedContent: cell.detailedContent } : null;
  };
  const answerText = (answer: FrozenAnswer) => {
    const question = localQuestions.get(answer.questionKey);
    return {
      question: question?.text ?? answer.questionText,
      answer: question?.answers.find((a) => a.id === answer.answerId)?.text ?? answer.answerText,
    };
  };

  const reportPillars = results.pillarScores.map((score, index): ReportPillar => {
    const frozen = submission.pillarScores[index]!;
    const lowest = submission.answers
      .map((answer) => ({ answer, share: shareOf(answer, frozen.pillarId) }))
      .filter(
        (entry): entry is { answer: FrozenAnswer; share: number } => entry.share !== null && entry.share < 1,
      )
      .sort((a, b) => a.share - b.share || a.answer.questionOrder - b.answer.questionOrder)
      .slice(0, LOWEST_ANSWERS)
      .map((entry) => answerText(entry.answer));
    return {
      name: score.pillarName,
      level: score.score,
      normalizedScore: score.normalizedScore,
      percentage: frozen.percentage,
      current: cellOf(score.pillarKey, score.score),
      next: score.score >= 3 ? null : cellOf(score.pillarKey, score.score + 1),
      lowest,
    };
  });
  const analysis = toSubmissionAnalysis(written);
  const data = submission.demographicData;
  const name = [data.first_name, data.last_name].filter(Boolean).join(' ');
  const input: ReportInput = {
    language: texts.language,
    rtl: texts.dir === 'rtl',
    paper,
    t: texts.t,
    productName: config.productName,
    provider: {
      name: publicConfig.providerName,
      callToActionLabel: publicConfig.callToActionLabel,
      callToActionUrl: publicConfig.callToActionUrl,
    },
    branding,
    person: { name, company: data.company ?? '' },
    submission: {
      id: submission.id,
      date: new Intl.DateTimeFormat(texts.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(results.submittedAt),
      ),
      overallLevel: results.overallLevel,
      cumulativeAverage: submission.cumulativeAverage,
    },
    pillars: reportPillars,
    analysis: {
      summary: results.analysis.summary,
      recommendations: results.analysis.recommendations.map(({ title, description }) => ({
        title,
        description,
      })),
      writtenBy: analysis.writtenBy,
      model: analysis.model,
    },
    comparison:
      comparison.basis === null
        ? null
        : {
            count: comparison.totalSubmissions,
            similarity: similarityPhrase(texts.t, comparison.basis, data),
            averageLevel: comparison.avgMaturityLevel,
            distribution: comparison.distribution,
            pillars: results.pillarScores.map((score) => ({
              name: score.pillarName,
              yours: score.normalizedScore,
              peers:
                comparison.avgPillarScores.find((p) => p.pillarName === score.pillarName)?.avgScore ?? null,
            })),
          },
  };
  return { input, messages: texts.messages, fallback: texts.fallback };
}
