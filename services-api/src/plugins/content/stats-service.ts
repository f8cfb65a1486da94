import type { AdminStats } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { DemographicFieldModel, PillarModel, QuestionModel } from '../../db/models/content.js';
import { countAllSubmissions } from '../../db/stats/totals.js';

/** The dashboard's counts of what the assessment is made of and how often it was taken. */
export async function adminStats(db: Database): Promise<AdminStats> {
  const [activePillars, assessmentQuestions, demographicFields, submissions] = await Promise.all([
    PillarModel.query(db).where('is_active', true).resultSize(),
    QuestionModel.query(db)
      .joinRelated('pillar')
      .where('questions.is_active', true)
      .where('pillar.is_active', true)
      .resultSize(),
    DemographicFieldModel.query(db).where('is_active', true).resultSize(),
    // From the trigger-kept monthly counts: a count(*) would read a million rows on every dashboard view.
    countAllSubmissions(db),
  ]);
  return { activePillars, assessmentQuestions, demographicFields, submissions };
}
