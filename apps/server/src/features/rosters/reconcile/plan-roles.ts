import type { RosterStep } from '@banksia/contracts/rosters';
import { AccessStatus } from '@banksia/contracts/classes';
import type { EnrolmentRecord } from './plan.types';
import { d, fullName, type PlanContext, type Placement } from './plan-helpers';
import type { PeoplePlacement } from './plan-people';

const step4: RosterStep = 'role_reconciliation';

/** Step 4, roles: enrolments of students (access status) and teachers of classes. */
export function reconcileRoles(ctx: PlanContext, classIdByCode: Placement, people: PeoplePlacement): void {
  const kept = fileRoles(ctx, classIdByCode, people);
  leftOutRoles(ctx, kept);
}

/** The enrolments and class teachers of the file; answers the existing ones it keeps. */
function fileRoles(ctx: PlanContext, classIdByCode: Placement, { personIds }: PeoplePlacement) {
  const { state, records } = ctx;
  const enrolmentByPair = new Map(state.enrolments.map((e) => [`${e.classId}:${e.profileId}`, e]));
  const linkByPair = new Set(state.teacherLinks.map((l) => `${l.classId}:${l.profileId}`));
  const keptEnrolments = new Set<number>();
  const keptLinks = new Set<string>();
  const recordLabel = new Map<string, string>();
  for (const r of records.students) recordLabel.set(`student:${r.code}`, fullName(r));
  for (const r of records.teachers) recordLabel.set(`teacher:${r.code}`, fullName(r));
  for (const rec of records.enrolments) {
    const key = `${rec.role}:${rec.classCode}:${rec.personCode}`;
    const classId = classIdByCode.get(rec.classCode);
    const personId = personIds[rec.role].get(rec.personCode);
    const base = roleBase(rec, recordLabel);
    if (classId === undefined || personId === undefined || classId === 'skip' || personId === 'skip') {
      ctx.decisions.push(
        d(step4, key, 'leave', 'none', null, null, { ...base, note: 'Its class or person is left alone.' }),
      );
      continue;
    }
    if (classId === 'new' || personId === 'new') {
      ctx.decisions.push(d(step4, key, 'create', 'none', null, null, base));
      continue;
    }
    if (rec.role === 'teacher') {
      const pair = `${classId}:${personId}`;
      keptLinks.add(pair);
      ctx.decisions.push(d(step4, key, linkByPair.has(pair) ? 'match' : 'create', 'external_id', null, null, base));
      continue;
    }
    const e = enrolmentByPair.get(`${classId}:${personId}`);
    if (!e) ctx.decisions.push(d(step4, key, 'create', 'none', null, null, base));
    else {
      keptEnrolments.add(e.id);
      if (e.accessStatus >= AccessStatus.LOCKED)
        ctx.decisions.push(d(step4, key, 'match', 'external_id', e.id, null, base));
      else
        ctx.decisions.push(
          d(step4, key, 'update', 'external_id', e.id, null, {
            ...base,
            access_status: { from: e.accessStatus, to: AccessStatus.UPLOADED },
            note: 'Returns to the class with their work.',
          }),
        );
    }
  }
  return { keptEnrolments, keptLinks };
}

function roleBase(rec: EnrolmentRecord, recordLabel: Map<string, string>) {
  const label = `${recordLabel.get(`${rec.role}:${rec.personCode}`) ?? rec.personCode} in ${rec.classCode} (${rec.role})`;
  return { label, role: rec.role, class_code: rec.classCode, person_code: rec.personCode };
}

/** Existing enrolments and class teachers of managed classes that the file no longer names. */
function leftOutRoles(ctx: PlanContext, kept: { keptEnrolments: Set<number>; keptLinks: Set<string> }) {
  const { state } = ctx;
  const studentName = new Map(state.students.map((p) => [p.id, fullName(p)]));
  const teacherName = new Map(state.teachers.map((p) => [p.id, fullName(p)]));
  const classTitle = new Map(state.classes.map((c) => [c.id, c.title]));
  for (const e of state.enrolments) {
    if (kept.keptEnrolments.has(e.id) || e.accessStatus < AccessStatus.LOCKED) continue;
    const label = `${studentName.get(e.profileId) ?? `Profile ${e.profileId}`} in ${classTitle.get(e.classId) ?? e.classId} (student)`;
    if (e.accessStatus >= AccessStatus.ADDED_VIA_ADMIN) {
      ctx.decisions.push(
        d(step4, `existing:${e.id}`, 'leave', 'none', e.id, null, {
          label,
          note: 'Added by a person in the product: kept.',
        }),
      );
    } else {
      ctx.decisions.push(
        d(step4, `existing:${e.id}`, 'remove', 'none', e.id, null, {
          label,
          access_status: { from: e.accessStatus, to: AccessStatus.REMOVED },
        }),
      );
    }
  }
  for (const l of state.teacherLinks) {
    const pair = `${l.classId}:${l.profileId}`;
    if (kept.keptLinks.has(pair)) continue;
    ctx.decisions.push(
      d(step4, `existing-teacher:${pair}`, 'remove', 'none', null, null, {
        label: `${teacherName.get(l.profileId) ?? `Profile ${l.profileId}`} in ${classTitle.get(l.classId) ?? l.classId} (teacher)`,
        class_id: l.classId,
        profile_id: l.profileId,
      }),
    );
  }
}
