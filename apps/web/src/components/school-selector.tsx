import type { schoolListResponse, School } from '@banksia/contracts/schools';
import { Select, type SelectProps } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { urlFor } from '../lib/named-routes';
import { getJson, type Answer } from '../lib/request';
import { unwrap } from './request-failure';

/** GET /api/v1/schools/: the schools the user may see (staff: all of them). */
export async function getSchools(signal?: AbortSignal): Promise<School[]> {
  return unwrap(await getJson<Answer<typeof schoolListResponse>>(urlFor('api:schools'), { signal }));
}

export function schoolsQueryOptions() {
  return queryOptions({
    queryKey: ['schools', 'list'],
    queryFn: ({ signal }) => getSchools(signal),
    staleTime: 5 * 60_000,
  });
}

export interface SchoolSelectorProps extends Omit<SelectProps<number>, 'data' | 'value' | 'onChange'> {
  value: number | null;
  onChange: (schoolId: number | null, school: School | null) => void;
}

/** A searchable dropdown of the schools from GET /api/v1/schools/ (spec §2, §9 placeholders). */
export function SchoolSelector({ value, onChange, error, ...selectProps }: SchoolSelectorProps) {
  const schools = useQuery(schoolsQueryOptions());
  const { data, byId } = useMemo(() => {
    const list = schools.data ?? [];
    return {
      data: list.map((school) => ({ value: school.id, label: school.name })),
      byId: new Map(list.map((school) => [school.id, school])),
    };
  }, [schools.data]);

  return (
    <Select<number>
      searchable
      nothingFoundMessage="No schools match"
      {...selectProps}
      data={data}
      value={value}
      onChange={(schoolId) => onChange(schoolId, schoolId === null ? null : (byId.get(schoolId) ?? null))}
      placeholder={schools.isPending ? 'Loading schools...' : 'Select a school'}
      disabled={selectProps.disabled || schools.isPending}
      error={error ?? (schools.isError ? "Couldn't load the schools. Reload the page to try again." : undefined)}
    />
  );
}
