import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../route-handle';
import * as authoringRoutes from './authoring';
import * as examAuthoringRoutes from './exam-authoring';
import * as paymentsRoutes from './payments';
import * as videoRoutes from './videos';

const handle = (name: string): RouteHandle => ({ name });

/**
 * Every page of the content staff (inside the content_admin guard): authoring, videos, payments admin and the staff
 * tools. The router adds this table when one of them is first opened (router.tsx, patchRoutesOnNavigation), so no
 * student's or teacher's page loads it.
 */
export const contentAdminRoutes: RouteObject[] = [
  ...authoringRoutes.contentAdminRoutes,
  ...examAuthoringRoutes.contentAdminRoutes,
  ...videoRoutes.contentAdminRoutes,
  ...paymentsRoutes.contentAdminRoutes,
  {
    path: 'content/admin/users/edit',
    handle: handle('content-admin-users'),
    lazy: async () => ({
      Component: (await import('../../features/accounts/routes/users-list-page')).UsersListRoute,
    }),
  },
  {
    path: 'content/admin/users/edit/:id',
    handle: handle('content-admin-user-edit'),
    lazy: async () => ({
      Component: (await import('../routes/user-edit-page')).UserEditWithStudentDataRoute,
    }),
  },
  {
    path: 'content/admin/activity',
    handle: handle('content-admin-activities'),
    lazy: async () => ({
      Component: (await import('../../features/activities/authoring/activity-list-page')).ActivityListRoute,
    }),
  },
  {
    path: 'content/admin/activity/edit',
    handle: handle('content-admin-activity-new'),
    lazy: async () => ({
      Component: (await import('../../features/activities/authoring/activity-edit-page')).ActivityEditRoute,
    }),
  },
  {
    path: 'content/admin/activity/edit/:activityId',
    handle: handle('content-admin-activity-edit'),
    lazy: async () => ({
      Component: (await import('../../features/activities/authoring/activity-edit-page')).ActivityEditRoute,
    }),
  },
  {
    path: 'content/admin/support',
    handle: handle('content-admin-support'),
    lazy: async () => ({
      Component: (await import('../../features/support/routes/support-inbox-page')).SupportInboxRoute,
    }),
  },
  {
    path: 'content/admin/jobs',
    handle: handle('content-admin-jobs'),
    lazy: async () => ({
      Component: (await import('../../features/jobs/routes/jobs-page')).JobsRoute,
    }),
  },
  {
    path: 'content/admin/profiles-without-email-at-domain-report',
    handle: handle('content-admin-email-domain-report'),
    lazy: async () => ({
      Component: (await import('../../features/staff-reports/routes/email-domain-report-page')).EmailDomainReportRoute,
    }),
  },
  {
    path: 'sales-lead/report',
    handle: handle('sales-lead-report'),
    lazy: async () => ({
      Component: (await import('../../features/staff-reports/routes/sales-lead-report-page')).SalesLeadReportRoute,
    }),
  },
  {
    path: 'content/admin/setup-teacher-trial',
    handle: handle('content-admin-setup-teacher-trial'),
    lazy: async () => ({
      Component: (await import('../../features/trials/routes/setup-teacher-trial-page')).SetupTeacherTrialRoute,
    }),
  },
  {
    path: 'content/admin/anon-trial-classes',
    handle: handle('content-admin-anon-trial-classes'),
    lazy: async () => ({
      Component: (await import('../../features/trials/routes/anon-trial-classes-page')).AnonTrialClassesRoute,
    }),
  },
  {
    path: 'content/admin/anon-trial-accounts',
    handle: handle('content-admin-anon-trial-accounts'),
    lazy: async () => ({
      Component: (await import('../../features/trials/routes/anon-trial-accounts-page')).AnonTrialAccountsRoute,
    }),
  },
  {
    path: 'content/admin/welcome-emails',
    handle: handle('content-admin-welcome-emails'),
    lazy: async () => ({
      Component: (await import('../../features/welcome-emails/routes/welcome-emails-page')).WelcomeEmailsRoute,
    }),
  },
  {
    path: 'content/admin/outbox',
    handle: handle('content-admin-outbox'),
    lazy: async () => ({
      Component: (await import('../../features/outbox/routes/outbox-page')).OutboxRoute,
    }),
  },
  {
    path: 'content/admin/outbox/:messageId',
    handle: handle('content-admin-outbox-message'),
    lazy: async () => ({
      Component: (await import('../../features/outbox/routes/outbox-message-page')).OutboxMessageRoute,
    }),
  },
];
