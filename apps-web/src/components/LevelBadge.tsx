import { Tag } from '@blueprintjs/core';
import { clampLevel } from '@msp/shared/browser';
import { useLevelLabel } from '../lib/i18n/use-level-label.js';

/** Level badge in the model's colours: gray 0, yellow 1, blue 2, green 3. */
export function LevelBadge({ level, large }: { level: number; large?: boolean }) {
  const levels = useLevelLabel();
  const clamped = clampLevel(level);
  return (
    <Tag className={`level-badge level-badge--${clamped}`} size={large ? 'large' : 'medium'} round>
      {levels.label(clamped)}
    </Tag>
  );
}
