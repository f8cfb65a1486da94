/**
 * The tooltip every nivo chart shows, on the public results and in the admin's analytics alike:
 * Blueprint's popover surface and strong text in the current theme. The surface colour is also
 * what the charts ring their points with, so a point reads as cut out of the chart.
 */
export const CHART_SURFACE = {
  light: { surface: '#ffffff', strong: '#1c2127' },
  dark: { surface: '#2f343c', strong: '#f6f7f9' },
} as const;

/** nivo's `theme.tooltip` for the given theme. */
export function chartTooltipTheme(isDark: boolean) {
  const colors = isDark ? CHART_SURFACE.dark : CHART_SURFACE.light;
  return {
    container: {
      background: colors.surface,
      color: colors.strong,
      fontSize: 13,
      borderRadius: 6,
      boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
    },
  };
}
