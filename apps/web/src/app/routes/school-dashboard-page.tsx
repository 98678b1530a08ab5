import { Stack } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { SchoolDashboardPage } from '../../features/schools/index';
import { ErrorPage } from '../pages/error-page';
import { yearParam } from '../route-params';

/** /school/{schoolSlug}/ (?year= for another year): the school dashboard. The server decides who may see it. */
export function SchoolDashboardRoute() {
  const slug = useParams().schoolSlug;
  const [params] = useSearchParams();
  const year = yearParam(params.get('year') ?? undefined);
  if (!slug || (year !== null && Number.isNaN(year))) return <ErrorPage status={404} />;
  return (
    <Stack gap="xs">
      <SchoolDashboardPage key={`${slug}/${year}`} schoolSlug={slug} year={year} />
    </Stack>
  );
}
