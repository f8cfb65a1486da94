import { describe, expect, it } from 'vitest';
import { domainHint, domainOptions, layoutHint, sizeText, submittersHint } from './export-dialog-text.js';
import { ALL_DOMAINS } from './export-form.js';

describe('the export dialog’s wording', () => {
  it('gives a download’s size in bytes, then KB, MB and GB', () => {
    expect(sizeText(512)).toBe('512 bytes');
    expect(sizeText(12_700)).toBe('12.4 KB');
    expect(sizeText(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('offers All domains with every submission counted, then each domain', () => {
    const options = domainOptions(
      [
        { domain: 'acme.test', submissions: 3 },
        { domain: 'globex.test', submissions: 2 },
      ],
      false,
    );
    expect(options).toEqual([
      { value: ALL_DOMAINS, label: 'All domains (5)' },
      { value: 'acme.test', label: 'acme.test (3)' },
      { value: 'globex.test', label: 'globex.test (2)' },
    ]);
  });

  it('offers All domains, the default, while loading and when there is nothing', () => {
    expect(domainOptions(undefined, true)).toEqual([{ value: ALL_DOMAINS, label: 'All domains (loading…)' }]);
    expect(domainOptions([], false)).toEqual([{ value: ALL_DOMAINS, label: 'All domains (0)' }]);
    expect(domainOptions([{ domain: 'big.test', submissions: 12_000 }], false)[0]!.label).toBe(
      'All domains (12,000)',
    );
  });

  it('says under Domain why there is nothing to choose, and nothing while there is', () => {
    const listed = [{ domain: 'acme.test', submissions: 3 }];
    expect(domainHint(listed, false)).toBeUndefined();
    expect(domainHint([], false)).toBe('No submissions yet, so there is nothing to export.');
    expect(domainHint(undefined, true)).toBe('The domains could not be loaded.');
  });

  it('says under Layout why one column per submission cannot be chosen', () => {
    expect(layoutHint(true, false)).toBe(
      'All domains: one row per submission; choose one domain for a column each.',
    );
    expect(layoutHint(false, true)).toMatch(/^One column per submission holds at most 1,000;/);
    expect(layoutHint(false, false)).toBeUndefined();
  });

  it('says who the export includes', () => {
    expect(submittersHint(ALL_DOMAINS, false, [])).toMatch(/^All domains includes every submitter/);
    expect(submittersHint('acme.test', true, ['a@acme.test'])).toMatch(/could not be loaded/);
    expect(submittersHint('acme.test', false, [])).toBe('None chosen: everyone at the domain.');
    expect(submittersHint('acme.test', false, ['a@acme.test'])).toBe('Only this submitter.');
    expect(submittersHint('acme.test', false, ['a@acme.test', 'b@acme.test'])).toBe(
      'Only these 2 submitters.',
    );
  });
});
