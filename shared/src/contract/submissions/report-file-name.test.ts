import { describe, expect, it } from 'vitest';
import { reportFileName } from './report-file-name.js';

describe('reportFileName', () => {
  it('names the company and the day submitted', () => {
    expect(reportFileName({ company: 'Northwind IT', submittedAt: '2026-03-04T10:00:00Z' })).toBe(
      'msp-automation-report-northwind-it-2026-03-04.pdf',
    );
  });

  it('folds accents, punctuation and other scripts to a safe name', () => {
    expect(
      reportFileName({ company: 'Müller & Söhne GmbH', submittedAt: new Date('2026-12-02T23:00:00Z') }),
    ).toBe('msp-automation-report-muller-sohne-gmbh-2026-12-02.pdf');
    expect(reportFileName({ company: '../../etc/passwd', submittedAt: '2026-01-01T00:00:00Z' })).toBe(
      'msp-automation-report-etc-passwd-2026-01-01.pdf',
    );
    expect(reportFileName({ company: '株式会社', submittedAt: '2026-01-01T00:00:00Z' })).toBe(
      'msp-automation-report-2026-01-01.pdf',
    );
  });

  it('leaves out a missing company and keeps long names short', () => {
    expect(reportFileName({ submittedAt: '2026-01-01T00:00:00Z' })).toBe(
      'msp-automation-report-2026-01-01.pdf',
    );
    const long = reportFileName({ company: 'a'.repeat(59) + ' b', submittedAt: '2026-01-01T00:00:00Z' });
    expect(long).toBe(`msp-automation-report-${'a'.repeat(59)}-2026-01-01.pdf`);
  });
});
