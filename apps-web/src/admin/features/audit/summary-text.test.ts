import { describe, expect, it } from 'vitest';
import { summaryLines } from './summary-text.js';

describe('the details of an audit record', () => {
  it('shows an export limited to submitters by how many and where, and leaves an empty list out', () => {
    expect(
      summaryLines({
        domain: 'a.example',
        submitterEmails: '3 addresses at a.example',
        transpose: false,
        startDate: null,
      }),
    ).toEqual([
      ['domain', 'a.example'],
      ['submitterEmails', '3 addresses at a.example'],
      ['transpose', 'false'],
      ['startDate', '—'],
    ]);
    expect(summaryLines({ domain: 'a.example', submitterEmails: [] })).toEqual([['domain', 'a.example']]);
    expect(summaryLines({ domain: 'a.example', submitterEmails: ['', ' '] })).toEqual([
      ['domain', 'a.example'],
    ]);
  });

  it('never shows a field with nothing after it', () => {
    const lines = summaryLines({ submitterEmails: '', note: '   ', permissions: ['', 'read'] });
    expect(lines).toEqual([
      ['submitterEmails', '—'],
      ['note', '—'],
      ['permissions', 'read'],
    ]);
    expect(lines.filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('shows the addresses an older record holds only as their domains', () => {
    expect(
      summaryLines({
        submitterEmails: ['jane@a.example', 'lee@a.example', 'sam@b.example'],
        email: 'casey@msp.example',
        permissions: ['read', 'admin'],
      }),
    ).toEqual([
      ['submitterEmails', '3 addresses at a.example, b.example'],
      ['email', '(an address at msp.example)'],
      ['permissions', 'read, admin'],
    ]);
  });
});
