/**
 * The product's time zone for dates without one (a class's expiration_date): schools are in Australia, and a class
 * expiring on a day stays open to the end of that day there.
 */
export const SCHOOL_TIME_ZONE = 'Australia/Sydney';

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than formatting with one. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) at an instant in a time zone. */
export function localDate(now: Date, timeZone: string = SCHOOL_TIME_ZONE): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Whether a class has expired: its expiration date (a whole day, in the school's time zone) has passed. */
export function isClassExpired(expirationDate: string | null, now: Date, timeZone: string = SCHOOL_TIME_ZONE): boolean {
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
  timeZone: string = SCHOOL_TIME_ZONE,
): 'open' | 'read_only' | 'closed_to_students' {
  if (!isClassExpired(expirationDate, now, timeZone)) return 'open';
  return isTrialClass(classType) ? 'read_only' : 'closed_to_students';
}
