import type { AdminQuestion, Pillar } from '@msp/shared/browser';
import { useState } from 'react';

/** The pillar filter: every pillar, one pillar by id, or the questions without one. */
export const ALL = 'all';
export const NONE = 'none';

/** Whether a question's text or one of its answers contains the search, ignoring case. */
export function matchesSearch(question: AdminQuestion, search: string): boolean {
  if (!search) return true;
  const needle = search.toLocaleLowerCase();
  return (
    question.text.toLocaleLowerCase().includes(needle) ||
    question.answers.some((answer) => answer.text.toLocaleLowerCase().includes(needle))
  );
}

/** The questions a pillar filter and a search leave, and what the filter shows. */
export function filterQuestions(
  all: readonly AdminQuestion[],
  pillars: readonly Pillar[],
  pillarFilter: string,
  search: string,
) {
  const withoutPillar = all.filter((question) => question.pillarId === null).length;
  // A filter whose choice has gone (the pillar deleted, the last question given a pillar) shows all.
  const filterValid =
    pillarFilter === ALL ||
    (pillarFilter === NONE
      ? withoutPillar > 0
      : pillars.some((pillar) => pillar.id === Number(pillarFilter)));
  const pillarFilterShown = filterValid ? pillarFilter : ALL;
  const shown = all.filter(
    (question) =>
      (pillarFilterShown === ALL ||
        (pillarFilterShown === NONE
          ? question.pillarId === null
          : question.pillarId === Number(pillarFilterShown))) &&
      matchesSearch(question, search.trim()),
  );
  const filtering = pillarFilterShown !== ALL || search.trim() !== '';
  const options = [
    { value: ALL, label: 'All pillars' },
    ...pillars.map((pillar) => ({ value: String(pillar.id), label: pillar.name })),
    ...(withoutPillar > 0 ? [{ value: NONE, label: `No pillar (${withoutPillar})` }] : []),
  ];
  return { shown, withoutPillar, pillarFilterShown, filtering, options };
}

/** The list's pillar filter and search, and the questions they leave. */
export function useQuestionsFilter(all: readonly AdminQuestion[], pillars: readonly Pillar[]) {
  const [pillarFilter, setPillarFilter] = useState(ALL);
  const [search, setSearch] = useState('');
  const clear = () => {
    setPillarFilter(ALL);
    setSearch('');
  };
  return {
    pillarFilter,
    setPillarFilter,
    search,
    setSearch,
    clear,
    ...filterQuestions(all, pillars, pillarFilter, search),
  };
}
