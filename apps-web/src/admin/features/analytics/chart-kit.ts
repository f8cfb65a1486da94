import { useEffect, useRef, useState } from 'react';

/**
 * What the Analytics charts share: their colours in each theme (Blueprint's) and their width,
 * which follows the container. Only the charts import this, so it loads with them, on demand.
 */
export const CHART_COLORS = {
  light: {
    text: '#404854',
    grid: '#e5e8eb',
    axis: '#c5cbd3',
    tooltipBg: '#ffffff',
    strong: '#1c2127',
    series: ['#2d72d2', '#238551', '#c87619', '#ac2f33', '#7961db', '#147eb3'],
  },
  dark: {
    text: '#abb3bf',
    grid: '#383e47',
    axis: '#4d5560',
    tooltipBg: '#2f343c',
    strong: '#f6f7f9',
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

type ChartColors = (typeof CHART_COLORS)[keyof typeof CHART_COLORS];

/** nivo's theme for a line chart in the given colours: text, axis, grid and tooltip. */
export function lineChartTheme(palette: ChartColors) {
  return {
    text: { fill: palette.text, fontSize: 12 },
    axis: { domain: { line: { stroke: palette.axis, strokeWidth: 1 } } },
    grid: { line: { stroke: palette.grid, strokeWidth: 1 } },
    tooltip: {
      container: {
        background: palette.tooltipBg,
        color: palette.strong,
        fontSize: 13,
        borderRadius: 6,
        boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
      },
    },
  };
}
