import type { RouteObject } from 'react-router';

/** Content staff pages (inside the content_admin guard): the video library and captions (ADR 034). */
export const contentAdminRoutes: RouteObject[] = [
  {
    path: 'content/admin/videos',
    handle: { name: 'content-admin-videos' },
    lazy: async () => ({ Component: (await import('../../features/videos/routes/videos-page')).VideosRoute }),
  },
  {
    path: 'content/admin/captions',
    handle: { name: 'content-admin-captions' },
    lazy: async () => ({
      Component: (await import('../../features/videos/routes/caption-courses-page')).CaptionCoursesRoute,
    }),
  },
  {
    path: 'content/admin/captions/review',
    handle: { name: 'content-admin-caption-review' },
    lazy: async () => ({
      Component: (await import('../../features/videos/routes/caption-review-courses-page')).CaptionReviewCoursesRoute,
    }),
  },
  {
    path: 'content/admin/captions/review/:courseId',
    handle: { name: 'content-admin-course-caption-review' },
    lazy: async () => ({
      Component: (await import('../../features/videos/routes/course-caption-review-page')).CourseCaptionReviewRoute,
    }),
  },
  {
    path: 'content/admin/captions/:courseId',
    handle: { name: 'content-admin-course-captions' },
    lazy: async () => ({
      Component: (await import('../../features/videos/routes/course-captions-page')).CourseCaptionsRoute,
    }),
  },
];
