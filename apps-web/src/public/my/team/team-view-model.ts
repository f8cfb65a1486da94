import { MATURITY_LEVELS, type TeamPillar } from '@msp/shared/browser';

/** The highest level of the scale the range charts draw. */
const MAX_LEVEL = MATURITY_LEVELS.length - 1;

/** A pillar of the team's figures, and whether it is among those the team disagrees on most. */
export interface RankedPillar {
  pillar: TeamPillar;
  mostDisagreement: boolean;
}

/**
 * The pillars with the widest spread of levels first, so disagreement is what the eye meets; ties
 * by the deviation of the scores, then in the questionnaire's order. The widest are flagged, unless
 * everyone agrees everywhere.
 */
export function rankByDisagreement(pillars: readonly TeamPillar[]): RankedPillar[] {
  const widest = Math.max(0, ...pillars.map((pillar) => pillar.spread));
  return pillars
    .map((pillar, order) => ({ pillar, order }))
    .sort(
      (a, b) =>
        b.pillar.spread - a.pillar.spread || b.pillar.deviation - a.pillar.deviation || a.order - b.order,
    )
    .map(({ pillar }) => ({ pillar, mostDisagreement: widest > 0 && pillar.spread === widest }));
}

/** Where a level sits on the 0–3 scale, in percent of its width, clamped to the scale. */
export function levelPosition(level: number): number {
  return (Math.min(Math.max(level, 0), MAX_LEVEL) / MAX_LEVEL) * 100;
}

/** A mean level as the page writes it: one decimal, in the page's language ("1.7", "1,7"). */
export function formatMeanLevel(level: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    level,
  );
}

/** A score in percent, one decimal ("61.4%"). */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);
}

/**
 * The problems of a refused invite request by the row they belong to: the server names a
 * colleague's field "invites.<index>.email" (or ".role"); anything else belongs to the whole form.
 */
export function inviteRowProblems(
  issues: readonly { field: string; message: string }[],
  rows: number,
): { byRow: (string | undefined)[]; form: string[] } {
  const byRow: (string | undefined)[] = Array.from({ length: rows }, () => undefined);
  const form: string[] = [];
  for (const { field, message } of issues) {
    const match = /^invites\.(\d+)(\.|$)/.exec(field);
    const index = match ? Number(match[1]) : -1;
    if (index >= 0 && index < rows) byRow[index] ??= message;
    else form.push(message);
  }
  return { byRow, form };
}
