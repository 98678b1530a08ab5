import type { RouteObject } from 'react-router';

/** The class editor and the class-list uploader (signed in; the router adds them on the first visit to one). */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'class-management/my-school',
    handle: { name: 'class-management' },
    lazy: async () => ({ Component: (await import('../routes/class-management-page')).ClassManagementRoute }),
  },
  {
    path: 'class-list-uploader',
    handle: { name: 'class-list-uploader' },
    lazy: async () => ({ Component: (await import('../routes/class-list-uploader-page')).ClassListUploaderRoute }),
  },
];
