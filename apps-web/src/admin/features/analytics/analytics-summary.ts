import type { Analytics } from '@msp/shared/browser';

/** The top of the level scale: the average bars are drawn against it. */
export const MAX_LEVEL = 3;

type Trend = Analytics['submissionTrends'][number];

export interface AnalyticsSummary {
  totalSubmissions: number;
  /**
   * The mean of the submissions' overall levels (0-3), as the server counts it and /api/v1 names
   * it; null before the first submission. Not the mean of the pillar averages: that weighs each
   * pillar alike and skips each submission's rounding, so it is another number (1.6 beside 1.5).
   */
  averageOverallLevel: number | null;
  /** Months in which anything was submitted. */
  monthsOfData: number;
}

/** The three tiles: Total Submissions, Average Overall Level, Months of Data. */
export function summarize(analytics: Analytics): AnalyticsSummary {
  return {
    totalSubmissions: analytics.totalSubmissions,
    averageOverallLevel: analytics.averageOverallLevel,
    monthsOfData: analytics.submissionTrends.filter((trend) => trend.count > 0).length,
  };
}

/** A level average with one decimal, as admins read it: 1.96 -> "2.0". */
export function formatScore(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1);
}

/** How much of a bar scaled against 3 an average fills, as a percentage, kept within 0-100. */
export function scoreBarPercent(score: number): number {
  return Math.min(100, Math.max(0, (score / MAX_LEVEL) * 100));
}

const MONTH = /^(\d{4})-(\d{2})$/;
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03" -> "Mar 2026"; anything else is shown as it came. */
export function monthLabel(month: string): string {
  const match = MONTH.exec(month);
  const name = match ? monthNames[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

const monthIndex = (month: string): number | null => {
  const match = MONTH.exec(month);
  return match ? Number(match[1]) * 12 + Number(match[2]) - 1 : null;
};

const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * The months from the first to the last, each once and in order, with 0 for the months nobody
 * submitted: a line through the months with data alone would skip the quiet ones and mislead.
 * Months the server sends that are not YYYY-MM are left out.
 */
export function continuousMonths(trends: readonly Trend[]): Trend[] {
  const counts = new Map<number, number>();
  for (const trend of trends) {
    const index = monthIndex(trend.month);
    if (index !== null) counts.set(index, (counts.get(index) ?? 0) + trend.count);
  }
  if (counts.size === 0) return [];
  const indexes = [...counts.keys()];
  const first = Math.min(...indexes);
  const last = Math.max(...indexes);
  return Array.from({ length: last - first + 1 }, (_, offset) => ({
    month: monthOf(first + offset),
    count: counts.get(first + offset) ?? 0,
  }));
}
