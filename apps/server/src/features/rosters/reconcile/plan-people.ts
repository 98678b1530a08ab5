import type { RosterStep } from '@banksia/contracts/rosters';
import { AccessStatus } from '@banksia/contracts/classes';
import type { AccountByEmail, ExistingProfile, Method, Override, PersonKind, PersonRecord } from './plan.types';
import { d, fieldChanges, fullName, lower, type PlanContext, type Placement } from './plan-helpers';

/** Steps 2 and 3 decided: where each person code stands, and the students taken off their classes. */
export interface PeoplePlacement {
  personIds: Record<PersonKind, Placement>;
  removedStudents: Set<number>;
}

/** The school's people of one kind, looked up the ways a record matches them. */
interface KindLookup {
  kind: PersonKind;
  step: RosterStep;
  byId: Map<number, ExistingProfile>;
  byEmail: Map<string, ExistingProfile>;
  byName: Map<string, ExistingProfile[]>;
  importedYear: Map<number, unknown>;
  accountsByEmail: Map<string, AccountByEmail>;
  /** Profiles already matched to a code of this file. */
  claimed: Set<number>;
}

/** Steps 2 and 3, teachers then students: each person of the file matched, updated, created or left. */
export function reconcilePeople(ctx: PlanContext): PeoplePlacement {
  const placed: PeoplePlacement = { personIds: { teacher: new Map(), student: new Map() }, removedStudents: new Set() };
  const accountsByEmail = new Map(ctx.state.accounts.map((a) => [lower(a.email), a]));
  for (const kind of ['teacher', 'student'] as const) {
    const lookup = lookupOf(ctx, kind, accountsByEmail);
    const recordsOfKind = kind === 'teacher' ? ctx.records.teachers : ctx.records.students;
    for (const rec of recordsOfKind) {
      placed.personIds[kind].set(rec.code, decidePerson(ctx, lookup, rec, ctx.take(lookup.step, rec.code)));
    }
    leftOutPeople(ctx, lookup, new Set(recordsOfKind.map((r) => r.code)), placed.removedStudents);
  }
  return placed;
}

function lookupOf(ctx: PlanContext, kind: PersonKind, accountsByEmail: Map<string, AccountByEmail>): KindLookup {
  const people = kind === 'teacher' ? ctx.state.teachers : ctx.state.students;
  const byName = new Map<string, ExistingProfile[]>();
  for (const p of people) {
    const key = `${lower(p.firstName)}\u0000${lower(p.lastName)}`;
    byName.set(key, [...(byName.get(key) ?? []), p]);
  }
  return {
    kind,
    step: kind === 'teacher' ? 'teacher_reconciliation' : 'student_reconciliation',
    byId: new Map(people.map((p) => [p.id, p])),
    byEmail: new Map(people.map((p) => [lower(p.email), p])),
    byName,
    importedYear: new Map([...ctx.state.ids[kind].values()].map((e) => [e.internalId, e.imported.year_level])),
    accountsByEmail,
    claimed: new Set<number>(),
  };
}

/** One person of the file: their decision, and where their code stands. */
function decidePerson(
  ctx: PlanContext,
  lookup: KindLookup,
  rec: PersonRecord,
  o: Override | undefined,
): number | 'new' | 'skip' {
  const { step, kind } = lookup;
  const base = {
    label: `${fullName(rec)} (${rec.code})`,
    code: rec.code,
    first_name: rec.firstName,
    last_name: rec.lastName,
    email: rec.email,
    year_level: rec.yearLevel,
  };
  if (o?.action === 'leave') {
    ctx.decisions.push(d(step, rec.code, 'leave', 'override', null, null, base, o.decidedBy));
    return 'skip';
  }
  const ext = ctx.state.ids[kind].get(rec.code);
  let existing: ExistingProfile | undefined;
  let method: Method = 'none';
  if (o?.action === 'match' && o.internalId && lookup.byId.has(o.internalId)) {
    existing = lookup.byId.get(o.internalId);
    method = 'override';
  } else if (o?.action !== 'create') {
    if (ext && lookup.byId.has(ext.internalId)) {
      existing = lookup.byId.get(ext.internalId);
      method = 'external_id';
    } else if (rec.email && lookup.byEmail.has(lower(rec.email))) {
      existing = lookup.byEmail.get(lower(rec.email));
      method = 'email';
    }
  }
  if (existing && lookup.claimed.has(existing.id)) {
    ctx.decisions.push(
      d(step, rec.code, 'leave', method, existing.id, null, {
        ...base,
        note: `${fullName(existing)} is already matched to another code in this file.`,
      }),
    );
    return 'skip';
  }
  if (existing) {
    lookup.claimed.add(existing.id);
    const { changes, kept } = fieldChanges(
      { first_name: existing.firstName, last_name: existing.lastName },
      { first_name: rec.firstName, last_name: rec.lastName },
      ext?.imported,
    );
    const action = Object.keys(changes).length ? 'update' : 'match';
    ctx.decisions.push(
      d(
        step,
        rec.code,
        action,
        method,
        existing.id,
        null,
        { ...base, changes, kept, user_id: existing.userId, current: fullName(existing) },
        o?.decidedBy,
      ),
    );
    return existing.id;
  }
  return decideNewPerson(ctx, lookup, rec, o, base);
}

/** No profile here: an account with the email may join (it gets a profile), unless it cannot; else a new person. */
function decideNewPerson(
  ctx: PlanContext,
  lookup: KindLookup,
  rec: PersonRecord,
  o: Override | undefined,
  base: Record<string, unknown>,
): 'new' | 'skip' {
  const { step, kind } = lookup;
  const account = rec.email ? lookup.accountsByEmail.get(lower(rec.email)) : undefined;
  if (account && o?.action !== 'create') {
    const problem = !account.isActive
      ? 'This email belongs to a deactivated account.'
      : kind === 'student' && account.nonStudent
        ? 'This email belongs to a teacher or staff account, not a student.'
        : account.studentElsewhere
          ? "This email belongs to another school's student."
          : null;
    if (problem) {
      ctx.decisions.push(d(step, rec.code, 'leave', 'email', null, null, { ...base, note: problem }));
      return 'skip';
    }
    ctx.decisions.push(
      d(step, rec.code, 'match', 'email', null, null, {
        ...base,
        user_id: account.userId,
        note: 'Existing account: gets a profile at this school.',
      }),
    );
    return 'new';
  }
  if (account && o?.action === 'create') {
    ctx.decisions.push(
      d(step, rec.code, 'leave', 'email', null, null, { ...base, note: 'An account already uses this email.' }),
    );
    return 'skip';
  }
  const named = (lookup.byName.get(`${lower(rec.firstName)}\u0000${lower(rec.lastName)}`) ?? []).filter(
    (p) =>
      !lookup.claimed.has(p.id) &&
      (rec.yearLevel === null ||
        lookup.importedYear.get(p.id) === undefined ||
        lookup.importedYear.get(p.id) === rec.yearLevel),
  );
  const suggestion = o ? null : named.length === 1 ? named[0]! : null;
  ctx.decisions.push(
    d(
      step,
      rec.code,
      'create',
      o ? 'override' : suggestion ? 'name_year' : 'none',
      null,
      suggestion?.id ?? null,
      { ...base, ...(suggestion ? { suggestion_label: `${fullName(suggestion)} <${suggestion.email}>` } : {}) },
      o?.decidedBy,
    ),
  );
  return 'new';
}

/** Coded people the file no longer names: students with active enrolments are removed, linked teachers left. */
function leftOutPeople(ctx: PlanContext, lookup: KindLookup, inFile: Set<string>, removedStudents: Set<number>) {
  const { step, kind } = lookup;
  const activeProfiles = new Set(
    ctx.state.enrolments
      .filter((e) => e.accessStatus >= AccessStatus.LOCKED && e.accessStatus < AccessStatus.ADDED_VIA_ADMIN)
      .map((e) => e.profileId),
  );
  for (const [code, ext] of ctx.state.ids[kind]) {
    if (inFile.has(code) || lookup.claimed.has(ext.internalId)) continue;
    const p = lookup.byId.get(ext.internalId);
    if (!p) continue;
    if (kind === 'student' && activeProfiles.has(p.id)) {
      removedStudents.add(p.id);
      ctx.decisions.push(
        d(step, `existing:${p.id}`, 'remove', 'external_id', p.id, null, {
          label: `${fullName(p)} (${code})`,
          code,
          note: 'Not in this file: removed from their classes (access REMOVED); the account and work are kept.',
        }),
      );
    } else if (kind === 'teacher' && ctx.state.teacherLinks.some((l) => l.profileId === p.id)) {
      ctx.decisions.push(
        d(step, `existing:${p.id}`, 'leave', 'external_id', p.id, null, {
          label: `${fullName(p)} (${code})`,
          code,
          note: 'Not in this file: the account is kept; their classes are taken off them in the role step.',
        }),
      );
    }
  }
}
