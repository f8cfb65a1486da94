import type { PublicQuestion, SubmitRequest } from '@msp/shared';
import { person } from './fixtures.js';
import type { TestApp } from './test-app.js';

export type Person = typeof person & Record<string, string>;

/**
 * Submits an assessment through the public API as the given person; `maturity` picks every
 * question's answer by position (0 = least mature). Returns the new submission's id.
 */
export async function submitAs(
  app: TestApp,
  overrides: Partial<Person> = {},
  maturity: number | ((questionIndex: number) => number) = 3,
  extra: Partial<SubmitRequest> = {},
): Promise<string> {
  const questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
  const answers = questions.map((q, index) => {
    const sorted = [...q.answers].sort((a, b) => a.order - b.order);
    const pick = typeof maturity === 'number' ? maturity : maturity(index);
    return { questionId: q.id, answerId: sorted[Math.min(pick, sorted.length - 1)]!.id };
  });
  const response = await app.request<{ submissionId: string }>({
    method: 'POST',
    url: '/api/assessment/submit',
    payload: { demographicData: { ...person, ...overrides }, answers, ...extra },
  });
  if (response.status !== 201) throw new Error(`submit failed: ${JSON.stringify(response.body)}`);
  return response.body.submissionId;
}

const JSON_COLUMNS = ['demographic_data', 'ai_analysis', 'answers', 'pillar_score_cells'];

/**
 * Moves a submission to another time, as if it had been submitted then. Submissions are never
 * updated in place (the aggregates follow inserts and deletes), so it is deleted and stored again
 * with its scores, in one transaction.
 */
export async function backdate(app: TestApp, id: string, submittedAt: string): Promise<void> {
  await app.db.transaction(async (trx) => {
    const row = (await trx('submissions').where({ id }).first()) as Record<string, unknown>;
    const scores = (await trx('submission_pillar_scores').where({ submission_id: id })) as Record<
      string,
      unknown
    >[];
    await trx('submissions').where({ id }).delete();
    const { search_text: _generated, question_set: _alsoGenerated, ...stored } = row;
    for (const column of JSON_COLUMNS) {
      if (stored[column] !== null) stored[column] = JSON.stringify(stored[column]);
    }
    await trx('submissions').insert({ ...stored, submitted_at: submittedAt });
    if (scores.length > 0) await trx('submission_pillar_scores').insert(scores);
  });
}

/** Row counts of the submission tables and their aggregates, to prove a refused call wrote nothing. */
export async function submissionFingerprint(app: TestApp): Promise<string> {
  const parts = await Promise.all(
    [
      'submissions',
      'submission_pillar_scores',
      'submission_stats_monthly',
      'submission_stats_domains',
      'submission_stats_pillars',
      'submission_stats_groups',
      'submission_stats_group_pillars',
      'submission_stats_sources',
      'submission_stats_sources_monthly',
    ].map(async (table) => {
      const rows = (await app.db(table).select('*')).map((row) => JSON.stringify(row)).sort();
      return `${table}:${rows.join(',')}`;
    }),
  );
  return parts.join('\n');
}

/**
 * Copies of the bulk.example submission already stored, `copies` of them a minute apart, written by
 * one statement: enough rows that a download not read fills its socket and the export waits
 * mid-file.
 */
export async function copyBulkSubmission(app: TestApp, copies: number): Promise<void> {
  await app.db.raw(`
    INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
      employee_count, managed_companies, overall_level, cumulative_average, answers)
    SELECT gen_random_uuid(), s.submitted_at - n * interval '1 minute', s.ip_address,
      s.demographic_data, 'bulk' || n || '@bulk.example', 'bulk.example', s.employee_count,
      s.managed_companies, s.overall_level, s.cumulative_average, s.answers
    FROM submissions s, generate_series(1, ${copies}) n
    WHERE s.email_domain = 'bulk.example'`);
}
