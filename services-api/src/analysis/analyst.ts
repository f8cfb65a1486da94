import type { Analysis, PublicMatrixCell, Translate } from '@msp/shared';

/** The language an analysis is written in, and the built-in analyst's sentences for it. */
export interface AnalysisLanguage {
  /** The submission's language: a model writes in it. */
  language: string;
  /**
   * The built-in analyst's sentences (the `analyst.*` and `level.*` messages): the submission's
   * language's, or the default language's when it has no analyst texts of its own.
   */
  t: Translate;
  /** The language `t` writes in. */
  textLanguage: string;
}

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
  /** English when absent. Pillar names and matrix cells above are in `language.language`. */
  language?: AnalysisLanguage;
}

/** An analysis and who wrote it, as it is stored with the submission. */
export interface AnalysisOutcome extends Analysis {
  /** `builtin`, or `openai:<model>` when a model wrote it. */
  source: string;
  /** Why the built-in analyst wrote it although a model is configured (timeout, error, bad answer). */
  fallbackReason?: string;
  /** The language it is written in. */
  language?: string;
}

/** Writes the summary and top recommendations of a submission. */
export interface Analyst {
  analyze(input: AnalysisInput): Promise<AnalysisOutcome>;
}
