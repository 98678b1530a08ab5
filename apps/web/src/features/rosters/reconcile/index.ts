// What the rest of the rosters feature uses of reconciling a dataset.
export { confirmMapping, useConfirmMapping } from './api/confirm-mapping';
export { getStep, stepQueryOptions, useStep } from './api/get-step';
export { overrideDecision, useOverride, type OverrideInput } from './api/override-decision';
