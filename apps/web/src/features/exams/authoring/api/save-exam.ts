import type { examAuthoringSchema, ExamAuthoring, SaveExamBody } from '@banksia/contracts/exam-authoring';
import { urlFor } from '../../../../lib/named-routes';
import { putJson, type Answer, type RequestResult } from '../../../../lib/request';

/** One save of the editor; resolves with the request's result (the autosave reads 400 and 409 itself). */
export function saveExam(examId: number, body: SaveExamBody): Promise<RequestResult<ExamAuthoring>> {
  return putJson<Answer<typeof examAuthoringSchema>>(urlFor('api:admin-exam', { examId }), body, {});
}
