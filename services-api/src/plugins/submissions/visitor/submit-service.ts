import { randomUUID } from 'node:crypto';
import {
  comparisonKeys,
  maximaOf,
  negotiateLanguage,
  scoreAnswers,
  SOURCE_LANGUAGE,
  validateDemographicValue,
  type ConsentStatement,
  type DemographicField,
  type PillarPoints,
  type PublicPillar,
  type SubmitRequest,
} from '@msp/shared';
import type { Database } from '../../../db/knex.js';
import { answerTextIds } from './answer-text-ids.js';
import type { FrozenAnswer, SubmissionPillarScoreRow, SubmissionRow } from '../../../db/tables.js';
import { assertNoIssues, type FieldIssue } from '../../../domain/errors.js';
import type { ScorableQuestion } from '../../questions/questions-service.js';
import type { OfferedLanguages } from '../../languages/languages-service.js';
import { jobRow, type NewJob } from '../../../jobs/job-store.js';
import { draftsOf } from '../../../db/drafts-of.js';
import { ownAcceptedInvite, teamMemberChoices, type TeamMemberChoice } from '../../../db/team-choices.js';
import { emailDomainOf, organisationDomain } from '../../../domain/email-domains.js';

export interface SubmissionContent {
  pillars: readonly PublicPillar[];
  questions: readonly ScorableQuestion[];
  demographicFields: readonly DemographicField[];
  /** The consent statement asked for now, and the one the submission says its visitor ticked. */
  consent?: ConsentCheck;
  /** The languages offered: the submission's is the one its request names (its nearest), else the default. */
  languages?: OfferedLanguages;
}

export interface ConsentCheck {
  current: ConsentStatement | null;
  /** The statement the request names, current or retired; null when it names none or an unknown one. */
  ticked: ConsentStatement | null;
}

/**
 * While a statement is set, a submission must say its visitor ticked one. The one it names may be
 * one the administrator replaced after the visitor's page loaded: the visitor agreed to the text
 * they saw, which is what is kept. It must be a statement this instance published, so the stored
 * text is always the administrator's, never the visitor's.
 */
export function checkConsent(request: SubmitRequest, consent: ConsentCheck | undefined): FieldIssue[] {
  if (!request.consent) {
    return consent?.current
      ? [{ field: 'consent', message: 'must be given while a consent statement is set' }]
      : [];
  }
  if (!consent?.ticked) {
    return [{ field: 'consent.statementId', message: 'is not a consent statement of this assessment' }];
  }
  return [];
}

interface MatchedAnswer {
  question: ScorableQuestion;
  answer: ScorableQuestion['answers'][number];
  allocations: PillarPoints[];
  maxima: PillarPoints[];
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

/** A scored submission as the rows it is stored as: the submission, its pillar scores, its jobs. */
export interface PreparedSubmission {
  submissionId: string;
  submission: Record<string, unknown>;
  /** The chosen answers' texts in the order of its frozen answers: stored as ids when written. */
  answerTexts: string[];
  pillarScores: Record<string, unknown>[];
  jobs: Record<string, unknown>[];
  /** A company address's choice about its team view, when the visitor was asked. */
  teamMember: TeamMemberChoice | null;
  /** The team invite it names, kept only when the invite was this address's and was accepted. */
  teamInviteId: string | null;
}

/** A company address's team choice, where the visitor was asked it. */
function teamMemberOf(
  email: string | null,
  organisation: string | null,
  shares: boolean | undefined,
): TeamMemberChoice | null {
  return email && organisation && shares !== undefined ? { email, domain: organisation, shares } : null;
}

/**
 * Checks and scores a submission and builds its rows, without touching the database. An invalid
 * submission throws InvalidFieldError listing every problem. The rows are written column by column
 * rather than through the models' JSON mapping: that mapping deep-clones the frozen answers and
 * cost more CPU than the rest of a submit together.
 */
export function prepareSubmission(
  content: SubmissionContent,
  request: SubmitRequest,
  ipAddress: string | null,
  followUps: (submissionId: string) => NewJob[] = () => [],
): PreparedSubmission {
  const demographicData = Object.fromEntries(
    Object.entries(request.demographicData)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  const answerCheck = checkAnswers(request.answers, content.questions);
  const issues = [
    ...checkDemographics(demographicData, content.demographicFields),
    ...answerCheck.issues,
    ...checkConsent(request, content.consent),
  ];
  assertNoIssues(issues);

  const scores = scoreAnswers(answerCheck.matched, content.pillars);
  const pillarOrder = new Map(content.pillars.map((p, index) => [p.id, index]));
  const pillarKey = new Map(content.pillars.map((p) => [p.id, p.key]));
  const { employeeCount, managedCompanies } = comparisonKeys(demographicData);
  const email = demographicData.email_address?.toLowerCase() ?? null;
  const emailDomain = email ? emailDomainOf(email) : null;
  const submissionId = randomUUID();
  const attribution = request.attribution ?? {};

  const frozenAnswers: FrozenAnswer[] = answerCheck.matched.map(
    ({ question, answer, allocations, maxima }) => ({
      questionId: question.id,
      questionKey: question.key,
      answerId: answer.id,
      questionOrder: question.order,
      questionText: question.text,
      answerText: answer.text,
      answerDescription: answer.description,
      allocations,
      maxima,
    }),
  );
  const submission = {
    id: submissionId,
    ip_address: ipAddress,
    demographic_data: JSON.stringify(demographicData),
    email,
    email_domain: emailDomain,
    employee_count: employeeCount,
    managed_companies: managedCompanies,
    overall_level: scores.overallLevel,
    cumulative_average: scores.cumulativeAverage,
    answers: JSON.stringify(frozenAnswers),
    utm_source: attribution.source ?? null,
    utm_medium: attribution.medium ?? null,
    utm_campaign: attribution.campaign ?? null,
    utm_term: attribution.term ?? null,
    utm_content: attribution.content ?? null,
    ref_code: attribution.ref ?? null,
    referrer_host: attribution.referrer ?? null,
    landing_path: attribution.landingPath ?? null,
    language: content.languages
      ? negotiateLanguage(
          { query: request.language },
          content.languages.tags,
          content.languages.defaultLanguage,
        )
      : SOURCE_LANGUAGE,
    consent_text: request.consent ? (content.consent?.ticked?.text ?? null) : null,
    consented_at: request.consent ? new Date() : null,
    pillar_score_cells: JSON.stringify(
      scores.pillarScores.map((s) => [pillarKey.get(s.pillarId)!, s.level, s.percentage]),
    ),
  } satisfies Partial<Record<keyof SubmissionRow, unknown>>;
  const pillarScores = scores.pillarScores.map(
    (s) =>
      ({
        submission_id: submissionId,
        pillar_id: s.pillarId,
        pillar_key: pillarKey.get(s.pillarId)!,
        pillar_name: s.pillarName,
        pillar_order: pillarOrder.get(s.pillarId) ?? 0,
        points: s.points,
        max_points: s.maxPoints,
        percentage: s.percentage,
        normalized_score: s.normalizedScore,
        level: s.level,
        employee_count: employeeCount,
        managed_companies: managedCompanies,
      }) satisfies SubmissionPillarScoreRow,
  );
  return {
    submissionId,
    submission,
    answerTexts: frozenAnswers.map((answer) => answer.answerText),
    pillarScores,
    jobs: followUps(submissionId).map(jobRow),
    teamMember: teamMemberOf(email, organisationDomain(emailDomain), request.shareWithTeam),
    teamInviteId: email ? (request.teamInviteId ?? null) : null,
  };
}

/**
 * Stores prepared submissions with their pillar scores and follow-up jobs (the outbox) in one
 * statement, atomic on its own: an accepted submission always gets its email, webhook and
 * analysis. The same statement deletes their addresses' saved drafts ("Continue later"), found by
 * the index on lower(email). One statement for many submissions is the group commit of
 * `SubmissionWriter`: the statement triggers that keep the aggregates then run once for the lot.
 */
export async function storeSubmissions(db: Database, prepared: readonly PreparedSubmission[]): Promise<void> {
  if (prepared.length === 0) return;
  const textIds = await answerTextIds(
    db,
    prepared.flatMap((p) => p.answerTexts),
  );
  const insertSubmissions = db('submissions').insert(
    prepared.map((p) => ({
      ...p.submission,
      answer_text_ids: p.answerTexts.map((text) => textIds.get(text)!),
      ...(p.teamInviteId && {
        team_invite_id: ownAcceptedInvite(db, p.teamInviteId, p.submission.email as string),
      }),
    })),
  );
  const dependents = (
    [
      ['submission_pillar_scores', prepared.flatMap((p) => p.pillarScores)],
      ['jobs', prepared.flatMap((p) => p.jobs)],
    ] as const
  ).filter(([, rows]) => rows.length > 0);
  const teamChoices = teamMemberChoices(db, prepared);
  const emails = [
    ...new Set(prepared.map((p) => p.submission.email).filter((email) => typeof email === 'string')),
  ];
  const submittedDrafts = emails.length > 0 ? draftsOf(db, emails).delete() : null;
  if (dependents.length === 0) {
    let statement = db.with('stored', insertSubmissions);
    if (submittedDrafts) statement = statement.with('submitted_drafts', submittedDrafts);
    if (teamChoices) statement = statement.with('team_choices', teamChoices);
    await (submittedDrafts || teamChoices ? statement.select(db.raw('1')) : insertSubmissions);
    return;
  }
  let statement = db.with('stored', insertSubmissions);
  if (submittedDrafts) statement = statement.with('submitted_drafts', submittedDrafts);
  if (teamChoices) statement = statement.with('team_choices', teamChoices);
  for (const [table, rows] of dependents.slice(0, -1))
    statement = statement.with(table, db(table).insert(rows));
  const [lastTable, lastRows] = dependents[dependents.length - 1]!;
  await statement.insert(lastRows).into(lastTable);
}

/**
 * Scores a valid submission and stores it with its pillar scores and follow-up jobs in one
 * statement. Returns the new submission id; an invalid submission throws InvalidFieldError listing
 * every problem, and nothing is stored.
 */
export async function createSubmission(
  db: Database,
  content: SubmissionContent,
  request: SubmitRequest,
  ipAddress: string | null,
  followUps: (submissionId: string) => NewJob[] = () => [],
): Promise<{ submissionId: string }> {
  const prepared = prepareSubmission(content, request, ipAddress, followUps);
  await storeSubmissions(db, [prepared]);
  return { submissionId: prepared.submissionId };
}
