import type { RosterStep } from '@banksia/contracts/rosters';
import type { ClassRecord, ExistingClass, Method, Override } from './plan.types';
import { d, fieldChanges, lower, type PlanContext, type Placement } from './plan-helpers';

const step1: RosterStep = 'school_class_reconciliation';

/** Step 1, classes: each class of the file matched, updated, created or left; coded classes it no longer names kept. */
export function reconcileClasses(ctx: PlanContext): Placement {
  const classIdByCode: Placement = new Map();
  const classesById = new Map(ctx.state.classes.map((c) => [c.id, c]));
  const classByTitle = new Map(ctx.state.classes.map((c) => [lower(c.title), c]));
  for (const rec of ctx.records.classes) {
    classIdByCode.set(rec.code, decideClass(ctx, rec, ctx.take(step1, rec.code), classesById, classByTitle));
  }
  const fileClassIds = new Set([...classIdByCode.values()].filter((v): v is number => typeof v === 'number'));
  for (const [code, ext] of ctx.state.ids.class) {
    const klass = classesById.get(ext.internalId);
    if (!klass || fileClassIds.has(klass.id) || classIdByCode.has(code)) continue;
    ctx.decisions.push(
      d(step1, `existing:${klass.id}`, 'leave', 'external_id', klass.id, null, {
        label: `${code} (${klass.title})`,
        note: 'Not in this file: the class is kept; its students and teachers in the role step.',
      }),
    );
  }
  return classIdByCode;
}

function decideClass(
  ctx: PlanContext,
  rec: ClassRecord,
  o: Override | undefined,
  classesById: Map<number, ExistingClass>,
  classByTitle: Map<string, ExistingClass>,
): number | 'new' | 'skip' {
  const label = rec.title === rec.code ? rec.code : `${rec.code} (${rec.title})`;
  const base = { label, subject: rec.subject, year_level: rec.yearLevel, code: rec.code, title: rec.title };
  const ext = ctx.state.ids.class.get(rec.code);
  let existing: ExistingClass | undefined;
  let method: Method = 'none';
  if (o?.action === 'leave') {
    ctx.decisions.push(d(step1, rec.code, 'leave', 'override', null, null, base, o.decidedBy));
    return 'skip';
  }
  if (o?.action === 'match' && o.internalId && classesById.has(o.internalId)) {
    existing = classesById.get(o.internalId);
    method = 'override';
  } else if (o?.action !== 'create') {
    if (ext && classesById.has(ext.internalId)) {
      existing = classesById.get(ext.internalId);
      method = 'external_id';
    } else if (classByTitle.has(lower(rec.code))) {
      existing = classByTitle.get(lower(rec.code));
      method = 'title';
    }
  }
  if (existing) {
    const { changes, kept } = fieldChanges({ title: existing.title }, { title: rec.title }, ext?.imported);
    const action = Object.keys(changes).length ? 'update' : 'match';
    ctx.decisions.push(
      d(
        step1,
        rec.code,
        action,
        method,
        existing.id,
        null,
        { ...base, changes, kept, current: existing.title },
        o?.decidedBy,
      ),
    );
    return existing.id;
  }
  const courseId = o?.courseId ?? ctx.state.suggestCourse(rec);
  if (!courseId) ctx.blockers.push(`Class ${rec.code} needs a course: choose one for it in the class step.`);
  ctx.decisions.push(
    d(step1, rec.code, 'create', o ? 'override' : 'none', null, null, { ...base, course_id: courseId }, o?.decidedBy),
  );
  return 'new';
}
