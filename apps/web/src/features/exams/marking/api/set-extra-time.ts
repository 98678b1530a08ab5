import type { extraTimeSchema, ClassSittings, ExtraTime } from '@banksia/contracts/exam-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { putJson, type Answer } from '../../../../lib/request';
import { classSittingsKey, type ClassExamParams } from './get-class-sittings';

/** Sets a student's extra minutes in a class, for every timed exam (PUT api:class-student-extra-time; teachers). */
export async function setExtraTime(
  params: { classId: number; profileId: number },
  minutes: number,
): Promise<ExtraTime> {
  return unwrap(
    await putJson<Answer<typeof extraTimeSchema>>(urlFor('api:class-student-extra-time', params), { minutes }),
  );
}

/**
 * Sets one student's extra time. Extra time belongs to the student in the class, not to one exam, so every cached
 * sittings list of the class takes the new value.
 */
export function useSetExtraTime(params: ClassExamParams, profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => setExtraTime({ classId: params.classId, profileId }, minutes),
    onSuccess: (answer) => {
      queryClient.setQueriesData<ClassSittings>(
        { queryKey: classSittingsKey(params).slice(0, 3) },
        (sittings) =>
          sittings && {
            ...sittings,
            students: sittings.students.map((student) =>
              student.profile_id === answer.profile_id ? { ...student, extra_time_minutes: answer.minutes } : student,
            ),
          },
      );
    },
  });
}
