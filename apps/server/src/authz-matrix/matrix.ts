import { describe, expect, it } from 'vitest';
import { useTestApp, type TestClient } from '../../test/harness';
import { actors, usePersonas, type ActorName, type Fixture } from './personas';

/**
 * The authorization matrix: every route the app registers declares which actors may call it, and each
 * is called as each actor. The rows are split by route family (`*.rows.ts`, each run by its `*.test.ts` against a
 * fixture of its own); every-route.test.ts checks that every route has a row in one of them, so a route missing from
 * the matrix fails the suite.
 */

export interface Row {
  allow: readonly ActorName[];
  payload?: (f: Fixture) => unknown;
  /** A raw body (multipart, or an HTML form), with its content-type header, instead of JSON. */
  multipart?: () => { payload: Buffer; headers: Record<string, string> };
}

/** A form post of the /secret/ admin, urlencoded as a browser sends it (the client adds the CSRF header). */
export const secretForm = (fields: Record<string, string>) => () => ({
  payload: Buffer.from(new URLSearchParams(fields).toString()),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Routes added by plugins (OpenAPI UI and its assets) are public documentation: one row covers them. */
export function rowKey(method: string, url: string): string | null {
  if (method === 'HEAD') return null; // Fastify adds HEAD for every GET; the GET row covers it
  if (url.startsWith('/api/docs')) return 'GET /api/docs';
  if (url.startsWith('/media/')) return 'GET /media/*'; // stored files (videos, captions, attachments)
  if (url.startsWith('/media-signed/')) return 'GET /media-signed/*'; // private files behind signed links
  return `${method} ${url}`;
}

function fill(url: string, f: Fixture): string {
  if (url.startsWith('/api/v1/rosters/')) {
    url = url
      .replace(':id', String(f.datasetId))
      .replace(':step', 'student_reconciliation')
      .replace(':recordId', String(f.decisionId));
  }
  return url
    .replace(':classId', String(f.classId))
    .replace(':userId', String(f.userId))
    .replace(':requestId', String(f.requestId))
    .replace(':courseId', String(f.courseId))
    .replace(':lessonId', String(f.lessonId))
    .replace(':chunkId', String(f.chunkId))
    .replace(':profileId', String(f.profileId))
    .replace(':schoolId', String(f.schoolId))
    .replace(':activityId', String(f.activityId))
    .replace(':activityResponseId', String(f.activityResponseId))
    .replace(':blockId', f.blockId)
    .replace(':examId', String(f.examId))
    .replace(':questionId', String(f.questionId))
    .replace(':sittingId', String(f.sittingId))
    .replace(':topicId', String(f.topicId))
    .replace(':sectionId', String(f.topicId))
    .replace(':attachmentId', '1')
    .replace(':taskItemId', String(f.taskItemId))
    .replace(':taskId', String(f.taskId))
    .replace(':schoolSlug', f.schoolSlug)
    .replace(':branchId', String(f.branchId))
    .replace(':videoId', '999999')
    .replace(':uploadId', 'no-such-upload-0000')
    .replace(':trackId', '999999')
    .replace(':nodeId', '999999')
    .replace(':stepId', '2000000000')
    .replace(':calendarYear', '2026')
    .replace(':itemId', '2000000000')
    .replace(':runId', '2000000000')
    .replace(':code', f.paymentLinkCode)
    .replace(':checkoutSessionId', 'cs_test_no_such_session_0000')
    .replace(':sessionId', 'cs_test_no_such_session_0000');
}

/** Calls each row's route as each persona, in the rows' order (a row may change the fixture for the ones after it). */
export function runMatrix(family: string, matrix: Record<string, Row>): void {
  const ctx = useTestApp();
  const state = usePersonas(ctx);
  describe(`authorization matrix: ${family}`, () => {
    const cases = Object.entries(matrix).flatMap(([key, row]) => actors.map((actor) => [key, actor, row] as const));
    it.each(cases)('%s as %s', async (key, actor, row) => {
      const [method, url] = key.split(' ') as [string, string];
      const client: TestClient = await ctx.client(state.userIds[actor]);
      const payload = row.payload?.(state.fixture);
      const response = await client.request({
        method: method as 'GET',
        url: fill(url, state.fixture),
        ...(payload === undefined ? {} : { payload: payload as object }),
        ...row.multipart?.(),
      });
      // A server-rendered page sends a signed-out visitor to sign in instead of answering 401.
      const toSignIn = response.statusCode === 303 && String(response.headers.location).startsWith('/account/?next=');
      const denied = response.statusCode === 401 || response.statusCode === 403 || toSignIn;
      const expected = row.allow.includes(actor) ? 'allowed' : 'denied';
      expect(
        denied ? 'denied' : 'allowed',
        `${key} as ${actor}: ${response.statusCode} ${response.body.slice(0, 200)}`,
      ).toBe(expected);
      if (toSignIn) expect(actor).toBe('anonymous');
      if (response.statusCode === 403) {
        if (String(response.headers['content-type']).startsWith('text/html')) {
          expect(response.body).toContain('What are you doing here?');
        } else {
          expect(response.json().code).toBe('forbidden');
        }
      }
    });
  });
}
