/**
 * What other features and the app may use of classes. Classes own the enrolments table: payments changes enrolment
 * statuses through `setEnrolmentStatuses` and follows roster changes through `whenEnrolmentsChange`.
 */
export { classesRoutes } from './classes.routes';
export { loadClassAccess, setEnrolmentStatuses } from './classes.service';
export type { ClassAccess } from './classes.policy';
export { activationLink } from './classes.presenter';
export { newActivationCode, requireManagerAt, updateClassDetailsAsStaff } from './class-management.service';
export { whenEnrolmentsChange, type EnrolmentChange } from './enrolment-changes';
