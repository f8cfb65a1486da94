import type { Analysis, PublicMatrixCell } from '@msp/shared';

export interface AnalysisInput {
  /** Results banner level: rounded mean of the pillar levels. */
  overallLevel: number;
  pillarScores: { pillarId: number; pillarName: string; level: number; percentage: number }[];
  /** Current matrix content, used to ground advice in each pillar's next level. */
  matrixCells: readonly PublicMatrixCell[];
  demographicData: Readonly<Record<string, string>>;
}

/** Writes the summary and top recommendations of a submission. */
export interface Analyst {
  /** Stored with the analysis so an administrator can tell who wrote it. */
  readonly source: string;
  analyze(input: AnalysisInput): Promise<Analysis>;
}
