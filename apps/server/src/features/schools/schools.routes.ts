import { schoolClassesQuery, schoolClassesResponse } from '@banksia/contracts/courses';
import {
  schoolDashboardResponse,
  schoolExamParams,
  schoolExamResponse,
  schoolListResponse,
  schoolSlugParams,
  schoolYearQuery,
} from '@banksia/contracts/schools';
import {
  schoolEmailDomainsBody,
  schoolEmailDomainsParams,
  schoolEmailDomainsResponse,
  schoolTimeZoneBody,
  schoolTimeZoneResponse,
} from '@banksia/contracts/staff-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, hasRole, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as repo from './schools.repository';
import * as service from './schools.service';
import { idParam } from '@banksia/contracts/ids';

const schoolIdParams = z.object({ schoolId: idParam });

export function schoolsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff choose among every school; everyone else sees only their own schools.
    app.get(
      '/api/v1/schools/',
      { config: { access: access.signedIn }, schema: { tags: ['schools'], response: { 200: schoolListResponse } } },
      async (request) => {
        const actor = requireActor(request);
        return hasRole(actor, 'content_admin', 'roster_admin', 'payments_admin')
          ? repo.allSchools(deps.db)
          : repo.schoolsOfUser(deps.db, actor.userId);
      },
    );

    // The class list of /account/school/{year}/ and the school dashboard.
    app.get(
      '/api/v1/schools/:schoolId/classes/',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['schools'],
          params: schoolIdParams,
          querystring: schoolClassesQuery,
          response: { 200: schoolClassesResponse },
        },
      },
      async (request) =>
        service.schoolClasses(deps, requireActor(request), request.params.schoolId, request.query.year),
    );

    // api:school-dashboard — /school/{schoolSlug}/: the school's teachers and admins, and content or roster staff.
    app.get(
      '/api/v1/school-dashboards/:schoolSlug/',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['schools'],
          params: schoolSlugParams,
          querystring: schoolYearQuery,
          response: { 200: schoolDashboardResponse },
        },
      },
      async (request) =>
        service.schoolDashboard(deps, requireActor(request), request.params.schoolSlug, request.query.year),
    );

    // api:school-exam — /school/{schoolSlug}/{year}/exam/{examId}/: the same people as the dashboard.
    app.get(
      '/api/v1/school-dashboards/:schoolSlug/exams/:examId/',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['schools'],
          params: schoolExamParams,
          querystring: schoolYearQuery,
          response: { 200: schoolExamResponse },
        },
      },
      async (request) =>
        service.schoolExam(
          deps,
          requireActor(request),
          request.params.schoolSlug,
          request.params.examId,
          request.query.year,
        ),
    );

    // Content staff set where a school's own addresses live (read by the profiles-without-school-email report).
    app.put(
      '/api/v1/schools/:schoolId/email-domains/',
      {
        config: { access: access.role('content_admin') },
        schema: {
          tags: ['schools'],
          params: schoolEmailDomainsParams,
          body: schoolEmailDomainsBody,
          response: { 200: schoolEmailDomainsResponse },
        },
      },
      async (request) =>
        service.setEmailDomains(
          deps,
          requireActor(request),
          request.params.schoolId,
          request.body.email_domains,
          request.ip,
        ),
    );

    // Content staff set the school's time zone, whose days are the school's days (ADR 048), beside its domains.
    app.put(
      '/api/v1/schools/:schoolId/time-zone/',
      {
        config: { access: access.role('content_admin') },
        schema: {
          tags: ['schools'],
          params: schoolIdParams,
          body: schoolTimeZoneBody,
          response: { 200: schoolTimeZoneResponse },
        },
      },
      async (request) =>
        service.setTimeZone(deps, requireActor(request), request.params.schoolId, request.body.time_zone, request.ip),
    );
  };
}
