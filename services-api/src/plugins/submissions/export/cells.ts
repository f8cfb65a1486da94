/** A Date is written as a real date cell in XLSX and as `YYYY-MM-DD HH:MM:SS` (UTC) text in CSV. */
export type Cell = string | number | Date | null;

/**
 * A spreadsheet runs a cell that starts with = + - or @ (and tab or carriage return, which some
 * readers strip first) as a formula. Visitors write these values, so such text is made plain text
 * with a leading apostrophe, as OWASP advises for CSV injection.
 */
export function neutralised(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
