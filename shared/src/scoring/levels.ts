/** The four fixed maturity levels of the model. */
export const MATURITY_LEVELS = [
  { level: 0, name: 'None', description: 'Little automation in use', color: 'gray' },
  { level: 1, name: 'Some', description: 'Basic automation beginning', color: 'yellow' },
  { level: 2, name: 'Advanced', description: 'Systematic automation approach', color: 'blue' },
  { level: 3, name: 'Mature', description: 'Fully mature automation', color: 'green' },
] as const;

export type MaturityLevel = 0 | 1 | 2 | 3;

/** Upper bounds (inclusive) of normalized scores for levels 0, 1 and 2; anything above is level 3. */
export const LEVEL_THRESHOLDS = [0.2, 0.5, 0.9] as const;

/** Level for a normalized score (0-1): <= 0.20 -> 0, <= 0.50 -> 1, <= 0.90 -> 2, else 3. */
export function levelFromNormalized(normalized: number): MaturityLevel {
  if (normalized <= LEVEL_THRESHOLDS[0]) return 0;
  if (normalized <= LEVEL_THRESHOLDS[1]) return 1;
  if (normalized <= LEVEL_THRESHOLDS[2]) return 2;
  return 3;
}

/** Level for a percentage (0-100). */
export function levelFromPercentage(percentage: number): MaturityLevel {
  return levelFromNormalized(percentage / 100);
}

export function levelName(level: number): string {
  return MATURITY_LEVELS[clampLevel(level)].name;
}

/** "Level 2: Advanced", as the matrix headers and badges read. */
export function levelLabel(level: number): string {
  return `Level ${clampLevel(level)}: ${levelName(level)}`;
}

export function clampLevel(level: number): MaturityLevel {
  return Math.min(3, Math.max(0, Math.round(level))) as MaturityLevel;
}
