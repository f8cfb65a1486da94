import type { Attribution, PillarPoints, StoredAnalysis, SubmissionConsent } from '@msp/shared';
import { BaseModel } from './base-model.js';

export class SubmissionPillarScoreModel extends BaseModel {
  static override tableName = 'submission_pillar_scores';
  static override idColumn = ['submission_id', 'pillar_id'];
  declare submissionId: string;
  declare pillarId: number;
  /** The pillar's key: what every figure groups by, so a content import does not split its history. */
  declare pillarKey: string;
  declare pillarName: string;
  declare pillarOrder: number;
  declare points: number;
  declare maxPoints: number;
  declare percentage: number;
  declare normalizedScore: number;
  declare level: number;
  /** Copied from the submission, for the comparison's per-group aggregates (see its migration). */
  declare employeeCount: string | null;
  declare managedCompanies: string | null;
}

/** One answered question as it was scored, frozen into its submission. */
export interface FrozenAnswer {
  questionId: number;
  /** The question's key: the export groups by it, so a content import does not split a column. */
  questionKey: string;
  answerId: number;
  questionOrder: number;
  questionText: string;
  answerText: string;
  answerDescription: string | null;
  allocations: PillarPoints[];
  maxima: PillarPoints[];
}

/** A submission's attribution from its columns: the one shape every reader answers. */
export function attributionOf(row: {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  refCode: string | null;
  referrerHost: string | null;
  landingPath: string | null;
}): Attribution {
  return {
    source: row.utmSource ?? null,
    medium: row.utmMedium ?? null,
    campaign: row.utmCampaign ?? null,
    term: row.utmTerm ?? null,
    content: row.utmContent ?? null,
    ref: row.refCode ?? null,
    referrer: row.referrerHost ?? null,
    landingPath: row.landingPath ?? null,
  };
}

/** A submission's consent from its columns: null when none was asked for. */
export function consentOf(row: {
  consentText: string | null;
  consentedAt: Date | string | null;
}): SubmissionConsent | null {
  if (row.consentText == null || row.consentedAt == null) return null;
  return { text: row.consentText, consentedAt: new Date(row.consentedAt).toISOString() };
}

export class SubmissionModel extends BaseModel {
  static override tableName = 'submissions';
  static override jsonAttributes = ['demographicData', 'aiAnalysis', 'answers', 'pillarScoreCells'];
  declare id: string;
  declare submittedAt: Date;
  declare ipAddress: string | null;
  declare demographicData: Record<string, string>;
  declare email: string | null;
  /** Lower-case part of the email after its last @, for the domain filters and exports. */
  declare emailDomain: string | null;
  declare employeeCount: string | null;
  declare managedCompanies: string | null;
  /** The rounded mean of the pillar levels: the level the visitor saw, used everywhere. */
  declare overallLevel: number;
  /** The mean of the pillar percentages: the average score shown beside the level. */
  declare cumulativeAverage: number;
  declare aiAnalysis: StoredAnalysis | null;
  /** Where the visit came from (see the attribution migration); null where it brought nothing. */
  declare utmSource: string | null;
  declare utmMedium: string | null;
  declare utmCampaign: string | null;
  declare utmTerm: string | null;
  declare utmContent: string | null;
  declare refCode: string | null;
  declare referrerHost: string | null;
  declare landingPath: string | null;
  /** The consent statement as the submitter ticked it, and when (see the consent_statement migration). */
  declare consentText: string | null;
  declare consentedAt: Date | string | null;
  /** For the export (see the export_columns migration): the ids of the chosen answers' texts. */
  declare answerTextIds: number[] | null;
  /** For the export: each pillar's [key, level, percentage]; null on rows stored before it. */
  declare pillarScoreCells: [string, number, number][] | null;
  declare pillarScores?: SubmissionPillarScoreModel[];
  declare answers: FrozenAnswer[];

  static override relationMappings = () => ({
    pillarScores: {
      relation: BaseModel.HasManyRelation,
      modelClass: SubmissionPillarScoreModel,
      join: { from: 'submissions.id', to: 'submission_pillar_scores.submission_id' },
    },
  });
}
