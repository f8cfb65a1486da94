import { MATURITY_LEVELS } from '@msp/shared/browser';

/** The top of the maturity scale (0 to this), so "of 3" follows the levels the model defines. */
export const TOP_LEVEL = MATURITY_LEVELS[MATURITY_LEVELS.length - 1]!.level;
