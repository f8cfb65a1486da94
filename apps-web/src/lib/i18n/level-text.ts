import { clampLevel, type MessageId, type MessageValues } from '@msp/shared/browser';

/** How a maturity level reads to a visitor, in the language of the translate function given. */
export interface LevelText {
  /** "Advanced" */
  name: (level: number) => string;
  /** "Systematic automation approach" */
  description: (level: number) => string;
  /** "Level 2: Advanced", as the matrix headers and badges read. */
  label: (level: number) => string;
  /** "Level 2 of 3" */
  ofThree: (level: number) => string;
}

type Translate = (id: MessageId, values?: MessageValues) => string;

/**
 * The level texts from the `level.*` messages rather than the scoring rules' English names, so a
 * level reads in the visitor's language; a level out of range reads as the nearest one, as the
 * scoring rules clamp it.
 */
export function levelText(t: Translate): LevelText {
  const name = (level: number) => t(`level.${clampLevel(level)}.name`);
  return {
    name,
    description: (level) => t(`level.${clampLevel(level)}.description`),
    label: (level) => t('level.label', { level: clampLevel(level), name: name(level) }),
    ofThree: (level) => t('level.ofThree', { level: clampLevel(level) }),
  };
}
