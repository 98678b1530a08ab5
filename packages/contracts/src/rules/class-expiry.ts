/**
 * Every "day" in the product is the school's day (ADR 048): a date without a time (a class's expiration_date, a
 * payment's due date) is read in the school's IANA time zone (schools.time_zone), which callers pass in. A class
 * expiring on a day stays open to the end of that day where the school is.
 */

/** The zone a school gets when nothing else says (the server's SCHOOL_TIME_ZONE setting defaults to it). */
export const FALLBACK_SCHOOL_TIME_ZONE = 'Australia/Sydney';

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than formatting with one. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) at an instant in a time zone. */
export function localDate(now: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** The calendar year (e.g. 2027) at an instant in a time zone: the year a school's classes and fees are for. */
export function localYear(now: Date, timeZone: string): number {
  return Number(localDate(now, timeZone).slice(0, 4));
}

/** Whether a class has expired: its expiration date (a whole day, in the school's time zone) has passed. */
export function isClassExpired(expirationDate: string | null, now: Date, timeZone: string): boolean {
  return expirationDate !== null && localDate(now, timeZone) > expirationDate;
}

/** A date as people read it in the product (dd/MM/yyyy, spec §2). */
export function displayDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** Trial class types: a teacher trial (TT) and a student trial (ST). */
export function isTrialClass(classType: string): boolean {
  return classType === 'TT' || classType === 'ST';
}

/**
 * What an expiration date means for a class: a normal or complimentary class closes to its students once expired; a
 * trial class becomes read-only (its people still read their work, nobody changes it).
 */
export function expiryEffect(
  classType: string,
  expirationDate: string | null,
  now: Date,
  timeZone: string,
): 'open' | 'read_only' | 'closed_to_students' {
  if (!isClassExpired(expirationDate, now, timeZone)) return 'open';
  return isTrialClass(classType) ? 'read_only' : 'closed_to_students';
}
