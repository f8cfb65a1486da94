import type { TranslationGridRow } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { filterRows, filtersFrom, pageOf, ROWS_PER_PAGE } from './translation-filters.js';

const row = (
  unit: string,
  status: TranslationGridRow['status'],
  source: string,
  target: string | null = null,
) =>
  ({
    unit,
    kind: unit.split('.')[0] as TranslationGridRow['kind'],
    context: `Context of ${unit}`,
    source,
    target,
    status,
  }) satisfies TranslationGridRow;

const rows = [
  row('pillar.processes.name', 'translated', 'Processes', 'Prozesse'),
  row('question.q1.text', 'missing', 'How do you patch servers?'),
  row('ui.level.0.name', 'changed', 'None', 'Keine'),
];

describe('the translation grid filters', () => {
  it('reads the URL, taking unknown values as their defaults', () => {
    const kinds = ['pillar', 'ui'];
    expect(filtersFrom(new URLSearchParams('status=missing&kind=ui&search=x'), kinds)).toEqual({
      status: 'missing',
      kind: 'ui',
      search: 'x',
    });
    expect(filtersFrom(new URLSearchParams('status=nope&kind=nope'), kinds)).toEqual({
      status: 'all',
      kind: 'all',
      search: '',
    });
  });

  it('filters by status, "to do" being missing and changed together', () => {
    const units = (status: 'pending' | 'missing' | 'all') =>
      filterRows(rows, { status, kind: 'all', search: '' }).map((r) => r.unit);
    expect(units('missing')).toEqual(['question.q1.text']);
    expect(units('pending')).toEqual(['question.q1.text', 'ui.level.0.name']);
    expect(units('all')).toHaveLength(3);
  });

  it('filters by kind and searches ids, contexts, sources and translations without regard to case', () => {
    expect(filterRows(rows, { status: 'all', kind: 'ui', search: '' }).map((r) => r.unit)).toEqual([
      'ui.level.0.name',
    ]);
    expect(filterRows(rows, { status: 'all', kind: 'all', search: 'PROZESSE' }).map((r) => r.unit)).toEqual([
      'pillar.processes.name',
    ]);
    expect(filterRows(rows, { status: 'all', kind: 'all', search: 'patch' })).toHaveLength(1);
    expect(filterRows(rows, { status: 'all', kind: 'pillar', search: 'patch' })).toHaveLength(0);
  });

  it('pages the rows, keeping the page within the pages there are', () => {
    const many = Array.from({ length: ROWS_PER_PAGE * 2 + 3 }, (_, index) => index);
    expect(pageOf(many, 1).rows).toHaveLength(ROWS_PER_PAGE);
    expect(pageOf(many, 3)).toMatchObject({ rows: [100, 101, 102], page: 3, totalPages: 3 });
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, totalPages: 1 });
  });
});
