import { useMemo } from 'react';
import { useT } from './i18n-context.js';
import { levelText, type LevelText } from './level-text.js';

/** The maturity levels' names, descriptions and labels in the visitor's language. */
export function useLevelLabel(): LevelText {
  const t = useT();
  return useMemo(() => levelText(t), [t]);
}
