/** One CSV cell as given: text, a number, a boolean, or nothing (an empty cell). */
export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (or smuggle one in after a tab / carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell's text, neutralised: text starting with = + - @, a tab or a carriage return gets a leading single quote, so
 * a spreadsheet shows it as text instead of running it as a formula (CSV injection). Numbers are written as they are
 * (a negative number is data, not a formula), booleans as true/false, null and undefined as an empty cell.
 */
export function csvCellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell quoted when it must be (comma, double quote, line break, or surrounding spaces), doubling inner quotes. */
function quote(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows as CSV text (RFC 4180: CRLF between rows, the last row ended too), every cell neutralised and quoted as
 * needed. The first row is usually the header.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map((cell) => quote(csvCellText(cell))).join(',') + '\r\n').join('');
}

/** A file name safe in a Content-Disposition header: letters, digits, dashes and dots only, ending in .csv. */
export function csvFileName(...parts: (string | number)[]): string {
  const base = parts
    .map((p) =>
      String(p)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-');
  return `${base || 'export'}.csv`;
}
