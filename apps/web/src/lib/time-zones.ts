import { FALLBACK_SCHOOL_TIME_ZONE } from '@banksia/contracts/rules/class-expiry';

/** The browser's IANA time zone; the schools' usual zone when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_SCHOOL_TIME_ZONE;
  } catch {
    return FALLBACK_SCHOOL_TIME_ZONE;
  }
}

let zones: string[] | undefined;

/**
 * The IANA time zones this browser knows (Intl.supportedValuesOf), for a school's time zone picker (ADR 048), with
 * `current` kept in the list when the browser does not know it (so a saved value always shows).
 */
export function timeZoneOptions(current?: string): string[] {
  zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
