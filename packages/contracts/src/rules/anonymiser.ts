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
