import { userIdParams } from '@banksia/contracts/accounts';
import { eraseStudentBody, eraseStudentResponse } from '@banksia/contracts/student-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './student-data.service';
import { zipDownload } from '../../platform/openapi';

/**
 * A student's data (issue 18 §6): content staff, and school admins for students of the schools where they teach,
 * download everything held about a student as a zip, or erase the student.
 */
export function studentDataRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: access.role('content_admin', 'school_admin') };
    const tags = ['student-data'];

    app.get(
      '/api/v1/student-data/users/:userId/export/',
      {
        config,
        schema: {
          tags,
          params: userIdParams,
          summary: "Download a student's data",
          response: { 200: zipDownload('Everything held about the student, as a zip file.') },
        },
      },
      async (request, reply) => {
        const { fileName, stream } = await service.exportStudentData(
          deps,
          requireActor(request),
          request.params.userId,
          request.ip,
          request.log,
        );
        return reply
          .type('application/zip')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(stream);
      },
    );

    app.post(
      '/api/v1/student-data/users/:userId/erase/',
      {
        config,
        schema: {
          tags,
          params: userIdParams,
          body: eraseStudentBody,
          summary: 'Erase a student',
          response: { 200: eraseStudentResponse },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.eraseStudent(
          deps,
          requireActor(request),
          request.params.userId,
          request.body.confirm_name,
          request.ip,
        );
      },
    );
  };
}
