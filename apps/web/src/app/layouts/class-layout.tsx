import { isStaff } from '@banksia/contracts/rules/roles';
import { classTypeLabels } from '@banksia/contracts/rules/class-kinds';
import { Badge, Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconListDetails, IconSchool } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { useClassAssemblage } from '../../features/courses/catalogue/index';
import { urlFor } from '../../lib/named-routes';
import { LoadableView } from '../components/loadable-view';
import { CardsSkeleton } from '../components/skeletons';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';
import { useLoadable } from '../use-loadable';
import { classRoleOf, studentProfileOf, type ClassContext } from './class-context';
import classes from './class-layout.module.css';

/**
 * Every page of a class (/class/{classId}/…): loads the class's course once (the assemblage, spec §4 loadable data),
 * shows the class bar with its pages, and hands the course to the page below.
 */
export function ClassLayout() {
  const classId = idParam(useParams().classId);
  if (classId === null) return <ErrorPage status={404} />;
  return <ClassLayoutFor classId={classId} />;
}

function ClassLayoutFor({ classId }: { classId: number }) {
  const { data: me } = useMe();
  const assemblage = useLoadable(useClassAssemblage(classId));

  return (
    <LoadableView
      loadable={assemblage}
      skeleton={
        <Stack gap="lg">
          <Skeleton h={44} w="100%" maw={520} />
          <CardsSkeleton label="Loading the class's course" />
        </Stack>
      }
    >
      {(data) => {
        if (!me) return null;
        const context: ClassContext = {
          me,
          classId,
          assemblage: data,
          role: classRoleOf(me, classId),
          listing: { includeUnpublished: isStaff(me.roles) },
          profileId: studentProfileOf(me, classId),
        };
        return <ClassShell context={context} />;
      }}
    </LoadableView>
  );
}

function ClassShell({ context }: { context: ClassContext }) {
  const { pathname } = useLocation();
  const { assemblage, classId } = context;
  const { class: klass, course } = assemblage;
  const courseHref = urlFor('class-course', { classId });
  const lessonsHref = urlFor('class-lessons', { classId });
  const onLessons = pathname.startsWith(lessonsHref);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm" className={classes.bar}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
            <IconSchool size={22} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={700} lh={1.2}>
                {klass.title}
              </Text>
              {klass.class_type !== 'N' && (
                <Badge size="sm" variant="light">
                  {classTypeLabels[klass.class_type]}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {course.title} · {klass.calendar_year}
            </Text>
          </div>
        </Group>
        <Group component="nav" aria-label="Class pages" gap={4}>
          <Button
            component={Link}
            to={courseHref}
            variant={onLessons ? 'subtle' : 'light'}
            leftSection={<IconBook size={16} aria-hidden />}
            aria-current={pathname === courseHref ? 'page' : undefined}
          >
            Course
          </Button>
          <Button
            component={Link}
            to={lessonsHref}
            variant={onLessons ? 'light' : 'subtle'}
            leftSection={<IconListDetails size={16} aria-hidden />}
            aria-current={pathname === lessonsHref ? 'page' : undefined}
          >
            Lessons
          </Button>
        </Group>
      </Group>
      <Outlet context={context} />
    </Stack>
  );
}
