import { describe, expect, it } from 'vitest';
import { displayDate, expiryEffect, isClassExpired, isTrialClass, localDate, localYear } from './class-expiry';

describe('isClassExpired', () => {
  it.each([
    ['no expiration date', null, '2026-12-31T12:00:00Z', false],
    // Sydney is UTC+11 in summer: 31 December ends at 13:00 UTC.
    ['the last day, morning in Sydney', '2026-12-31', '2026-12-30T22:00:00Z', false],
    ['the last day, late evening in Sydney', '2026-12-31', '2026-12-31T12:59:59Z', false],
    ['the first minute after it, in Sydney', '2026-12-31', '2026-12-31T13:00:00Z', true],
    ['a month later', '2026-12-31', '2027-01-31T00:00:00Z', true],
    // Winter, UTC+10: 30 June ends at 14:00 UTC.
    ['winter: still the last day', '2026-06-30', '2026-06-30T13:59:59Z', false],
    ['winter: the next day', '2026-06-30', '2026-06-30T14:00:00Z', true],
  ])('%s → %s', (_case, expiration, now, expired) => {
    expect(isClassExpired(expiration, new Date(now), 'Australia/Sydney')).toBe(expired);
  });

  it('reads dates in another time zone when given one', () => {
    expect(localDate(new Date('2026-12-31T13:00:00Z'), 'UTC')).toBe('2026-12-31');
    expect(isClassExpired('2026-12-31', new Date('2026-12-31T13:00:00Z'), 'UTC')).toBe(false);
  });

  // The school's last day ends at its own midnight (ADR 048), across both daylight-saving changes of 2026.
  it.each([
    ['Australia/Perth', '2026-10-03', '2026-10-03T16:00:00Z'],
    ['Australia/Adelaide', '2026-10-03', '2026-10-03T14:30:00Z'],
    ['Australia/Brisbane', '2026-10-03', '2026-10-03T14:00:00Z'],
    ['Australia/Sydney', '2026-10-03', '2026-10-03T14:00:00Z'],
    ['Australia/Perth', '2026-10-04', '2026-10-04T16:00:00Z'],
    ['Australia/Adelaide', '2026-10-04', '2026-10-04T13:30:00Z'],
    ['Australia/Brisbane', '2026-10-04', '2026-10-04T14:00:00Z'],
    ['Australia/Sydney', '2026-10-04', '2026-10-04T13:00:00Z'],
    ['Australia/Perth', '2026-04-05', '2026-04-05T16:00:00Z'],
    ['Australia/Adelaide', '2026-04-05', '2026-04-05T14:30:00Z'],
    ['Australia/Brisbane', '2026-04-05', '2026-04-05T14:00:00Z'],
    ['Australia/Sydney', '2026-04-05', '2026-04-05T14:00:00Z'],
  ])('%s: a class expiring on %s closes at %s', (zone, date, end) => {
    const endMs = new Date(end).getTime();
    expect(isClassExpired(date, new Date(endMs - 1), zone)).toBe(false);
    expect(isClassExpired(date, new Date(endMs), zone)).toBe(true);
  });

  it('reads the calendar year in the school time zone', () => {
    expect(localYear(new Date('2026-12-31T13:30:00Z'), 'Australia/Sydney')).toBe(2027);
    expect(localYear(new Date('2026-12-31T13:30:00Z'), 'Australia/Perth')).toBe(2026);
  });

  it('writes dates as dd/MM/yyyy', () => {
    expect(displayDate('2026-12-31')).toBe('31/12/2026');
  });
});

describe('expiryEffect', () => {
  // 2026-03-10 ends at midnight in Sydney: 13:00 UTC that day.
  const before = new Date('2026-03-10T12:59:00Z');
  const after = new Date('2026-03-10T13:00:00Z');
  it.each([
    ['N', null, after, 'open'],
    ['N', '2026-03-10', before, 'open'],
    ['N', '2026-03-10', after, 'closed_to_students'],
    ['C', '2026-03-10', after, 'closed_to_students'],
    ['TT', '2026-03-10', before, 'open'],
    ['TT', '2026-03-10', after, 'read_only'],
    ['ST', '2026-03-10', after, 'read_only'],
    ['ST', null, after, 'open'],
  ] as const)('a %s class expiring %s is %s at %s', (type, date, now, effect) => {
    expect(expiryEffect(type, date, now, 'Australia/Sydney')).toBe(effect);
  });

  it.each([
    ['TT', true],
    ['ST', true],
    ['N', false],
    ['C', false],
  ])('%s is a trial: %s', (type, trial) => {
    expect(isTrialClass(type)).toBe(trial);
  });
});
