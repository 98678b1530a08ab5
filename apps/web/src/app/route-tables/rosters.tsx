import type { RouteObject } from 'react-router';

/**
 * School roster uploaders and the enrolinator. Signed-in pages: roster and content staff use them for any school,
 * school admins for theirs; the API decides who may see what (a refusal shows the failure page).
 */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'school-uploader',
    handle: { name: 'school-uploader' },
    lazy: async () => ({
      Component: (await import('../../features/rosters/upload/routes/school-uploader-index-page'))
        .SchoolUploaderIndexRoute,
    }),
  },
  {
    // One page per source the server reads (GET /api/v1/rosters/sources/): edval-upload, banksia-upload…
    path: 'school-uploader/:page',
    handle: { name: 'school-uploader-page' },
    lazy: async () => ({
      Component: (await import('../../features/rosters/upload/routes/school-uploader-page')).SchoolUploaderRoute,
    }),
  },
  {
    path: 'content/admin/enrolinator',
    handle: { name: 'enrolinator' },
    lazy: async () => {
      const { EnrolinatorRoute } = await import('../../features/rosters/upload/routes/enrolinator-page');
      return { Component: () => <EnrolinatorRoute home /> };
    },
  },
  {
    path: 'content/admin/enrolinator/datasets',
    handle: { name: 'enrolinator-datasets' },
    lazy: async () => ({
      Component: (await import('../../features/rosters/upload/routes/enrolinator-page')).EnrolinatorRoute,
    }),
  },
  {
    path: 'content/admin/enrolinator/datasets/:id',
    handle: { name: 'enrolinator-dataset' },
    lazy: async () => ({ Component: (await import('../../features/rosters/apply/routes/dataset-page')).DatasetRoute }),
  },
  {
    path: 'content/admin/enrolinator/datasets/:id/:step',
    handle: { name: 'enrolinator-step' },
    lazy: async () => ({
      Component: (await import('../../features/rosters/reconcile/routes/dataset-step-page')).DatasetStepRoute,
    }),
  },
];
