import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The signed-in user as /api/v1/auth/me/ shows them. */
export interface Me {
  user: { id: number };
  profiles: { profile_id: number; kind: string }[];
  classes: { id: number; title: string; course_id: number }[];
}

export async function me(page: Page): Promise<Me> {
  return (await page.request.get('/api/v1/auth/me/')).json();
}

interface LessonWithActivities {
  id: number;
  title: string;
  activities: { id: number; title: string }[];
}

/** A lesson of a class's course, found by title, with its activities. */
export async function lessonByTitle(page: Page, classId: number, title: string): Promise<LessonWithActivities> {
  const assemblage = await (await page.request.get(`/api/v1/classes/${classId}/assemblage/`)).json();
  const lesson = Object.values(assemblage.lessons as Record<string, LessonWithActivities>).find(
    (l) => l.title === title,
  );
  expect(lesson, `lesson ${title}`).toBeTruthy();
  return lesson!;
}

/** JSON calls as the signed-in user, with the CSRF header unsafe methods need. */
export async function apiWriter(request: APIRequestContext) {
  const { csrf_token: token } = await (await request.get('/api/v1/csrf/')).json();
  const headers = { 'X-CSRFToken': token as string };
  return {
    post: (url: string, data: unknown) => request.post(url, { data, headers }),
    put: (url: string, data: unknown) => request.put(url, { data, headers }),
    patch: (url: string, data: unknown) => request.patch(url, { data, headers }),
  };
}

export const responseUrl = (activityId: number, classId: number) =>
  `/api/v1/activities/activities/${activityId}/classes/${classId}/response/`;

/** An exam or question set of a class's course, found by title in the class's assemblage. */
export async function examByTitle(page: Page, classId: number, title: string): Promise<{ id: number; title: string }> {
  const assemblage = await (await page.request.get(`/api/v1/classes/${classId}/assemblage/`)).json();
  const exam = Object.values(assemblage.exams as Record<string, { id: number; title: string }>).find(
    (e) => e.title === title,
  );
  expect(exam, `exam ${title}`).toBeTruthy();
  return exam!;
}
