import {
  profilesWithoutSchoolEmailQuery,
  profilesWithoutSchoolEmailResponse,
  salesLeadQuery,
  salesLeadResponse,
} from '@banksia/contracts/staff-reports';
import { csvFileName } from '@banksia/contracts/rules/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './staff-reports.service';
import { csvDownload } from '../../platform/openapi';
import { sendCsv } from '../../platform/csv-download';

/** Content staff's reports: JSON for the pages, and the same rows as a CSV download. */
export function staffReportsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = { access: access.role('content_admin') };
    const tags = ['reports'];

    app.get(
      '/api/v1/reports/profiles-without-email-at-domain/',
      {
        config: staff,
        schema: {
          tags,
          querystring: profilesWithoutSchoolEmailQuery,
          response: { 200: profilesWithoutSchoolEmailResponse },
        },
      },
      async (request) => service.profilesWithoutSchoolEmail(deps, request.query),
    );

    app.get(
      '/api/v1/reports/profiles-without-email-at-domain/csv/',
      {
        config: staff,
        schema: {
          summary: "Download the profiles without an email at their school's domain as CSV",
          tags,
          querystring: profilesWithoutSchoolEmailQuery,
          response: { 200: csvDownload("The profiles without an email at their school's domain, as a CSV file.") },
        },
      },
      async (request, reply) => {
        const report = await service.profilesWithoutSchoolEmail(deps, request.query);
        return sendCsv(
          reply,
          csvFileName('profiles-without-school-email', report.year),
          service.profilesWithoutSchoolEmailCsv(report),
        );
      },
    );

    app.get(
      '/api/v1/reports/sales-leads/',
      { config: staff, schema: { tags, querystring: salesLeadQuery, response: { 200: salesLeadResponse } } },
      async (request) => service.salesLeads(deps, request.query),
    );

    app.get(
      '/api/v1/reports/sales-leads/csv/',
      {
        config: staff,
        schema: {
          summary: 'Download the teacher trial leads as CSV',
          tags,
          querystring: salesLeadQuery,
          response: { 200: csvDownload('The teacher trial leads, as a CSV file.') },
        },
      },
      async (request, reply) => {
        const report = await service.salesLeads(deps, request.query);
        return sendCsv(reply, csvFileName('teacher-trial-leads', report.year), service.salesLeadsCsv(report));
      },
    );
  };
}
