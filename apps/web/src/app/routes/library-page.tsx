import { currentAcademicYear } from '@banksia/contracts/rules/course-selector';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LibraryBrowser, useCourses } from '../../features/courses/catalogue/index';
import { LoadableView } from '../components/loadable-view';
import { Page } from '../components/page';
import { PageHeader } from '../components/page-header';
import { GridSkeleton } from '../components/skeletons';
import { useLoadable } from '../use-loadable';

/** /library/: every published course, searchable; each card says how to get into the course. */
export function LibraryRoute() {
  const courses = useLoadable(useCourses());
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = search.trim();

  // The search lives in the address too, so it survives going back from a course and can be shared.
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, params, setParams]);
  // Computed once for the page, so the search and the hint under it agree (course selector rule).
  const [academicYear] = useState(() => currentAcademicYear(new Date()));
  return (
    <Page>
      <PageHeader title="Library" description="Every course on Banksia. Open one to see how to get into it." />
      <LoadableView loadable={courses} skeleton={<GridSkeleton label="Loading the library" />}>
        {(data) => (
          <LibraryBrowser courses={data} search={search} academicYear={academicYear} onSearchChange={setSearch} />
        )}
      </LoadableView>
    </Page>
  );
}
