import {
  calendarYearParams,
  owingQuery,
  refundsOwedResponse,
  studentsOwingResponse,
} from '@banksia/contracts/payments-admin';
import { csvFileName } from '@banksia/contracts/rules/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../platform/csv-download';
import type { AppDeps } from '../../platform/deps';
import { paymentsStaff } from './products.routes';
import * as service from './reports.service';
import { csvDownload } from '../../platform/openapi';

/** Students owing and refunds owed (JSON for the pages, CSV to download): payments and content staff. */
export function reportsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payments'];

    app.get(
      '/api/v1/payments/reports/students-owing/:calendarYear/',
      {
        config: paymentsStaff,
        schema: {
          summary: 'Get the students owing fees in a year',
          tags,
          params: calendarYearParams,
          querystring: owingQuery,
          response: { 200: studentsOwingResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.studentsOwing(deps, request.params.calendarYear, request.query.school_id);
      },
    );

    app.get(
      '/api/v1/payments/reports/students-owing/:calendarYear/csv/',
      {
        config: paymentsStaff,
        schema: {
          summary: 'Download the students owing fees as CSV',
          tags,
          params: calendarYearParams,
          querystring: owingQuery,
          response: { 200: csvDownload('The students owing fees, as a CSV file.') },
        },
      },
      async (request, reply) => {
        const report = await service.studentsOwing(deps, request.params.calendarYear, request.query.school_id);
        const name = csvFileName(
          'students-owing',
          report.calendar_year,
          report.school_id ? `school-${report.school_id}` : '',
        );
        return sendCsv(reply, name, service.studentsOwingCsv(report));
      },
    );

    app.get(
      '/api/v1/payments/reports/refunds-owed/:calendarYear/',
      {
        config: paymentsStaff,
        schema: {
          summary: 'Get the refunds owed for a year',
          tags,
          params: calendarYearParams,
          response: { 200: refundsOwedResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.refundsOwed(deps, request.params.calendarYear);
      },
    );

    app.get(
      '/api/v1/payments/reports/refunds-owed/:calendarYear/csv/',
      {
        config: paymentsStaff,
        schema: {
          summary: 'Download the refunds owed as CSV',
          tags,
          params: calendarYearParams,
          response: { 200: csvDownload('The refunds owed, as a CSV file.') },
        },
      },
      async (request, reply) => {
        const report = await service.refundsOwed(deps, request.params.calendarYear);
        return sendCsv(reply, csvFileName('refunds-owed', report.calendar_year), service.refundsOwedCsv(report));
      },
    );
  };
}
