/** A thin horizontal bar for a percentage; decorative, the number beside it carries the value. */
export function ScoreBar({ percent, color, muted }: { percent: number; color?: string; muted?: boolean }) {
  const width = `${Math.min(100, Math.max(0, percent))}%`;
  return (
    <div className={`score-bar${muted ? ' score-bar--muted' : ''}`} aria-hidden="true">
      <div className="score-bar__fill" style={{ width, background: color }} />
    </div>
  );
}

export const percentOf = (fraction: number) => Math.round(fraction * 100);

export const levelColor = (level: number) => `var(--level-${Math.min(3, Math.max(0, Math.round(level)))})`;
