import { FailureReason } from '@banksia/contracts/errors';
import { Badge, EmptyState, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { ClassCard } from '../../features/classes/index';
import { urlFor } from '../../lib/named-routes';
import { Page } from '../components/page';
import { PageHeader } from '../components/page-header';
import { YearNav } from '../components/year-nav';
import { FailurePage } from '../pages/failure-page';
import { yearParam } from '../route-params';

/** /account/classes/ and /account/classes/{year}/: the user's classes, by year. */
export function AccountClassesRoute() {
  const { data: me } = useMe();
  const year = yearParam(useParams().year);
  if (!me) return null;
  if (year !== null && Number.isNaN(year)) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  const years = [...new Set(me.classes.map((c) => c.calendar_year))].sort((a, b) => b - a);
  // Only someone who both teaches and studies needs telling which is which.
  const mixedRoles = new Set(me.classes.map((c) => c.role)).size > 1;
  const shown = (year === null ? years : [year]).map((y) => ({
    year: y,
    classes: me.classes
      .filter((c) => c.calendar_year === y)
      .sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true })),
  }));

  return (
    <Page>
      <PageHeader
        title={year === null ? 'Your classes' : `Your classes in ${year}`}
        description="Open a class to see its course."
      />
      {years.length > 1 && (
        <YearNav
          label="Years"
          years={years}
          current={year}
          withAll
          hrefFor={(y) => (y === null ? urlFor('account-classes') : urlFor('account-classes-year', { year: y }))}
        />
      )}
      {shown.every((group) => group.classes.length === 0) ? (
        <EmptyState
          icon={<IconSchool size={28} aria-hidden />}
          title={year === null ? 'No classes yet' : `No classes in ${year}`}
          description="When your school adds you to a class, it will appear here."
        />
      ) : (
        shown.map((group) => (
          <Stack key={group.year} gap="sm" component="section" aria-labelledby={`classes-${group.year}`}>
            <Title order={2} id={`classes-${group.year}`}>
              {group.year}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {group.classes.map((c) => (
                <ClassCard key={c.id} summary={c}>
                  {mixedRoles && (
                    <Badge variant="outline" color={c.role === 'teacher' ? 'indigo' : 'teal'} w="fit-content">
                      {c.role === 'teacher' ? 'Teaching' : 'Student'}
                    </Badge>
                  )}
                </ClassCard>
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
    </Page>
  );
}
