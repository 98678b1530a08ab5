import type { demoCheckSchema, DemoCheck, DemoCheckBody } from '@banksia/contracts/exam-api';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';

/** Marks one answer of a demo question set (api:demo-question-set-check); the server stores nothing. */
export async function checkDemoAnswer(examId: number, body: DemoCheckBody): Promise<DemoCheck> {
  return unwrap(
    await postJson<Answer<typeof demoCheckSchema>>(urlFor('api:demo-question-set-check', { examId }), body, {}),
  );
}

/** A check changes nothing on the server, so no query is invalidated: the page keeps the result itself. */
export function useCheckDemoAnswer(examId: number) {
  return useMutation({ mutationFn: (body: DemoCheckBody) => checkDemoAnswer(examId, body) });
}
