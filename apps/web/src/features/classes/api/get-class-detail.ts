import type { ClassDetail, RawClassDetail } from '@banksia/contracts/classes';
import { AccessStatus } from '@banksia/contracts/rules/class-kinds';
import { toClassDetail } from '@banksia/contracts/rules/class-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { CLASS_DOMAIN_RETRY, getJson } from '../../../lib/request';

/** A class with its roster, plus the students whose access is LOCKED (ClassDetail itself drops access status). */
export interface ClassRoster {
  detail: ClassDetail;
  lockedProfileIds: ReadonlySet<number>;
}

/** Turns the raw api:class-detail answer (checked by the server against rawClassDetailSchema) into a ClassRoster. */
export function toClassRoster(raw: RawClassDetail): ClassRoster {
  const locked = raw.enrolments.filter((e) => e.access_status === AccessStatus.LOCKED).map((e) => e.profile.id);
  return { detail: toClassDetail(raw), lockedProfileIds: new Set(locked) };
}

/** A class's detail and roster (its teachers and staff only). */
export async function getClassDetail(classId: number, signal?: AbortSignal): Promise<ClassRoster> {
  return unwrap(
    await getJson<ClassRoster>(urlFor('api:class-detail', { classId }), {
      signal,
      retry: CLASS_DOMAIN_RETRY,
      transform: (body) => toClassRoster(body as RawClassDetail),
    }),
  );
}

export function classDetailQueryOptions(classId: number) {
  return queryOptions({
    queryKey: ['classes', 'detail', classId],
    queryFn: ({ signal }) => getClassDetail(classId, signal),
  });
}

export function useClassDetail(classId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...classDetailQueryOptions(classId), enabled });
}
