import type { RosterAction, RosterStep } from '@banksia/contracts/rosters';
import type { Decision, Method, Override, Records, RosterState } from './plan.types';

/** What every step of the plan works with: the file's records, the school's state, and what the plan holds so far. */
export interface PlanContext {
  records: Records;
  state: RosterState;
  decisions: Decision[];
  /** Problems that stop an apply (e.g. a new class without a course). */
  blockers: string[];
  /** A person's override of a record in a step, if any. */
  take: (step: RosterStep, key: string) => Override | undefined;
}

/** Where each code of the file stands once its step is decided: an existing row's id, new, or left alone. */
export type Placement = Map<string, number | 'new' | 'skip'>;

export function planContext(records: Records, state: RosterState, overrides: Override[]): PlanContext {
  const overrideOf = new Map(overrides.map((o) => [`${o.step}\u0000${o.recordKey}`, o]));
  return {
    records,
    state,
    decisions: [],
    blockers: [],
    take: (step, key) => overrideOf.get(`${step}\u0000${key}`),
  };
}

export const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** Fields an import may write, each only while it still holds what the last import wrote (else it was edited here). */
export function fieldChanges(
  current: Record<string, string>,
  incoming: Record<string, string>,
  imported: Record<string, unknown> | undefined,
): { changes: Record<string, { from: string; to: string }>; kept: string[] } {
  const changes: Record<string, { from: string; to: string }> = {};
  const kept: string[] = [];
  for (const [field, to] of Object.entries(incoming)) {
    const from = current[field] ?? '';
    if (!to || from === to) continue;
    const last = imported?.[field];
    if (imported && last !== undefined && last !== from) kept.push(field);
    else changes[field] = { from, to };
  }
  return { changes, kept };
}

export function d(
  step: RosterStep,
  recordKey: string,
  action: RosterAction,
  method: Method,
  internalId: number | null,
  suggestionId: number | null,
  details: Record<string, unknown>,
  decidedBy?: number | null,
): Decision {
  return { step, recordKey, action, method, internalId, suggestionId, details, decidedBy: decidedBy ?? null };
}
