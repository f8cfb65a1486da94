import { describe, expect, it } from 'vitest';
import {
  answerCountText,
  attributionEntries,
  demographicEntries,
  formatAverage,
  humanizeKey,
  sourceLabel,
  submissionTitle,
  submitterName,
} from './submission-fields.js';

describe('submitter details', () => {
  it('names the submitter by first and last name, trimmed', () => {
    expect(submitterName({ first_name: ' Ada ', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(submitterName({ last_name: 'Lovelace' })).toBe('Lovelace');
    expect(submitterName({ first_name: '  ' })).toBeNull();
  });

  it('titles a submission by name, else email, else company', () => {
    const title = (demographicData: Record<string, string>) => submissionTitle({ demographicData });
    expect(title({ first_name: 'Ada', email_address: 'ada@msp.example' })).toBe('Ada');
    expect(title({ email_address: 'ada@msp.example', company: 'Acme' })).toBe('ada@msp.example');
    expect(title({ company: 'Acme' })).toBe('Acme');
    expect(title({})).toBe('Anonymous submission');
  });
});

describe('demographicEntries', () => {
  it('lists the known keys first in their fixed order, then the rest as stored', () => {
    const entries = demographicEntries({
      role: 'Owner',
      company: 'Acme IT',
      email_address: 'ada@acme.example',
      first_name: 'Ada',
      annual_revenue: '$1-5M',
    });
    expect(entries.map((entry) => entry.key)).toEqual([
      'first_name',
      'email_address',
      'company',
      'role',
      'annual_revenue',
    ]);
    expect(entries.map((entry) => entry.label)).toEqual([
      'First name',
      'Email',
      'Company',
      'Role',
      'Annual revenue',
    ]);
  });

  it('takes labels from the current field definitions where they exist, and skips blank answers', () => {
    const labels = new Map([
      ['employee_count', 'Number of Employees in Your Company'],
      ['role', 'Your Role'],
    ]);
    expect(demographicEntries({ employee_count: '11-50', role: 'CTO', notes: ' ' }, labels)).toEqual([
      { key: 'employee_count', label: 'Number of Employees in Your Company', value: '11-50' },
      { key: 'role', label: 'Your Role', value: 'CTO' },
    ]);
  });

  it('humanizes identifiers', () => {
    expect(humanizeKey('managed_companies')).toBe('Managed companies');
    expect(humanizeKey('psa-tool')).toBe('Psa tool');
  });
});

describe('numbers', () => {
  it('shows the average with one decimal', () => {
    expect(formatAverage(45.25)).toBe('45.3%');
    expect(formatAverage(100)).toBe('100.0%');
    expect(formatAverage(0)).toBe('0.0%');
  });

  it('counts answers in words', () => {
    expect(answerCountText(1)).toBe('1 answer');
    expect(answerCountText(24)).toBe('24 answers');
    expect(answerCountText(1200)).toBe('1,200 answers');
  });
});

describe('the source of a submission', () => {
  const none = {
    source: null,
    medium: null,
    campaign: null,
    term: null,
    content: null,
    ref: null,
    referrer: null,
    landingPath: null,
  };

  it('is its utm_source, else its referring site, else direct', () => {
    expect(sourceLabel({ ...none, source: 'linkedin', referrer: 'www.linkedin.com' })).toBe('linkedin');
    expect(sourceLabel({ ...none, referrer: 'www.google.com' })).toBe('www.google.com (referral)');
    expect(sourceLabel(none)).toBe('(direct)');
  });

  it('lists only the values recorded, in the contract order', () => {
    expect(attributionEntries({ ...none, landingPath: '/', campaign: 'spring', ref: 'p-1' })).toEqual([
      { key: 'campaign', label: 'Campaign', value: 'spring' },
      { key: 'ref', label: 'Referral code', value: 'p-1' },
      { key: 'landingPath', label: 'Landing page', value: '/' },
    ]);
    expect(attributionEntries(none)).toEqual([]);
  });
});
