import { Classes } from '@blueprintjs/core';

/** The chart-sized placeholder shown while a chart's data or its code loads. */
export function ChartLoading({ label }: { label: string }) {
  return (
    <div
      className={`analytics-chart analytics-chart--loading ${Classes.SKELETON}`}
      role="status"
      aria-label={label}
    />
  );
}
