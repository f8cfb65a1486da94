import { Tag } from '@blueprintjs/core';
import { clampLevel, levelLabel } from '@msp/shared/browser';

/** Level badge in the model's colours: gray 0, yellow 1, blue 2, green 3. */
export function LevelBadge({ level, large }: { level: number; large?: boolean }) {
  const clamped = clampLevel(level);
  return (
    <Tag className={`level-badge level-badge--${clamped}`} size={large ? 'large' : 'medium'} round>
      {levelLabel(clamped)}
    </Tag>
  );
}
