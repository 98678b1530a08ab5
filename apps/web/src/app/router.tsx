import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  type HydrationState,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { endSession, meQueryOptions } from '../features/accounts/index';
import { classAssemblageQueryOptions, userCourseProgressQueryOptions } from '../features/courses/catalogue/index';
import { RequireRole } from './guards/require-role';
import { RequireSignIn, requireSignInLoader } from './guards/require-sign-in';
import { AppLayout } from './layouts/app-layout';
import { RootError, RootHydrateFallback, RootLayout } from './layouts/root-layout';
import { ErrorPage } from './pages/error-page';
import { RouteError } from './pages/route-error';
import type { RouteHandle } from './route-handle';
import { idParam } from './route-params';
import * as gridsRoutes from './route-tables/grids';
import * as insightsRoutes from './route-tables/insights';
import * as tasksRoutes from './route-tables/tasks';
import * as reviewRoutes from './route-tables/review';
import * as markingRoutes from './route-tables/marking';
import * as paymentsRoutes from './route-tables/payments';

const handle = (name: string): RouteHandle => ({ name });

const SIGNED_IN_ROUTE_ID = 'signed-in';
const CONTENT_ADMIN_ROUTE_ID = 'content-admin';

/**
 * Route tables only some people use, added to the router the first time one of their pages is opened (see
 * patchRoutesOnNavigation): a student's first page does not load them.
 */
const LATER_TABLES: { path: RegExp; parent: string; load: () => Promise<RouteObject[]> }[] = [
  {
    // Authoring, videos, payments admin and the staff tools (inside the content_admin guard).
    path: /^\/(?:content\/admin|sales-lead)(?:\/|$)/,
    parent: CONTENT_ADMIN_ROUTE_ID,
    load: async () => (await import('./route-tables/content-admin')).contentAdminRoutes,
  },
  {
    // Teachers' school pages.
    path: /^\/school(?:\/|$)/,
    parent: SIGNED_IN_ROUTE_ID,
    load: async () => (await import('./route-tables/schools')).signedInRoutes,
  },
  {
    // The class editor and the class-list uploader (the classes feature).
    path: /^\/(?:class-management|class-list-uploader)(?:\/|$)/,
    parent: SIGNED_IN_ROUTE_ID,
    load: async () => (await import('./route-tables/classes')).signedInRoutes,
  },
  {
    // The roster tools (school uploader, the enrolinator), which guard their own roles.
    path: /^\/(?:school-uploader|content\/admin\/enrolinator)(?:\/|$)/,
    parent: SIGNED_IN_ROUTE_ID,
    load: async () => (await import('./route-tables/rosters')).signedInRoutes,
  },
];

/**
 * Every page of the app. Each route's `handle.name` is the stable name page views are recorded under.
 * Every page loads lazily (alongside the session request), so the first page of any visit stays small.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      errorElement: <RootError />,
      HydrateFallback: RootHydrateFallback,
      // Every page needs to know who is signed in; loading it first means no page renders without it.
      loader: async () => {
        await queryClient.ensureQueryData(meQueryOptions());
        return null;
      },
      children: [
        { index: true, handle: handle('root'), loader: () => redirect('/account/') },
        {
          Component: AppLayout,
          children: [
            {
              // Errors below show inside the app shell.
              errorElement: <RouteError />,
              children: [
                {
                  // Loads alongside the root loader's session request, so it costs no extra round trip.
                  path: 'account',
                  handle: handle('account'),
                  lazy: async () => ({ Component: (await import('./routes/account-page')).AccountRoute }),
                },
                {
                  path: 'account/logout',
                  handle: handle('account-logout'),
                  loader: async () => {
                    // The root loader may still be reading the session; its answer must land before signing out
                    // rather than after, where it would put the old session back.
                    await queryClient.ensureQueryData(meQueryOptions());
                    // The cached session is dropped by the signed-out page once it shows: dropping it here, while the
                    // signed-in page is still on screen, would make that page's guard send the browser to sign in.
                    await endSession();
                    return null;
                  },
                  lazy: async () => ({
                    Component: (await import('../features/accounts/routes/signed-out-page')).SignedOutRoute,
                  }),
                },
                // Set-password links and "Forgot password?" work signed out (a signed-in visitor may use them too).
                {
                  path: 'account/forgot-password',
                  handle: handle('account-forgot-password'),
                  lazy: async () => ({
                    Component: (await import('../features/accounts/routes/forgot-password-page')).ForgotPasswordRoute,
                  }),
                },
                {
                  path: 'account/set-password/:token',
                  handle: handle('account-set-password'),
                  lazy: async () => ({
                    Component: (await import('../features/accounts/routes/set-password-page')).SetPasswordRoute,
                  }),
                },
                // Demo lessons are open to everyone, signed in or not; nothing is recorded in them.
                {
                  path: 'demo/lesson/:lessonId',
                  handle: handle('demo-lesson'),
                  lazy: async () => ({ Component: (await import('./routes/demo-lesson-page')).DemoLessonRoute }),
                },
                {
                  path: 'demo/lesson/:lessonId/:index',
                  handle: handle('demo-lesson-chunk'),
                  lazy: async () => ({ Component: (await import('./routes/demo-lesson-page')).DemoLessonRoute }),
                },
                // Demo question sets too: answers stay in the browser tab, checks are marked but never stored.
                {
                  path: 'demo/question-set/:examId',
                  handle: handle('demo-question-set'),
                  lazy: async () => ({
                    Component: (await import('./routes/demo-question-set-page')).DemoQuestionSetRoute,
                  }),
                },
                {
                  path: 'demo/question-set/:examId/question/:questionId',
                  handle: handle('demo-question-set-question'),
                  lazy: async () => ({
                    Component: (await import('./routes/demo-question-set-page')).DemoQuestionSetQuestionRoute,
                  }),
                },
                // A payment link and the payment's result work signed out.
                ...paymentsRoutes.publicRoutes,
                {
                  id: SIGNED_IN_ROUTE_ID,
                  Component: RequireSignIn,
                  loader: requireSignInLoader(queryClient),
                  children: [
                    {
                      path: 'courses',
                      handle: handle('courses'),
                      lazy: async () => ({ Component: (await import('./routes/courses-page')).CoursesRoute }),
                    },
                    {
                      path: 'library',
                      handle: handle('library'),
                      lazy: async () => ({ Component: (await import('./routes/library-page')).LibraryRoute }),
                    },
                    {
                      path: 'library/access/:courseId',
                      handle: handle('library-access'),
                      lazy: async () => ({
                        Component: (await import('./routes/library-access-page')).LibraryAccessRoute,
                      }),
                    },
                    {
                      // Named route 'course' (spec §2): where the course jumper goes.
                      path: 'course/:courseId',
                      handle: handle('course'),
                      lazy: async () => ({ Component: (await import('./routes/course-page')).CourseRoute }),
                    },
                    {
                      path: 'account/school',
                      handle: handle('account-school'),
                      lazy: async () => ({
                        Component: (await import('./routes/account-school-page')).AccountSchoolRoute,
                      }),
                    },
                    {
                      path: 'account/school/:year',
                      handle: handle('account-school-year'),
                      lazy: async () => ({
                        Component: (await import('./routes/account-school-page')).AccountSchoolRoute,
                      }),
                    },
                    {
                      path: 'account/classes',
                      handle: handle('account-classes'),
                      lazy: async () => ({
                        Component: (await import('./routes/account-classes-page')).AccountClassesRoute,
                      }),
                    },
                    {
                      path: 'account/classes/:year',
                      handle: handle('account-classes-year'),
                      lazy: async () => ({
                        Component: (await import('./routes/account-classes-page')).AccountClassesRoute,
                      }),
                    },
                    {
                      // Every class page shares the class's course, loaded once by the layout.
                      path: 'class/:classId',
                      loader: ({ params }) => {
                        prefetchClassPage(queryClient, params.classId);
                        return null;
                      },
                      lazy: async () => ({ Component: (await import('./layouts/class-layout')).ClassLayout }),
                      children: [
                        ...gridsRoutes.classRoutes,
                        ...insightsRoutes.classRoutes,
                        ...tasksRoutes.classRoutes,
                        ...reviewRoutes.classRoutes,
                        ...markingRoutes.classRoutes,
                        {
                          // Inside the class layout, so the class bar leads back to the course and lessons.
                          path: 'lesson/:lessonId/notes/:profileId',
                          handle: handle('class-lesson-notes'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-lesson-notes-page')).ClassLessonNotesRoute,
                          }),
                        },
                        {
                          path: 'lesson/:lessonId/activity/:activityId',
                          handle: handle('class-lesson-activity'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-lesson-activity-page')).ClassLessonActivityRoute,
                          }),
                        },
                        {
                          index: true,
                          handle: handle('class'),
                          loader: ({ params }) => redirect(`/class/${params.classId ?? ''}/course/`),
                        },
                        {
                          path: 'course',
                          handle: handle('class-course'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-course-page')).ClassCourseRoute,
                          }),
                        },
                        {
                          path: 'course/:topicId',
                          handle: handle('class-course-topic'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-course-topic-page')).ClassCourseTopicRoute,
                          }),
                        },
                        {
                          path: 'lesson',
                          handle: handle('class-lessons'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-lessons-page')).ClassLessonsRoute,
                          }),
                        },
                        {
                          path: 'lesson/:lessonId',
                          handle: handle('class-lesson'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-lesson-page')).ClassLessonRoute,
                          }),
                        },
                        {
                          path: 'lesson/:lessonId/:index',
                          handle: handle('class-lesson-chunk'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-lesson-page')).ClassLessonChunkRoute,
                          }),
                        },
                        {
                          path: 'question-set/:examId',
                          handle: handle('class-question-set'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-question-set-page')).ClassQuestionSetRoute,
                          }),
                        },
                        {
                          path: 'question-set/:examId/question/:questionId',
                          handle: handle('class-question-set-question'),
                          lazy: async () => ({
                            Component: (await import('./routes/class-question-set-page')).ClassQuestionSetQuestionRoute,
                          }),
                        },
                      ],
                    },
                    {
                      // A teacher enters a student's paper answers (the page checks they teach the class).
                      path: 'exams/:examId/transcribe/:sectionId',
                      handle: handle('exam-transcribe'),
                      lazy: async () => ({
                        Component: (await import('./routes/exam-transcribe-page')).ExamTranscribeRoute,
                      }),
                    },
                    {
                      // The exam's pages share one layout: the exam, the viewer's classes and their sitting load once,
                      // and the open sitting's autosave keeps running between sections. `?class=` picks the class.
                      path: 'exams/:examId',
                      lazy: async () => ({
                        Component: (await import('../features/exams/sittings/index')).ExamLayout,
                      }),
                      children: [
                        {
                          index: true,
                          handle: handle('exam'),
                          lazy: async () => ({
                            Component: (await import('../features/exams/sittings/index')).ExamOverviewRoute,
                          }),
                        },
                        {
                          path: 'print',
                          handle: handle('exam-print'),
                          lazy: async () => ({
                            Component: (await import('../features/exams/sittings/index')).ExamPrintRoute,
                          }),
                        },
                        {
                          path: 'solutions/print',
                          handle: handle('exam-solutions-print'),
                          lazy: async () => ({
                            Component: (await import('../features/exams/sittings/index')).ExamSolutionsPrintRoute,
                          }),
                        },
                        {
                          path: 'mistakes',
                          handle: handle('exam-mistakes'),
                          lazy: async () => ({
                            Component: (await import('../features/exams/mistakes/index')).ExamMistakesRoute,
                          }),
                        },
                        {
                          path: 'mistakes/:questionId',
                          handle: handle('exam-mistake'),
                          lazy: async () => ({
                            Component: (await import('../features/exams/mistakes/index')).ExamMistakeRoute,
                          }),
                        },
                        {
                          path: 'mistakes/:questionId/solution',
                          handle: handle('exam-mistake-solution'),
                          lazy: async () => ({
                            Component: (await import('../features/exams/mistakes/index')).ExamMistakeSolutionRoute,
                          }),
                        },
                        {
                          path: ':sectionId',
                          handle: handle('exam-section'),
                          lazy: async () => ({
                            Component: (await import('../features/exams/sittings/index')).ExamSectionRoute,
                          }),
                        },
                        {
                          path: ':sectionId/solution',
                          handle: handle('exam-section-solution'),
                          lazy: async () => ({
                            Component: (await import('../features/exams/mistakes/index')).ExamSectionSolutionRoute,
                          }),
                        },
                      ],
                    },
                    ...gridsRoutes.signedInRoutes,
                    ...insightsRoutes.signedInRoutes,
                    ...tasksRoutes.signedInRoutes,
                    ...reviewRoutes.signedInRoutes,
                    ...paymentsRoutes.signedInRoutes,
                    {
                      path: 'account/profile',
                      handle: handle('account-profile'),
                      lazy: async () => ({
                        Component: (await import('../features/accounts/routes/profile-page')).ProfileRoute,
                      }),
                    },
                    {
                      // The content staff's pages: their route table loads on the first visit to one (see
                      // patchRoutesOnNavigation below), not with every student's and teacher's first page.
                      id: CONTENT_ADMIN_ROUTE_ID,
                      element: <RequireRole role="content_admin" />,
                      children: [],
                    },
                  ],
                },
                { path: '*', handle: handle('not-found'), element: <ErrorPage status={404} /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * Starts loading what every page of a class shows (its course, and a student's progress through it) as soon as the
 * address is known, alongside the page's code: the pages' queries then find it on the way rather than asking only
 * once their code has arrived and rendered. Nothing waits for it here; a failure shows on the page, as before.
 */
function prefetchClassPage(queryClient: QueryClient, rawClassId: string | undefined) {
  const classId = idParam(rawClassId);
  if (classId === null) return;
  void queryClient.prefetchQuery(classAssemblageQueryOptions(classId));
  void queryClient
    .ensureQueryData(meQueryOptions())
    .then((me) => {
      if (me?.classes.some((c) => c.id === classId && c.role === 'student')) {
        return queryClient.prefetchQuery(userCourseProgressQueryOptions(classId, me.user.id));
      }
      return undefined;
    })
    .catch(() => undefined);
}

/**
 * Adds a route table of LATER_TABLES the first time a page under it is opened (by link or typed address): React Router
 * asks here whenever a path has no route, or only one with parameters. Other paths load nothing; patching a table
 * twice adds nothing (React Router skips routes it already has).
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const tables = LATER_TABLES.filter((table) => table.path.test(path));
  for (const table of tables) patch(table.parent, await table.load());
};

/** The route with this id, anywhere in the tree. */
function findRoute(routes: RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const found = route.children && findRoute(route.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every page of the app, LATER_TABLES included, for the server to tell a page's address from one that is none (it
 * answers the latter 404, with the app's not-found page): an address is a page when a route other than the
 * not-found route matches it.
 */
export async function isPageAddress(pathname: string, routes: Promise<RouteObject[]>): Promise<boolean> {
  const matches = matchRoutes(await routes, pathname);
  return !!matches && matches.at(-1)?.route.handle?.name !== 'not-found';
}

/** createRoutes with every one of LATER_TABLES in place. */
export async function createCompleteRoutes(queryClient: QueryClient): Promise<RouteObject[]> {
  const routes = createRoutes(queryClient);
  for (const table of LATER_TABLES) {
    const parent = findRoute(routes, table.parent);
    if (!parent) throw new Error(`No route ${table.parent} to add a table to`);
    parent.children = [...(parent.children ?? []), ...(await table.load())];
  }
  return routes;
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient), { patchRoutesOnNavigation });
}

/**
 * The router of a page whose first HTML the server rendered (ADR 041): the modules of the page's routes are loaded
 * first and the loaders' answers come from the server, so the first render is the page as the HTML shows it (a lazy
 * route still loading would render the fallback instead, and the page would be built twice).
 */
export async function createHydratingRouter(queryClient: QueryClient, hydrationData: HydrationState) {
  const routes = createRoutes(queryClient);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes, { hydrationData, patchRoutesOnNavigation });
}
