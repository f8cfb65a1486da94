import { describe, expect, it } from 'vitest';
import { addDays, localDay, nextStepRange, nextStepText, noteCountText } from './lead-text.js';

describe('the lead desk in words', () => {
  it('counts days in the viewer’s own calendar, across months and years', () => {
    expect(localDay(new Date(2026, 11, 31, 23, 30))).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('says whether a next step is overdue, due today or later', () => {
    expect(nextStepText('2026-11-28', '2026-11-30')).toBe('Overdue: Nov 28, 2026');
    expect(nextStepText('2026-11-30', '2026-11-30')).toBe('Due today');
    expect(nextStepText('2026-12-08', '2026-11-30')).toBe('Next step Dec 8, 2026');
    expect(nextStepText(null, '2026-11-30')).toBe('No next step');
  });

  it('asks for the overdue steps up to yesterday, today’s on today, and a week from today', () => {
    expect(nextStepRange('overdue', '2026-12-01')).toEqual({ nextStepEndDate: '2026-11-30' });
    expect(nextStepRange('today', '2026-12-01')).toEqual({
      nextStepStartDate: '2026-12-01',
      nextStepEndDate: '2026-12-01',
    });
    expect(nextStepRange('week', '2026-12-30')).toEqual({
      nextStepStartDate: '2026-12-30',
      nextStepEndDate: '2027-01-05',
    });
    expect(nextStepRange('', '2026-12-01')).toEqual({});
    expect(noteCountText(1)).toBe('1 note');
    expect(noteCountText(2)).toBe('2 notes');
  });
});
