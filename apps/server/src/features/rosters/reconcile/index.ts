/** Reconciling a roster dataset: the plan of what applying it does, and people's overrides of its decisions. */
export type { Plan, Records } from './plan.types';
export { getStep, planFor, writeDecisions } from './reconcile.service';
export { reconcileRoutes } from './reconcile.routes';
