import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { SchoolExamPage } from '../../features/schools/index';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { ErrorPage } from '../pages/error-page';
import { idParam, yearParam } from '../route-params';

/** /school/{schoolSlug}/exam/{examId}/ and /school/{schoolSlug}/{year}/exam/{examId}/: one exam across classes. */
export function SchoolExamRoute() {
  const params = useParams();
  const slug = params.schoolSlug;
  const examId = idParam(params.examId);
  const year = yearParam(params.year);
  if (!slug || examId === null || (year !== null && Number.isNaN(year))) return <ErrorPage status={404} />;
  return (
    <Stack gap="xs">
      <PageBreadcrumbs
        items={[
          {
            label: 'School dashboard',
            href: `${urlFor('school', { schoolSlug: slug })}${year === null ? '' : `?year=${year}`}`,
          },
        ]}
      />
      <SchoolExamPage key={`${slug}/${examId}/${year}`} schoolSlug={slug} examId={examId} year={year} />
    </Stack>
  );
}
