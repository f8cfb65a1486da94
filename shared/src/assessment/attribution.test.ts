import { describe, expect, it } from 'vitest';
import { SubmitAttribution } from '../contract/submissions/assessment-schemas.js';
import { cleanAttributionValue, NON_PRINTABLE } from './attribution.js';

describe('attribution values', () => {
  it('are cleaned by the browser into what the contract accepts', () => {
    const raw = ` spring\u0000\u200b\u2028launch ${'x'.repeat(300)}`;
    const clean = cleanAttributionValue(raw, 200)!;
    expect(clean.length).toBeLessThanOrEqual(200);
    expect(NON_PRINTABLE.test(clean)).toBe(false);
    expect(SubmitAttribution.safeParse({ campaign: clean }).success).toBe(true);
    expect(SubmitAttribution.safeParse({ campaign: raw }).success).toBe(false);
  });

  it('are never cut through a surrogate pair', () => {
    const clean = cleanAttributionValue(`${'a'.repeat(199)}😀`, 200)!;
    expect(clean).toBe('a'.repeat(199));
    expect(SubmitAttribution.safeParse({ source: clean }).success).toBe(true);
  });

  it('read as absent when nothing printable is left', () => {
    expect(cleanAttributionValue(' \u0007 ', 200)).toBe(null);
    expect(cleanAttributionValue(null, 200)).toBe(null);
    expect(SubmitAttribution.parse({ source: '  ', referrer: '' })).toEqual({ source: null, referrer: null });
  });
});
