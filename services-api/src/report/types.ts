import type { ReportPaper, Translate } from '@msp/shared';

/** A matrix cell's words for one level of one pillar. */
export interface LevelText {
  shortDescription: string;
  detailedContent: string;
}

/** One pillar as the report shows it: its score, what its level means, and its weakest answers. */
export interface ReportPillar {
  name: string;
  level: number;
  /** 0-1, as the results page's bars and the radar read it. */
  normalizedScore: number;
  /** One decimal, 0-100: the percentage the admin, the exports and /api/v1 show. */
  percentage: number;
  current: LevelText | null;
  /** The next level's cell; null at the top level. */
  next: LevelText | null;
  /** The questions answered lowest in this pillar, lowest first, with the answer given. */
  lowest: { question: string; answer: string }[];
}

export interface ReportComparison {
  count: number;
  /** "with 11-25 employees managing 26-50 companies", in the report's language. */
  similarity: string;
  averageLevel: number;
  /** Percent of peers per level 0-3. */
  distribution: { level: number; percentage: number }[];
  /** Each pillar's peer average, 0-1; null where no peer has a score. */
  pillars: { name: string; yours: number; peers: number | null }[];
}

/** What every report carries whatever it shows: its language, paper, maker and branding. */
export interface ReportFrame {
  language: string;
  rtl: boolean;
  paper: ReportPaper;
  /** The catalogue's messages in the report's language. */
  t: Translate;
  productName: string;
  provider: { name: string; callToActionLabel: string; callToActionUrl: string };
  branding: { accentColor: string; logo: { png: Buffer; width: number; height: number } | null };
}

/**
 * Everything one report shows, already read and in its language: the generator draws it and reads
 * nothing else, so the same input always gives the same document.
 */
export interface ReportInput extends ReportFrame {
  person: { name: string; company: string };
  submission: { id: string; date: string; overallLevel: number; cumulativeAverage: number };
  pillars: ReportPillar[];
  analysis: {
    summary: string;
    recommendations: { title: string; description: string }[];
    writtenBy: 'model' | 'builtin';
    model: string | null;
  };
  /** null: fewer than three peers to compare with, and the report says so as the results page does. */
  comparison: ReportComparison | null;
}
