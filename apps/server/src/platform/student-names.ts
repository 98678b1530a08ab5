import {
  ANONYMISER_COOKIE,
  anonymisedNames,
  anonymiserOn,
  type AnonymisedName,
} from '@banksia/contracts/rules/anonymiser';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the request asks for students' names to be hidden (spec §4 anonymiser): the teacher's
 * `anonymizeStudentData` cookie, or `?anonymise=1` for a single request (links and tests).
 */
export function anonymiseRequested(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return anonymiserOn(request.cookies?.[ANONYMISER_COOKIE]) || anonymiserOn(query?.anonymise);
}

/** A student's name as a response carries it. */
export interface StudentName {
  first_name: string;
  last_name: string;
  display_name: string;
}

/**
 * Names students in one response: their real names, or, when names are hidden, the day's pseudonyms (distinct within
 * the list given), so no real name leaves the server. Build one per response from every profile id it will name.
 */
export class StudentNamer {
  private constructor(private readonly pseudonyms: Map<number, AnonymisedName> | null) {}

  static create(anonymise: boolean, profileIds: readonly number[], now: Date): StudentNamer {
    return new StudentNamer(anonymise ? anonymisedNames(profileIds, now) : null);
  }

  get anonymised(): boolean {
    return this.pseudonyms !== null;
  }

  /** The name to show for a student; a student missing from the list still gets none of their real name. */
  name(profileId: number, real: { first_name: string; last_name: string }): StudentName {
    if (!this.pseudonyms) {
      return {
        first_name: real.first_name,
        last_name: real.last_name,
        display_name: `${real.first_name} ${real.last_name}`.trim(),
      };
    }
    const pseudonym = this.pseudonyms.get(profileId);
    const first = pseudonym?.firstName ?? 'Student';
    const last = pseudonym?.lastName ?? String(profileId);
    return { first_name: first, last_name: last, display_name: `${first} ${last}` };
  }

  /**
   * Orders rows by the names shown: last name, then first. With names hidden this is pseudonym order, since the real
   * alphabetical order would tell who is who.
   */
  sort<T>(rows: readonly T[], nameOf: (row: T) => { first_name: string; last_name: string }): T[] {
    const key = (row: T) => {
      const n = nameOf(row);
      return `${n.last_name}\u0000${n.first_name}`.toLowerCase();
    };
    return [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  }
}
