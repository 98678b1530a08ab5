import type { examAuthoringSchema, CreateExamBody, ExamAuthoring } from '@banksia/contracts/exam-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { authoringExamQuery } from './get-authoring-exam';
import { authoringQueryKey } from './query-keys';

export async function createExam(body: CreateExamBody): Promise<ExamAuthoring> {
  return unwrap(await postJson<Answer<typeof examAuthoringSchema>>(urlFor('api:admin-exams'), body));
}

export function useCreateExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExam,
    onSuccess: (exam) => {
      queryClient.setQueryData(authoringExamQuery(exam.id).queryKey, exam);
      void queryClient.invalidateQueries({ queryKey: [...authoringQueryKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...authoringQueryKey, 'options'] });
    },
  });
}
