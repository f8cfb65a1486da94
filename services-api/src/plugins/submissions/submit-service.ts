import { randomUUID } from 'node:crypto';
import {
  bannerLevel,
  comparisonKeys,
  maximaOf,
  scoreAnswers,
  validateDemographicValue,
  type DemographicField,
  type PillarPoints,
  type PublicPillar,
  type SubmitRequest,
} from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { toRow } from '../../db/models/base-model.js';
import {
  Submission,
  SubmissionPillarScore,
  type FrozenAnswer as FrozenAnswerRow,
} from '../../db/models/index.js';
import { assertNoIssues, type FieldIssue } from '../../domain/errors.js';
import type { ScorableQuestion } from '../questions/questions-service.js';
import { jobRow, type NewJob } from '../../jobs/job-store.js';

export interface SubmissionContent {
  pillars: readonly PublicPillar[];
  questions: readonly ScorableQuestion[];
  demographicFields: readonly DemographicField[];
}

interface MatchedAnswer {
  question: ScorableQuestion;
  answer: ScorableQuestion['answers'][number];
  allocations: PillarPoints[];
  maxima: PillarPoints[];
}

/** The lower-case part after the last @ of an email, or null when there is none. */
export function emailDomainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  const domain =
    at < 0
      ? ''
      : email
          .slice(at + 1)
          .trim()
          .toLowerCase();
  return domain || null;
}

/** Checks the demographic data against the active fields; unknown keys are refused. */
export function checkDemographics(
  data: Readonly<Record<string, string>>,
  fields: readonly DemographicField[],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const known = new Set(fields.map((f) => f.identifier));
  for (const key of Object.keys(data)) {
    if (!known.has(key)) issues.push({ field: `demographicData.${key}`, message: 'is not a known field' });
  }
  for (const field of fields) {
    const message = validateDemographicValue(field, data[field.identifier]);
    if (message) issues.push({ field: `demographicData.${field.identifier}`, message });
  }
  return issues;
}

/**
 * Matches each answer to an active question and one of its answers. Every active question must be
 * answered exactly once.
 */
export function checkAnswers(
  answers: SubmitRequest['answers'],
  questions: readonly ScorableQuestion[],
): { issues: FieldIssue[]; matched: MatchedAnswer[] } {
  const issues: FieldIssue[] = [];
  const matched: MatchedAnswer[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  answers.forEach(({ questionId, answerId }, index) => {
    const question = byId.get(questionId);
    if (!question) {
      issues.push({
        field: `answers.${index}.questionId`,
        message: `question ${questionId} is not in the assessment`,
      });
      return;
    }
    if (seen.has(questionId)) {
      issues.push({
        field: `answers.${index}.questionId`,
        message: `question ${questionId} is answered more than once`,
      });
      return;
    }
    seen.add(questionId);
    const answer = question.answers.find((a) => a.id === answerId);
    if (!answer) {
      issues.push({
        field: `answers.${index}.answerId`,
        message: `answer ${answerId} is not an answer of question ${questionId}`,
      });
      return;
    }
    matched.push({
      question,
      answer,
      allocations: answer.allocations.filter((a) => a.points > 0),
      maxima: maximaOf(question.answers.map((a) => a.allocations)),
    });
  });
  const unanswered = questions.filter((q) => !seen.has(q.id));
  if (questions.length === 0) {
    issues.push({ field: 'answers', message: 'the assessment has no active questions' });
  } else if (unanswered.length > 0) {
    const ids = unanswered.map((q) => q.id).join(', ');
    issues.push({ field: 'answers', message: `every question must be answered; unanswered: ${ids}` });
  }
  return { issues, matched };
}

/**
 * Scores a valid submission and stores it with its frozen answers, its pillar scores and its
 * follow-up jobs (the outbox), in one statement: an accepted submission always gets its email,
 * webhook and analysis. Returns the new submission id; an invalid submission throws
 * InvalidFieldError listing every problem, and nothing is stored.
 */
export async function createSubmission(
  db: Database,
  content: SubmissionContent,
  request: SubmitRequest,
  ipAddress: string | null,
  followUps: (submissionId: string) => NewJob[] = () => [],
): Promise<{ submissionId: string }> {
  const demographicData = Object.fromEntries(
    Object.entries(request.demographicData)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  const answerCheck = checkAnswers(request.answers, content.questions);
  const issues = [...checkDemographics(demographicData, content.demographicFields), ...answerCheck.issues];
  assertNoIssues(issues);

  const scores = scoreAnswers(answerCheck.matched, content.pillars);
  const pillarOrder = new Map(content.pillars.map((p, index) => [p.id, index]));
  const { employeeCount, managedCompanies } = comparisonKeys(demographicData);
  const email = demographicData.email_address?.toLowerCase() ?? null;
  const emailDomain = email ? emailDomainOf(email) : null;
  const submissionId = randomUUID();

  const frozenAnswers: FrozenAnswerRow[] = answerCheck.matched.map(
    ({ question, answer, allocations, maxima }) => ({
      questionId: question.id,
      answerId: answer.id,
      questionOrder: question.order,
      questionText: question.text,
      answerText: answer.text,
      answerDescription: answer.description,
      allocations,
      maxima,
    }),
  );
  // Rows through the models' own column and JSON mapping, for the single statement below.
  const submissionRow = toRow(Submission, {
    id: submissionId,
    ipAddress,
    demographicData,
    email,
    emailDomain,
    employeeCount,
    managedCompanies,
    overallLevel: scores.overallLevel,
    bannerLevel: bannerLevel(scores.pillarScores.map((s) => s.level)),
    cumulativeAverage: scores.cumulativeAverage,
    answers: frozenAnswers,
  });
  const scoreRows = scores.pillarScores.map((s) =>
    toRow(SubmissionPillarScore, {
      submissionId,
      pillarId: s.pillarId,
      pillarName: s.pillarName,
      pillarOrder: pillarOrder.get(s.pillarId) ?? 0,
      points: s.points,
      maxPoints: s.maxPoints,
      percentage: s.percentage,
      normalizedScore: s.normalizedScore,
      level: s.level,
      employeeCount,
      managedCompanies,
    }),
  );

  // One statement (atomic on its own): a submit is the hot path, and on the embedded database
  // every statement and commit is paid for on the server's own thread.
  const insertSubmission = db('submissions').insert(submissionRow);
  const dependents = (
    [
      ['submission_pillar_scores', scoreRows],
      ['jobs', followUps(submissionId).map(jobRow)],
    ] as const
  ).filter(([, rows]) => rows.length > 0);
  if (dependents.length === 0) {
    await insertSubmission;
  } else {
    let statement = db.with('stored', insertSubmission);
    for (const [table, rows] of dependents.slice(0, -1))
      statement = statement.with(table, db(table).insert(rows));
    const [lastTable, lastRows] = dependents[dependents.length - 1]!;
    await statement.insert(lastRows).into(lastTable);
  }
  return { submissionId };
}
