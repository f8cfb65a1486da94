/** Messages of the public matrix: while it loads, when it cannot, and for an empty cell. */
export const MATRIX_MESSAGES = {
  loading: 'Loading maturity matrix...',
  unavailable: 'Unable to load maturity matrix data.',
  noData: 'No data available',
  cellsFailed: 'Failed to fetch matrix cells',
  pillarsFailed: 'Failed to fetch pillars',
} as const;
