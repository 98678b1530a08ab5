import { ERASED_FIRST_NAME, ERASED_LAST_NAME } from '@banksia/contracts/student-data';
import type { Replacement } from './student-data.repository';

/** What an erased student's full name becomes wherever it was written. */
export const ERASED_NAME = `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`;
/** What one part of their name (first or last alone) becomes in their own rows. */
export const NAME_REMOVED = '[name removed]';

/** Who is being erased, as they were before erasure. */
export interface ErasedPerson {
  firstName: string;
  lastName: string;
  email: string;
  placeholderEmail: string;
}

/** A piece of text matched literally, with runs of spaces in it matching any run of white space. */
function literal(text: string, space: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&'))
    .join(space);
}

/** The two orders a full name is written in: "First Last" and "Last, First" (or "Last First"). */
function fullNameAlternatives(person: ErasedPerson, space: string): string | null {
  const first = literal(person.firstName, space);
  const last = literal(person.lastName, space);
  if (!first || !last) return null;
  return `${first}${space}${last}|${last},?${space}${first}`;
}

/**
 * The replacements made in every text and JSON column of the database (PostgreSQL regular expressions): the email
 * address (not inside a longer address) and the full name (not inside a longer word). First or last names alone are
 * not replaced database-wide: "Grace" or "Lee" appear in course content that is not about the student.
 */
export function databaseReplacements(person: ErasedPerson): Replacement[] {
  const replacements: Replacement[] = [
    {
      pattern: `(?<![[:alnum:]._%+-])${literal(person.email, '')}(?![[:alnum:]_-]|\\.[[:alnum:]])`,
      replacement: person.placeholderEmail,
    },
  ];
  const names = fullNameAlternatives(person, '[[:space:]]+');
  if (names) replacements.push({ pattern: `(?<![[:alnum:]])(${names})(?![[:alnum:]])`, replacement: ERASED_NAME });
  return replacements;
}

/**
 * The replacements made in the student's own rows (answers, feedback, audit entries about them), in JavaScript:
 * the email, the full name, then each part of the name as a whole word (Unicode letters and digits around it).
 */
export function ownRowReplacements(person: ErasedPerson): [RegExp, string][] {
  const word = (inner: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${inner})(?![\\p{L}\\p{N}])`, 'giu');
  const rules: [RegExp, string][] = [[new RegExp(literal(person.email, ''), 'gi'), person.placeholderEmail]];
  const names = fullNameAlternatives(person, '\\s+');
  if (names) rules.push([word(names), ERASED_NAME]);
  for (const part of [person.firstName, person.lastName]) {
    // A one-letter name would remove that letter from every answer.
    if (part.trim().length >= 2) rules.push([word(literal(part, '\\s+')), NAME_REMOVED]);
  }
  return rules;
}

/** Keys whose values are storage keys of uploaded files: renaming them would lose the file. */
const KEEP_KEYS = new Set(['file_key']);

/** The value with every string in it (object keys left alone) rewritten by the rules; `changed` says whether any did. */
export function scrubValue(value: unknown, rules: readonly [RegExp, string][]): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      let out = v;
      for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
      if (out !== v) changed = true;
      return out;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, KEEP_KEYS.has(k) ? inner : walk(inner)]));
    }
    return v;
  };
  const result = walk(value);
  return { value: result, changed };
}
