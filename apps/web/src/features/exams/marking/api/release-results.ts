import type { releaseResultsSchema, ClassSittings, ReleaseResults } from '@banksia/contracts/exam-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { examKeys } from '../../api/query-keys';
import { classSittingsKey, type ClassExamParams } from './get-class-sittings';

/** Releases (true) or holds (false) a class's results of an exam (POST api:class-exam-release; teachers). */
export async function releaseResults(params: ClassExamParams, released: boolean): Promise<ReleaseResults> {
  return unwrap(
    await postJson<Answer<typeof releaseResultsSchema>>(urlFor('api:class-exam-release', params), { released }),
  );
}

/** Releases or holds the results; the class's sittings (names shown and hidden) take the new released_at. */
export function useReleaseResults(params: ClassExamParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (released: boolean) => releaseResults(params, released),
    onSuccess: async (answer) => {
      queryClient.setQueriesData<ClassSittings>({ queryKey: classSittingsKey(params) }, (sittings) =>
        sittings ? { ...sittings, released_at: answer.released_at } : sittings,
      );
      // The class's standing on the exam (released_at) as the exam pages read it.
      await queryClient.invalidateQueries({ queryKey: examKeys.classes(params.examId) });
    },
  });
}
