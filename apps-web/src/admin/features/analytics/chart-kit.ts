import { useEffect, useRef, useState } from 'react';
import { CHART_SURFACE, chartTooltipTheme } from '../../../lib/chart-tooltip.js';

/**
 * What the Analytics charts share: their colours in each theme (Blueprint's) and their width,
 * which follows the container. Only the charts import this, so it loads with them, on demand.
 */
export const CHART_COLORS = {
  light: {
    text: '#404854',
    grid: '#e5e8eb',
    axis: '#c5cbd3',
    tooltipBg: CHART_SURFACE.light.surface,
    strong: CHART_SURFACE.light.strong,
    series: ['#2d72d2', '#238551', '#c87619', '#ac2f33', '#7961db', '#147eb3'],
  },
  dark: {
    text: '#abb3bf',
    grid: '#383e47',
    axis: '#4d5560',
    tooltipBg: CHART_SURFACE.dark.surface,
    strong: CHART_SURFACE.dark.strong,
    series: ['#4c90f0', '#32a467', '#ec9a3c', '#e76a6e', '#9881f3', '#3fa6da'],
  },
} as const;

/** The width of the element `ref` is on, following it (nivo's own Responsive wrapper hides it). */
export function useElementWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A count axis: whole numbers only, five ticks. */
export const COUNT_AXIS = {
  tickValues: 5,
  tickSize: 0,
  tickPadding: 8,
  format: (value: number) => (Number.isInteger(value) ? String(value) : ''),
};

/** nivo's theme for a line chart in the current theme's colours: text, axis, grid and tooltip. */
export function lineChartTheme(isDark: boolean) {
  const palette = isDark ? CHART_COLORS.dark : CHART_COLORS.light;
  return {
    text: { fill: palette.text, fontSize: 12 },
    axis: { domain: { line: { stroke: palette.axis, strokeWidth: 1 } } },
    grid: { line: { stroke: palette.grid, strokeWidth: 1 } },
    tooltip: chartTooltipTheme(isDark),
  };
}
