/** Reads a positive whole-number route parameter (an id, a chunk index); null when it is anything else. */
export function idParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** Reads a calendar-year route parameter: null when absent, NaN when not a year. */
export function yearParam(value: string | undefined): number | null {
  if (value === undefined) return null;
  return /^(19|20|21)\d\d$/.test(value) ? Number(value) : Number.NaN;
}
