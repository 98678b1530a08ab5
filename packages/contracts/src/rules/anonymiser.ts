// The anonymiser's pseudonyms (spec §4): a student's real name is replaced by an adjective and an animal, seeded from a
// hash of their id plus the day number (milliseconds / 86,400,000), so a student keeps one pseudonym all day and gets
// another the next. The adjective starts with the animal's letter when there is one for that letter.

export const MS_PER_DAY = 86_400_000;

/** Animals used as last names. */
export const ANIMALS = [
  'Albatross',
  'Alpaca',
  'Axolotl',
  'Bandicoot',
  'Bilby',
  'Bison',
  'Cassowary',
  'Cheetah',
  'Cockatoo',
  'Dingo',
  'Dolphin',
  'Dugong',
  'Echidna',
  'Eagle',
  'Emu',
  'Falcon',
  'Ferret',
  'Flamingo',
  'Galah',
  'Gecko',
  'Giraffe',
  'Heron',
  'Hippo',
  'Ibis',
  'Iguana',
  'Jabiru',
  'Jaguar',
  'Kangaroo',
  'Kingfisher',
  'Koala',
  'Kookaburra',
  'Lemur',
  'Lorikeet',
  'Lyrebird',
  'Magpie',
  'Meerkat',
  'Numbat',
  'Narwhal',
  'Ocelot',
  'Octopus',
  'Otter',
  'Pademelon',
  'Pelican',
  'Platypus',
  'Possum',
  'Quokka',
  'Quoll',
  'Rosella',
  'Raven',
  'Seal',
  'Stingray',
  'Tapir',
  'Tortoise',
  'Urchin',
  'Vulture',
  'Wallaby',
  'Walrus',
  'Wombat',
  'Yak',
  'Zebra',
] as const;

/** Adjectives used as first names, several per letter. */
export const ADJECTIVES = [
  'Agile',
  'Amber',
  'Artful',
  'Bold',
  'Bright',
  'Breezy',
  'Calm',
  'Clever',
  'Curious',
  'Daring',
  'Dapper',
  'Dreamy',
  'Eager',
  'Earnest',
  'Easy',
  'Fearless',
  'Friendly',
  'Fuzzy',
  'Gentle',
  'Glad',
  'Golden',
  'Happy',
  'Hardy',
  'Humble',
  'Inky',
  'Itchy',
  'Idle',
  'Jolly',
  'Jaunty',
  'Jazzy',
  'Keen',
  'Kind',
  'Kooky',
  'Lively',
  'Lucky',
  'Lofty',
  'Merry',
  'Mighty',
  'Mellow',
  'Nimble',
  'Noble',
  'Nifty',
  'Optimistic',
  'Orange',
  'Odd',
  'Plucky',
  'Patient',
  'Peppy',
  'Quick',
  'Quiet',
  'Quirky',
  'Radiant',
  'Rapid',
  'Rosy',
  'Sunny',
  'Swift',
  'Steady',
  'Thoughtful',
  'Tidy',
  'Tall',
  'Upbeat',
  'Unique',
  'Valiant',
  'Vivid',
  'Witty',
  'Warm',
  'Wise',
  'Young',
  'Yellow',
  'Zany',
  'Zesty',
] as const;

export interface AnonymisedName {
  firstName: string;
  lastName: string;
  fullName: string;
}

/** The day number of an instant: whole days since the epoch (UTC). */
export function dayNumber(now: Date | number): number {
  return Math.floor((typeof now === 'number' ? now : now.getTime()) / MS_PER_DAY);
}

/** 32-bit FNV-1a of a string: small, fast and spreads neighbouring ids well; not for secrets. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The pseudonym of a student (by profile or user id) on the day of `now`. */
export function anonymisedName(id: number, now: Date | number): AnonymisedName {
  const seed = hashString(`${id}:${dayNumber(now)}`);
  const lastName = ANIMALS[seed % ANIMALS.length]!;
  const sameLetter = ADJECTIVES.filter((adjective) => adjective[0] === lastName[0]);
  const pool = sameLetter.length > 0 ? sameLetter : ADJECTIVES;
  // A second, independent draw from the same seed, so the adjective does not follow from the animal.
  const firstName = pool[hashString(`${seed}`) % pool.length]!;
  return { firstName, lastName, fullName: `${firstName} ${lastName}` };
}

/** Draws tried for a free pseudonym before numbering one (there are about 180 adjective–animal pairs). */
const REDRAWS = 40;

/**
 * Pseudonyms for a list of students shown together (a class): each as anonymisedName gives it, except that a name
 * already taken that day goes to the student with the lower id, and the other draws again from further seeds until
 * a free name comes up; past the pairs there are (large year groups), the student's own draw gets a number
 * ("Swift Seal 2"). No two students in the list share one, and each keeps theirs all day whatever the ids' order.
 */
export function anonymisedNames(ids: readonly number[], now: Date | number): Map<number, AnonymisedName> {
  const names = new Map<number, AnonymisedName>();
  const taken = new Set<string>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const own = anonymisedName(id, now);
    let name = own;
    // Later draws use seeds no student id gives (negative), so they cannot echo another student's first draw.
    for (let attempt = 1; taken.has(name.fullName) && attempt <= REDRAWS; attempt += 1) {
      name = anonymisedName(-(id * (REDRAWS + 1) + attempt), now);
    }
    for (let n = 2; taken.has(name.fullName); n += 1) {
      const lastName = `${own.lastName} ${n}`;
      name = { firstName: own.firstName, lastName, fullName: `${own.firstName} ${lastName}` };
    }
    taken.add(name.fullName);
    names.set(id, name);
  }
  return names;
}

/** The cookie that holds the anonymiser's state (spec §4); its presence with value '1' means names are hidden. */
export const ANONYMISER_COOKIE = 'anonymizeStudentData';

/**
 * When the anonymiser cookie set at `now` expires (spec §4): 02:00 on the next day, in the clock's local time, so a
 * teacher who hid names for a lesson finds them hidden all day and shown again the next morning.
 */
export function anonymiserCookieExpiry(now: Date): Date {
  const expiry = new Date(now.getTime());
  expiry.setDate(expiry.getDate() + 1);
  expiry.setHours(2, 0, 0, 0);
  return expiry;
}

/** Whether a cookie (or query) value turns the anonymiser on: '1' or 'true'; anything else leaves names shown. */
export function anonymiserOn(value: unknown): boolean {
  return value === '1' || value === 'true';
}
