import {
  calendarYearParams,
  productsResponse,
  saveProductsBody,
  saveProductsResponse,
  schoolProductsSchema,
  schoolYearParams,
} from '@banksia/contracts/payments-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './products.service';

/** Who runs payments: content staff and payments staff. */
export const paymentsStaff = { access: access.role('content_admin', 'payments_admin') };

/** The school-class product editor's API (/content/admin/school-class-product-editor/…). */
export function productsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payments'];

    app.get(
      '/api/v1/payments/products/:calendarYear/',
      {
        config: paymentsStaff,
        schema: {
          summary: "List a year's products of every school",
          tags,
          params: calendarYearParams,
          response: { 200: productsResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.listProducts(deps, request.params.calendarYear);
      },
    );

    app.get(
      '/api/v1/payments/products/:calendarYear/:schoolId/',
      {
        config: paymentsStaff,
        schema: {
          summary: "Get a school's products for a year",
          tags,
          params: schoolYearParams,
          response: { 200: schoolProductsSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.getSchoolProducts(deps, request.params.calendarYear, request.params.schoolId);
      },
    );

    app.put(
      '/api/v1/payments/products/:calendarYear/:schoolId/',
      {
        config: paymentsStaff,
        schema: {
          summary: "Save a school's products for a year",
          tags,
          params: schoolYearParams,
          body: saveProductsBody,
          response: { 200: saveProductsResponse },
        },
      },
      async (request) =>
        service.saveProducts(
          deps,
          requireActor(request),
          request.params.calendarYear,
          request.params.schoolId,
          request.body,
          request.ip,
        ),
    );
  };
}
