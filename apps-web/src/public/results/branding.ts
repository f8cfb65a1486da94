import { accentProperties, DEFAULT_ACCENT_COLOR, type PublicConfig } from '@msp/shared/browser';
import type { CSSProperties } from 'react';

/**
 * The provider's accent as custom properties for the results page, each theme's worked out from
 * the one colour (shared/branding): the fill, the text on it, and the accent as text, all at AA.
 * results.css picks the light or dark set by the page's theme. None for the product's own colour,
 * whose themes the global stylesheet already tunes.
 */
export function brandingStyle(branding: PublicConfig['branding'] | undefined): CSSProperties | undefined {
  if (!branding || branding.accentColor === DEFAULT_ACCENT_COLOR) return undefined;
  const style: Record<string, string> = {};
  for (const theme of ['light', 'dark'] as const) {
    for (const [name, value] of Object.entries(accentProperties(branding.accentColor, theme)))
      style[`${name}-${theme}`] = value;
  }
  return style as CSSProperties;
}
