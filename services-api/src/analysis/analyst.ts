import type { Analysis, PublicMatrixCell } from '@msp/shared';

export interface AnalysisInput {
  /** Results banner level: rounded mean of the pillar levels. */
  overallLevel: number;
  pillarScores: { pillarId: number; pillarName: string; level: number; percentage: number }[];
  /** Current matrix content, used to ground advice in each pillar's next level. */
  matrixCells: readonly PublicMatrixCell[];
  /**
   * The visitor's answers about themselves. Only the built-in analyst reads them (to name the
   * company); nothing personal is ever sent to a model.
   */
  demographicData: Readonly<Record<string, string>>;
}

/** An analysis and who wrote it, as it is stored with the submission. */
export interface AnalysisOutcome extends Analysis {
  /** `builtin`, or `openai:<model>` when a model wrote it. */
  source: string;
  /** Why the built-in analyst wrote it although a model is configured (timeout, error, bad answer). */
  fallbackReason?: string;
}

/** Writes the summary and top recommendations of a submission. */
export interface Analyst {
  analyze(input: AnalysisInput): Promise<AnalysisOutcome>;
}
