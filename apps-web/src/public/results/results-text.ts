import { MATURITY_LEVELS } from '@msp/shared/browser';

/** The top of the maturity scale (0 to this), so "of 3" follows the levels the model defines. */
export const TOP_LEVEL = MATURITY_LEVELS[MATURITY_LEVELS.length - 1]!.level;

/**
 * The results page's wording around a level number, each in one place. The dial reads top to
 * bottom as "Level 1 of 3": a bare "1 of 3" read as one of three things, not a point on a 0-3 scale.
 */
export const LEVEL_TEXT = {
  dialLabel: 'Level',
  outOfTop: `of ${TOP_LEVEL}`,
};
