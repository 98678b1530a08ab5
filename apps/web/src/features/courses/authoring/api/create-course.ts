import type {
  createCourseResponse,
  CreateCourseBody,
  CreateCourseResponse,
} from '@banksia/contracts/authoring-courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';

/** Makes a course, empty or as a copy of another (POST api:admin-courses). */
export async function createCourse(body: CreateCourseBody): Promise<CreateCourseResponse> {
  return unwrap(await postJson<Answer<typeof createCourseResponse>>(urlFor('api:admin-courses'), body));
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['authoring'] }),
  });
}
