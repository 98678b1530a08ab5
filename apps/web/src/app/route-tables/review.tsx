import type { RouteObject } from 'react-router';

// Spaced retrieval (issue 6 item 5). The spec names the area but not its paths; ours are:
//   /review/                    "Today's review": the signed-in student's daily set, across their classes
//                               (named route 'review'; API GET /api/v1/review/ and
//                               POST /api/v1/classes/{classId}/review/questions/{questionId}/answer/).
//   /class/{classId}/review/    "Topics to revisit": the topics the class keeps missing, for its teachers
//                               (named route 'class-review-topics'; API GET /api/v1/classes/{classId}/review/topics/).

/** Pages inside a class (children of /class/:classId, which loads the class's course once). */
export const classRoutes: RouteObject[] = [
  {
    path: 'review',
    handle: { name: 'class-review-topics' },
    lazy: async () => ({ Component: (await import('../routes/review-topics-page')).ReviewTopicsRoute }),
  },
];

/** Signed-in pages outside a class. */
export const signedInRoutes: RouteObject[] = [
  {
    path: 'review',
    handle: { name: 'review' },
    lazy: async () => ({ Component: (await import('../routes/review-today-page')).ReviewTodayRoute }),
  },
];
