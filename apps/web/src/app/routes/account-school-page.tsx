import type { Me } from '@banksia/contracts/accounts';
import { FailureReason } from '@banksia/contracts/errors';
import { Group, Select } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { useSchoolClasses, SchoolClassesTable } from '../../features/classes/index';
import { urlFor } from '../../lib/named-routes';
import { LoadableView } from '../components/loadable-view';
import { Page } from '../components/page';
import { PageHeader } from '../components/page-header';
import { TableSkeleton } from '../components/skeletons';
import { YearNav } from '../components/year-nav';
import { FailurePage } from '../pages/failure-page';
import { yearParam } from '../route-params';
import { useLoadable } from '../use-loadable';

/** The schools the user teaches at, from their teacher profiles. */
function teacherSchools(me: Me) {
  const seen = new Map<number, { id: number; name: string }>();
  for (const p of me.profiles) {
    if (p.kind === 'teacher' && !seen.has(p.school_id)) seen.set(p.school_id, { id: p.school_id, name: p.school_name });
  }
  return [...seen.values()];
}

/** /account/school/ and /account/school/{year}/: a teacher's school's classes by year. */
export function AccountSchoolRoute() {
  const { data: me } = useMe();
  const year = yearParam(useParams().year);
  const [params, setParams] = useSearchParams();
  if (!me) return null;
  if (year !== null && Number.isNaN(year)) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  const schools = teacherSchools(me);
  if (schools.length === 0) return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  const wanted = Number(params.get('school'));
  const school = schools.find((s) => s.id === wanted) ?? schools[0]!;

  return (
    <SchoolPage
      schools={schools}
      school={school}
      year={year}
      onSchoolChange={(id) => setParams(id === schools[0]!.id ? {} : { school: String(id) }, { replace: true })}
      schoolQuery={school.id === schools[0]!.id ? '' : `?school=${school.id}`}
    />
  );
}

function SchoolPage({
  schools,
  school,
  year,
  onSchoolChange,
  schoolQuery,
}: {
  schools: { id: number; name: string }[];
  school: { id: number; name: string };
  /** The year asked for in the address; null for the school's latest year with classes. */
  year: number | null;
  onSchoolChange: (id: number) => void;
  schoolQuery: string;
}) {
  const classes = useLoadable(useSchoolClasses(school.id, year));
  // Without a year in the address the server answers with the latest year that has classes.
  const shown =
    year ??
    classes.data?.classes[0]?.calendar_year ??
    Math.max(...(classes.data?.years ?? []), new Date().getFullYear());
  const years = [...new Set([...(classes.data?.years ?? []), shown])].sort((a, b) => b - a);
  return (
    <Page>
      <PageHeader
        title={school.name}
        documentTitle={`${school.name} · ${shown}`}
        description="Every class at your school, year by year."
      />
      <Group justify="space-between" align="flex-end" gap="md">
        <YearNav
          label="Years"
          years={years}
          current={shown}
          hrefFor={(y) => `${urlFor('account-school-year', { year: y ?? shown })}${schoolQuery}`}
        />
        {schools.length > 1 && (
          <Select
            label="School"
            data={schools.map((s) => ({ value: String(s.id), label: s.name }))}
            value={String(school.id)}
            onChange={(value) => value && onSchoolChange(Number(value))}
            allowDeselect={false}
            w={280}
          />
        )}
      </Group>
      <LoadableView loadable={classes} skeleton={<TableSkeleton label="Loading the school's classes" />}>
        {(data) => <SchoolClassesTable data={data} year={shown} />}
      </LoadableView>
    </Page>
  );
}
