import type { Row } from './matrix';
import { at, everyone, signedIn } from './personas';

/** Signing in, accounts and users, support, jobs and outbox, staff reports: the platform's own routes. */
export const accountsRows: Record<string, Row> = {
  'GET /healthz': { allow: everyone },
  'GET /livez': { allow: everyone },
  'GET /readyz': { allow: everyone },
  // Loopback (app.inject's address) or a token: see metrics.test.ts for the refusals.
  'GET /metrics': { allow: everyone },
  'GET /api/docs': { allow: everyone },
  'GET /api/v1/csrf/': { allow: everyone },
  'POST /api/v1/auth/login/': { allow: everyone, payload: () => ({ email: 'nobody@x.test', password: 'x' }) },
  'POST /api/v1/auth/logout/': { allow: everyone },
  'GET /api/v1/auth/me/': { allow: signedIn },
  'GET /api/v1/auth/session/': { allow: everyone },
  'PATCH /api/v1/auth/profile/': { allow: signedIn, payload: () => ({ first_name: 'Same', last_name: 'Name' }) },
  'POST /api/v1/auth/password/': {
    allow: signedIn,
    payload: () => ({ current_password: 'wrong', new_password: 'long enough pw' }),
  },
  'GET /api/v1/users/': { allow: ['staff'] },
  'GET /api/v1/users/:userId/': { allow: ['staff'] },
  'GET /api/v1/users/:userId/get_roles/': { allow: ['staff'] },
  'POST /api/v1/users/:userId/save_role/': { allow: ['staff'], payload: () => ({ role: 'student', granted: true }) },
  'POST /api/v1/users/:userId/active/': { allow: ['staff'], payload: () => ({ is_active: true }) },
  'GET /api/v1/users/:userId/sign-ins/': { allow: ['staff'] },
  'GET /api/v1/schools/': { allow: signedIn },
  'GET /api/v1/config/': { allow: everyone },
  'POST /api/v1/support/requests/': {
    allow: everyone,
    payload: () => ({ message: 'Hi', email: 'a@b.test', page: '/' }),
  },
  'GET /api/v1/support/requests/': { allow: ['staff'] },
  'POST /api/v1/support/requests/:requestId/resolve/': { allow: ['staff'] },
  'POST /api/v1/analytics/': {
    allow: everyone,
    payload: () => ({ items: [{ kind: 'page_view', name: 'home', origin: null, occurred_at: at, path: '/' }] }),
  },
  'POST /api/v1/client-errors/': { allow: everyone, payload: () => ({ message: 'x', path: '/' }) },
  // Jobs, email outbox, set-password links (one block). The `:token`, `:id` placeholders stay in the URL: the
  // public link routes answer 400 (not a valid link) to everyone, the staff routes 400 to staff and 401/403 first to
  // everyone else.
  'POST /api/v1/auth/password-reset/': { allow: everyone, payload: () => ({ email: 'nobody@example.test' }) },
  'GET /api/v1/auth/password-token/:token/': { allow: everyone },
  'POST /api/v1/auth/password-token/:token/': { allow: everyone, payload: () => ({ new_password: 'long enough pw' }) },
  // The fixture's student has no password: staff send them a new invitation (school admins of their school may too).
  // A school admin may resend invitations to their own school's users: another school's admin gets 404 for ours.
  'POST /api/v1/users/:userId/resend-invitation/': { allow: ['staff', 'foreignAdmin'] },
  'GET /api/v1/admin/jobs/': { allow: ['staff'] },
  'POST /api/v1/admin/jobs/:id/retry/': { allow: ['staff'] },
  'GET /api/v1/admin/outbox/': { allow: ['staff'] },
  'GET /api/v1/admin/outbox/:id/': { allow: ['staff'] },
  // Staff reports, and the school email domains they read.
  'GET /api/v1/reports/profiles-without-email-at-domain/': { allow: ['staff'] },
  'GET /api/v1/reports/profiles-without-email-at-domain/csv/': { allow: ['staff'] },
  'GET /api/v1/reports/sales-leads/': { allow: ['staff'] },
  'GET /api/v1/reports/sales-leads/csv/': { allow: ['staff'] },
  'PUT /api/v1/schools/:schoolId/email-domains/': { allow: ['staff'], payload: () => ({ email_domains: [] }) },
  'PUT /api/v1/schools/:schoolId/time-zone/': { allow: ['staff'], payload: () => ({ time_zone: 'Australia/Perth' }) },
};
