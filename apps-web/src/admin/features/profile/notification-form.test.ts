import type { NotificationPreferences } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { filterIsEmpty, formOf, hourLabel, requestOf, timeZones } from './notification-form.js';

const saved: NotificationPreferences = {
  mode: 'matching',
  filter: {
    overallLevels: [3, 1],
    source: 'linkedin',
    campaign: '',
    demographics: { employee_count: '11-25' },
  },
  digestHour: 7,
  timeZone: 'Europe/Berlin',
  assignedEmail: true,
  dueEmail: false,
  email: 'sam@msp.example',
  saved: true,
};

describe('the notification form', () => {
  it('saves a filter only with the matching mode, without its empty parts', () => {
    const form = formOf(saved);
    expect(requestOf(form).filter).toEqual({
      overallLevels: [1, 3],
      source: 'linkedin',
      campaign: '',
      demographics: { employee_count: '11-25' },
    });
    const every = requestOf({ ...form, mode: 'every', demographics: { employee_count: '11-25', role: ' ' } });
    expect(every.filter).toEqual({ overallLevels: [], source: '', campaign: '', demographics: {} });
    expect(requestOf({ ...form, demographics: { role: '  ' } }).filter!.demographics).toEqual({});
  });

  it('knows an empty filter, which would match every submission', () => {
    expect(filterIsEmpty(formOf(saved))).toBe(false);
    expect(filterIsEmpty({ ...formOf(saved), overallLevels: [], source: ' ', demographics: {} })).toBe(true);
  });

  it('keeps a saved time zone, offers the browser’s to one who never saved, and lists UTC first', () => {
    expect(formOf(saved).timeZone).toBe('Europe/Berlin');
    expect(formOf({ ...saved, timeZone: 'UTC', saved: false }).timeZone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(timeZones('Mars/Olympus')[0]).toBe('UTC');
    expect(timeZones('Mars/Olympus')).toContain('Mars/Olympus');
    expect(hourLabel(7)).toBe('07:00');
  });
});
