import { describe, expect, it } from 'vitest';
import type { MarkStatus } from '../exams';
import {
  calendarDaysBetween,
  comesBackLabel,
  endOfDay,
  isMiss,
  isValidTimeZone,
  missRate,
  ratingForMark,
  ReviewRating,
  startOfDay,
  zonedInstant,
  zonedWallClock,
} from './review';

describe('ratingForMark', () => {
  it.each<[MarkStatus, ReviewRating | null]>([
    ['correct', ReviewRating.good],
    ['partially_correct', ReviewRating.hard],
    ['incorrect', ReviewRating.again],
    ['unanswered', null],
    ['needs_marking', null],
  ])('%s rates %s', (status, rating) => {
    expect(ratingForMark(status)).toBe(rating);
  });

  it('numbers ratings as ts-fsrs does', () => {
    expect(ReviewRating).toEqual({ again: 1, hard: 2, good: 3, easy: 4 });
  });
});

describe('isMiss', () => {
  it.each([
    [1, true],
    [2, false],
    [3, false],
    [4, false],
  ])('rating %i is a miss: %s', (rating, miss) => expect(isMiss(rating)).toBe(miss));
});

describe('isValidTimeZone', () => {
  it.each([
    ['Australia/Sydney', true],
    ['Australia/Perth', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
    ['x'.repeat(65), false],
  ])('%s → %s', (zone, valid) => expect(isValidTimeZone(zone)).toBe(valid));
});

describe('startOfDay / endOfDay', () => {
  it.each([
    // Sydney in daylight saving (UTC+11): 09:00 UTC is 20:00 local on 2 March.
    ['2026-03-02T09:00:00Z', 'Australia/Sydney', '2026-03-01T13:00:00.000Z', '2026-03-02T13:00:00.000Z'],
    // 14:00 UTC is already 01:00 on 3 March in Sydney.
    ['2026-03-02T14:00:00Z', 'Australia/Sydney', '2026-03-02T13:00:00.000Z', '2026-03-03T13:00:00.000Z'],
    // Sydney standard time (UTC+10) in June.
    ['2026-06-10T02:00:00Z', 'Australia/Sydney', '2026-06-09T14:00:00.000Z', '2026-06-10T14:00:00.000Z'],
    // The day daylight saving ends (5 April 2026, 25 hours long).
    ['2026-04-05T03:00:00Z', 'Australia/Sydney', '2026-04-04T13:00:00.000Z', '2026-04-05T14:00:00.000Z'],
    // The day daylight saving starts (4 October 2026, 23 hours long), in Sydney and Adelaide; Brisbane has none.
    ['2026-10-04T03:00:00Z', 'Australia/Sydney', '2026-10-03T14:00:00.000Z', '2026-10-04T13:00:00.000Z'],
    ['2026-10-04T03:00:00Z', 'Australia/Adelaide', '2026-10-03T14:30:00.000Z', '2026-10-04T13:30:00.000Z'],
    ['2026-10-04T03:00:00Z', 'Australia/Brisbane', '2026-10-03T14:00:00.000Z', '2026-10-04T14:00:00.000Z'],
    ['2026-04-05T03:00:00Z', 'Australia/Adelaide', '2026-04-04T13:30:00.000Z', '2026-04-05T14:30:00.000Z'],
    // Perth has no daylight saving (UTC+8).
    ['2026-03-02T09:00:00Z', 'Australia/Perth', '2026-03-01T16:00:00.000Z', '2026-03-02T16:00:00.000Z'],
    ['2026-03-02T09:00:00Z', 'UTC', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'],
  ])('%s in %s: %s to %s', (now, zone, start, end) => {
    expect(startOfDay(new Date(now), zone).toISOString()).toBe(start);
    expect(endOfDay(new Date(now), zone).toISOString()).toBe(end);
  });
});

describe('zonedInstant / zonedWallClock', () => {
  it.each([
    // 15:00 on a school day: Perth (UTC+8), Adelaide in daylight saving (UTC+10:30), Brisbane (UTC+10), Sydney (+11).
    ['2026-03-10', '15:00', 'Australia/Perth', '2026-03-10T07:00:00.000Z'],
    ['2026-03-10', '15:00', 'Australia/Adelaide', '2026-03-10T04:30:00.000Z'],
    ['2026-03-10', '15:00', 'Australia/Brisbane', '2026-03-10T05:00:00.000Z'],
    ['2026-03-10', '15:00', 'Australia/Sydney', '2026-03-10T04:00:00.000Z'],
    // Either side of the changes: 5 April (back to +10 at 3 am), 4 October (+11 from 2 am).
    ['2026-04-05', '09:00', 'Australia/Sydney', '2026-04-04T23:00:00.000Z'],
    ['2026-10-04', '09:00', 'Australia/Sydney', '2026-10-03T22:00:00.000Z'],
    ['2026-10-03', '09:00', 'Australia/Sydney', '2026-10-02T23:00:00.000Z'],
  ])('%s %s in %s is %s, and back', (date, time, zone, instant) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(instant);
    expect(zonedWallClock(new Date(instant), zone)).toEqual({ date, time });
  });
});

describe('calendarDaysBetween', () => {
  it.each([
    ['2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z', 'Australia/Sydney', 0],
    // 20:00 to 01:00 the next day in Sydney: one calendar day, though five hours.
    ['2026-03-02T09:00:00Z', '2026-03-02T14:00:00Z', 'Australia/Sydney', 1],
    ['2026-03-02T09:00:00Z', '2026-03-11T09:00:00Z', 'Australia/Sydney', 9],
    ['2026-03-02T09:00:00Z', '2026-03-02T14:00:00Z', 'UTC', 0],
    ['2026-04-04T09:00:00Z', '2026-04-06T09:00:00Z', 'Australia/Sydney', 2],
  ])('%s to %s in %s: %i days', (from, to, zone, days) => {
    expect(calendarDaysBetween(new Date(from), new Date(to), zone)).toBe(days);
  });
});

describe('comesBackLabel', () => {
  it.each([
    [0, 'Comes back later today'],
    [1, 'Comes back tomorrow'],
    [6, 'Comes back in 6 days'],
  ])('%i → %s', (days, label) => expect(comesBackLabel(days)).toBe(label));
});

describe('missRate', () => {
  it.each([
    [0, 0, null],
    [0, 4, 0],
    [1, 4, 0.25],
    [3, 3, 1],
  ])('%i missed of %i → %s', (missed, reviews, rate) => expect(missRate(missed, reviews)).toBe(rate));
});
