import type { examAuthoringSchema, ExamAuthoring, PublishExamBody } from '@banksia/contracts/exam-authoring';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';

export async function publishExam(examId: number, body: PublishExamBody): Promise<ExamAuthoring> {
  return unwrap(
    await postJson<Answer<typeof examAuthoringSchema>>(urlFor('api:admin-exam-publish', { examId }), body, {}),
  );
}
