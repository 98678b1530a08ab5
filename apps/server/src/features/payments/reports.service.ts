import type { RefundsOwedReport, StudentsOwingReport } from '@banksia/contracts/payments-admin';
import { toCsv } from '@banksia/contracts/rules/csv';
import type { AppDeps } from '../../platform/deps';
import * as repo from './reports.repository';

/** Sums per currency of the given amounts. */
function totals<T>(rows: T[], currency: (r: T) => string, amount: (r: T) => number) {
  const map = new Map<string, { amount: number; students: number }>();
  for (const r of rows) {
    const t = map.get(currency(r)) ?? { amount: 0, students: 0 };
    t.amount += amount(r);
    t.students += 1;
    map.set(currency(r), t);
  }
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export async function studentsOwing(
  deps: AppDeps,
  calendarYear: number,
  schoolId?: number,
): Promise<StudentsOwingReport> {
  const rows = await repo.studentsOwing(deps.db, calendarYear, schoolId);
  const students = rows.map((r) => ({
    profile_id: r.profile_id,
    user_id: r.user_id,
    school_id: r.school_id,
    school_name: r.school_name,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    currency: r.currency,
    owing_cents: Number(r.owing),
    classes: r.classes.map((c) => ({
      class_id: c.class_id,
      title: c.title,
      feature: c.feature as 'STANDARD',
      charged_cents: Number(c.charged_cents),
      locked: c.locked,
    })),
  }));
  return {
    calendar_year: calendarYear,
    school_id: schoolId ?? null,
    totals: totals(
      students,
      (s) => s.currency,
      (s) => s.owing_cents,
    ).map(([currency, t]) => ({ currency, owing_cents: t.amount, students: t.students })),
    students,
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** One row per student and class charged (a student with no class line gets one row without a class). */
export function studentsOwingCsv(report: StudentsOwingReport): string {
  const rows = report.students.flatMap((s) => {
    const base = [s.school_name, s.last_name, s.first_name, s.email, s.currency, dollars(s.owing_cents)];
    if (s.classes.length === 0) return [[...base, '', '', '', '']];
    return s.classes.map((c) => [...base, c.title, c.feature, dollars(c.charged_cents), c.locked ? 'yes' : 'no']);
  });
  return toCsv([
    ['School', 'Last name', 'First name', 'Email', 'Currency', 'Owing', 'Class', 'Feature set', 'Class fee', 'Locked'],
    ...rows,
  ]);
}

export async function refundsOwed(deps: AppDeps, calendarYear: number): Promise<RefundsOwedReport> {
  const rows = await repo.refundsOwed(deps.db, calendarYear);
  const students = rows.map((r) => ({
    profile_id: r.profile_id,
    user_id: r.user_id,
    school_id: r.school_id,
    school_name: r.school_name,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    currency: r.currency,
    refund_owed_cents: Number(r.owed),
    in_runs_cents: Number(r.in_runs),
  }));
  return {
    calendar_year: calendarYear,
    totals: totals(
      students,
      (s) => s.currency,
      (s) => s.refund_owed_cents,
    ).map(([currency, t]) => ({ currency, refund_owed_cents: t.amount, students: t.students })),
    students,
  };
}

export function refundsOwedCsv(report: RefundsOwedReport): string {
  return toCsv([
    ['School', 'Last name', 'First name', 'Email', 'Currency', 'Refund owed', 'In refund runs'],
    ...report.students.map((s) => [
      s.school_name,
      s.last_name,
      s.first_name,
      s.email,
      s.currency,
      dollars(s.refund_owed_cents),
      dollars(s.in_runs_cents),
    ]),
  ]);
}
