/** A list's range of days, as its URL keeps them (YYYY-MM-DD); either may be left out. */
export interface DayRange {
  startDate?: string;
  endDate?: string;
}

/** An end date before the start date: the field says so, and the list ignores the end date meanwhile. */
export function datesBackwards(range: DayRange): boolean {
  return Boolean(range.startDate && range.endDate && range.startDate > range.endDate);
}

/** The filters a list is read with: those given, less an end date before the start date. */
export function queryFilters<F extends DayRange>(filters: F): F {
  return datesBackwards(filters) ? { ...filters, endDate: undefined } : filters;
}
