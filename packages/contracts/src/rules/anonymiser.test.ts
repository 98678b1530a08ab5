import { describe, expect, it } from 'vitest';
import {
  ADJECTIVES,
  ANIMALS,
  anonymisedName,
  anonymisedNames,
  dayNumber,
  MS_PER_DAY,
  anonymiserCookieExpiry,
  anonymiserOn,
} from './anonymiser';

describe('dayNumber', () => {
  it.each([
    [0, 0],
    [MS_PER_DAY - 1, 0],
    [MS_PER_DAY, 1],
    [Date.UTC(2026, 10, 21, 13, 0), 20_778],
  ])('%d ms is day %d', (ms, day) => {
    expect(dayNumber(ms)).toBe(day);
    expect(dayNumber(new Date(ms))).toBe(day);
  });
});

describe('anonymisedName', () => {
  const day = Date.UTC(2026, 10, 21, 9);

  it('is the same all day and for the same id', () => {
    expect(anonymisedName(42, day)).toEqual(anonymisedName(42, day + 10 * 3_600_000));
  });

  it('changes from one day to the next for most students', () => {
    const changed = Array.from({ length: 100 }, (_, i) => i + 1).filter(
      (id) => anonymisedName(id, day).fullName !== anonymisedName(id, day + MS_PER_DAY).fullName,
    );
    expect(changed.length).toBeGreaterThan(90);
  });

  it('starts the adjective with the animal’s letter whenever an adjective has that letter', () => {
    for (let id = 1; id <= 500; id += 1) {
      const name = anonymisedName(id, day);
      expect(ANIMALS).toContain(name.lastName);
      expect(ADJECTIVES).toContain(name.firstName);
      expect(name.fullName).toBe(`${name.firstName} ${name.lastName}`);
      if (ADJECTIVES.some((a) => a[0] === name.lastName[0])) expect(name.firstName[0]).toBe(name.lastName[0]);
    }
  });

  it('has an adjective for every animal’s letter', () => {
    for (const animal of ANIMALS) expect(ADJECTIVES.some((a) => a[0] === animal[0])).toBe(true);
  });

  it('spreads a class over many pseudonyms', () => {
    const names = new Set(Array.from({ length: 30 }, (_, i) => anonymisedName(1000 + i, day).fullName));
    expect(names.size).toBeGreaterThan(20);
  });
});

describe('anonymisedNames', () => {
  const day = Date.UTC(2026, 11, 1, 9);

  it('gives every student of a large class a different pseudonym, the same whatever the order', () => {
    const ids = Array.from({ length: 300 }, (_, i) => 5000 + i);
    const names = anonymisedNames(ids, day);
    expect(new Set([...names.values()].map((n) => n.fullName)).size).toBe(300);
    const reversed = anonymisedNames([...ids].reverse(), day);
    for (const id of ids) expect(reversed.get(id)).toEqual(names.get(id));
  });

  it('keeps each student’s own pseudonym when it is free, and the lower id keeps a shared one', () => {
    // Find two ids that draw the same name on the day.
    const seen = new Map<string, number>();
    let pair: [number, number] | undefined;
    for (let id = 1; !pair && id < 10_000; id += 1) {
      const name = anonymisedName(id, day).fullName;
      const other = seen.get(name);
      if (other !== undefined) pair = [other, id];
      seen.set(name, id);
    }
    expect(pair).toBeDefined();
    const [low, high] = pair!;
    const names = anonymisedNames([high, low], day);
    expect(names.get(low)).toEqual(anonymisedName(low, day));
    expect(names.get(high)!.fullName).not.toBe(names.get(low)!.fullName);
  });
});

describe('anonymiserCookieExpiry', () => {
  // Local-time dates: the rule is "02:00 the next day" wherever the clock is.
  it.each([
    [new Date(2026, 10, 21, 9, 30), new Date(2026, 10, 22, 2, 0)],
    [new Date(2026, 10, 21, 0, 0), new Date(2026, 10, 22, 2, 0)],
    [new Date(2026, 10, 21, 1, 59), new Date(2026, 10, 22, 2, 0)],
    [new Date(2026, 10, 21, 23, 59, 59), new Date(2026, 10, 22, 2, 0)],
    [new Date(2026, 11, 31, 15, 0), new Date(2027, 0, 1, 2, 0)],
    [new Date(2028, 1, 28, 12, 0), new Date(2028, 1, 29, 2, 0)],
  ])('set at %s expires at %s', (now, expected) => {
    expect(anonymiserCookieExpiry(now)).toEqual(expected);
  });
});

describe('anonymiserOn', () => {
  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['', false],
    ['false', false],
    [undefined, false],
    [null, false],
    [1, false],
  ])('%s → %s', (value, expected) => {
    expect(anonymiserOn(value)).toBe(expected);
  });
});
