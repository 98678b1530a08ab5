import type { ErrorCode } from '@banksia/contracts/errors';
import { AppError } from './errors';
import type { Actor } from './session';

/**
 * Every action a policy decides, with the resource it decides on. Each feature declares its own actions in its
 * `.policy.ts` (by merging into this interface) and defines their rules there with `definePolicy`:
 *
 *     declare module '../../platform/authorize' {
 *       interface PolicyActions { 'class.teach': ClassAccess }
 *     }
 *     definePolicy({ 'class.teach': (actor, access) => access.teaches || access.staff });
 *
 * Route config (`access.role(...)`) is the coarse gate every route has (platform/authz.ts); `authorize` decides on
 * one resource (this class, this sitting, this dataset) once the service has loaded it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each feature's .policy.ts
export interface PolicyActions {}

export type Action = keyof PolicyActions;

/** Whether the actor may perform the action on the resource. */
export type Rule<A extends Action> = (actor: Actor, resource: PolicyActions[A]) => boolean;

const rules = new Map<string, (actor: Actor, resource: never) => boolean>();

/** Defines the rules of a feature's actions; called once by its `.policy.ts` as the module loads. */
export function definePolicy<A extends Action>(table: { [K in A]: Rule<K> }): void {
  for (const [action, rule] of Object.entries(table)) rules.set(action, rule as (actor: Actor, r: never) => boolean);
}

/** Whether the actor may perform the action on the resource (for choosing what to show). */
export function can<A extends Action>(actor: Actor, action: A, resource: PolicyActions[A]): boolean {
  const rule = rules.get(action);
  // A policy module is imported by the service that uses its actions, so a missing rule is a wiring bug.
  if (!rule) throw new Error(`No policy defines the action ${action}`);
  return (rule as (actor: Actor, resource: PolicyActions[A]) => boolean)(actor, resource);
}

/**
 * Refuses (403, or `refusal`: `not_found` where a resource's existence must not show, or an AppError carrying the
 * feature's own message such as "No such course.") unless the actor may perform
 * the action on the resource; answers the resource, so a service loads and checks in one line:
 * `const { klass } = authorize(actor, 'class.teach', await loadClassAccess(deps, actor, classId));`
 */
export function authorize<A extends Action, R extends PolicyActions[A]>(
  actor: Actor,
  action: A,
  resource: R,
  refusal: ErrorCode | AppError = 'forbidden',
): R {
  if (!can(actor, action, resource)) throw typeof refusal === 'string' ? new AppError(refusal) : refusal;
  return resource;
}
