import {
  DRAFT_RETENTION_DAYS,
  type DemographicField,
  type SavedDraft,
  type SaveDraftRequest,
} from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import type { AssessmentDraftRow } from '../../db/tables.js';
import { DAY_MS } from '../../domain/days.js';
import { assertNoIssues, NotFoundError, type FieldIssue } from '../../domain/errors.js';
import { hashToken } from '../../domain/tokens.js';
import type { NewJob } from '../../jobs/job-store.js';
import type { ScorableQuestion } from '../questions/questions-service.js';

/** What a draft is checked against: the content a visitor is shown now. */
export interface DraftContent {
  questions: readonly ScorableQuestion[];
  demographicFields: readonly DemographicField[];
  /** Whether a consent statement of this instance has the id, current or retired. */
  isConsentStatement: (id: number) => Promise<boolean>;
}

/** A draft as it is written: checked, counted, and its address lower case. */
export interface CheckedDraft {
  email: string;
  demographics: Record<string, string>;
  answers: Record<string, number>;
  consentStatementId: number | null;
  language: string;
  answeredCount: number;
  questionCount: number;
}

/**
 * Checks a draft against the content: every demographic key a field's, every answer an answer of
 * its question, the consent statement one this instance published. A draft may be incomplete
 * (values as typed so far, some questions open), so required fields are not asked for here.
 */
export async function checkDraft(
  content: DraftContent,
  request: SaveDraftRequest,
  language: string,
): Promise<CheckedDraft> {
  const issues: FieldIssue[] = [];
  const fieldIds = new Set(content.demographicFields.map((field) => field.identifier));
  for (const key of Object.keys(request.demographics)) {
    if (!fieldIds.has(key)) issues.push({ field: `demographics.${key}`, message: 'is not a known field' });
  }
  const questions = new Map(content.questions.map((question) => [String(question.id), question]));
  for (const [questionId, answerId] of Object.entries(request.answers)) {
    const question = questions.get(questionId);
    if (!question) {
      issues.push({
        field: `answers.${questionId}`,
        message: `question ${questionId} is not in the assessment`,
      });
    } else if (!question.answers.some((answer) => answer.id === answerId)) {
      issues.push({
        field: `answers.${questionId}`,
        message: `answer ${answerId} is not an answer of question ${questionId}`,
      });
    }
  }
  const consentStatementId = request.consentStatementId ?? null;
  if (consentStatementId !== null && !(await content.isConsentStatement(consentStatementId))) {
    issues.push({ field: 'consentStatementId', message: 'is not a consent statement of this assessment' });
  }
  assertNoIssues(issues);
  return {
    email: request.email.toLowerCase(),
    demographics: request.demographics,
    answers: request.answers,
    consentStatementId,
    language,
    answeredCount: Object.keys(request.answers).length,
    questionCount: content.questions.length,
  };
}

/**
 * Writes the address's one draft (a new one, or over the one it had) and queues the job that
 * emails its link, in one statement: a saved draft always gets its email. The job names the
 * draft by id only, so the jobs table holds no address.
 */
export async function saveDraft(db: Database, draft: CheckedDraft, linkJob: NewJob): Promise<void> {
  await db.raw(
    `WITH saved AS (
       INSERT INTO assessment_drafts
         (email, demographic_data, answers, consent_statement_id, language, answered_count, question_count)
       VALUES (?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)
       ON CONFLICT ((lower(email))) DO UPDATE SET
         email = EXCLUDED.email,
         demographic_data = EXCLUDED.demographic_data,
         answers = EXCLUDED.answers,
         consent_statement_id = EXCLUDED.consent_statement_id,
         language = EXCLUDED.language,
         answered_count = EXCLUDED.answered_count,
         question_count = EXCLUDED.question_count,
         updated_at = now()
       RETURNING id
     )
     INSERT INTO jobs (kind, submission_id, payload, max_attempts)
     SELECT ?, NULL, jsonb_build_object('draftId', saved.id), ? FROM saved`,
    [
      draft.email,
      JSON.stringify(draft.demographics),
      JSON.stringify(draft.answers),
      draft.consentStatementId,
      draft.language,
      draft.answeredCount,
      draft.questionCount,
      linkJob.kind,
      linkJob.maxAttempts,
    ],
  );
}

/** Drafts past their time: not saved for DRAFT_RETENTION_DAYS. */
export const staleBefore = () => new Date(Date.now() - DRAFT_RETENTION_DAYS * DAY_MS);

/**
 * The draft an emailed link names, as last saved. The link works until the draft is submitted,
 * erased, past its time, or saved again (whose email brings the new link).
 */
export async function resumeDraft(db: Database, token: string): Promise<SavedDraft> {
  const row = await db<AssessmentDraftRow>('assessment_drafts')
    .where({ token_hash: hashToken(token) })
    .where('updated_at', '>', staleBefore())
    .first();
  if (!row) throw new NotFoundError('This link has expired, or was replaced by a newer one.');
  return {
    demographics: row.demographic_data,
    answers: row.answers,
    consentStatementId: row.consent_statement_id,
    language: row.language,
  };
}

/** Deletes the drafts not saved for DRAFT_RETENTION_DAYS; returns how many. */
export function deleteStaleDrafts(db: Executor): Promise<number> {
  return db<AssessmentDraftRow>('assessment_drafts').where('updated_at', '<=', staleBefore()).delete();
}
