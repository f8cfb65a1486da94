const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "1.8 of 3", or a dash where no member's level is known. */
export function levelText(level: number | null): string {
  return level === null ? '–' : `${oneDecimal.format(level)}`;
}

/** "+4.2 pts", "−1.0 pts", or "–" before the team average has changed once. */
export function trendText(trend: number | null): string {
  if (trend === null) return '–';
  const sign = trend > 0 ? '+' : trend < 0 ? '−' : '±';
  return `${sign}${oneDecimal.format(Math.abs(trend))} pts`;
}

/** "57.3 %". */
export function percentText(value: number | null): string {
  return value === null ? '–' : `${oneDecimal.format(value)} %`;
}
