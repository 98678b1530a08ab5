import type { eraseStudentResponse, EraseStudentResponse } from '@banksia/contracts/student-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';

/** Erases a student (POST api:student-data-erase) once their full name is typed; 400 names `confirm_name` otherwise. */
export async function eraseStudent(userId: number, confirmName: string): Promise<EraseStudentResponse> {
  return unwrap(
    await postJson<Answer<typeof eraseStudentResponse>>(urlFor('api:student-data-erase', { userId }), {
      confirm_name: confirmName,
    }),
  );
}

export function useEraseStudent(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) => eraseStudent(userId, confirmName),
    // The name changes wherever the student is shown (rosters, grids, the user page): everything is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
