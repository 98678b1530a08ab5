import type { Me } from '@banksia/contracts/accounts';
import { isStaff } from '@banksia/contracts/rules/roles';
import { AppShell, Box, Text } from '@mantine/core';
import {
  IconBook,
  IconBooks,
  IconBuildingCommunity,
  IconChecklist,
  IconRepeat,
  IconHome,
  IconLibrary,
  IconSchool,
  IconUsersGroup,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useAnonymiser } from '../../lib/anonymiser';
import { ProductTour } from '../components/product-tour';
import { LazyCourseJumper } from './lazy-shell';
import { Item, NavSection } from './app-navbar-items';
import classes from './app-navbar.module.css';
import { track } from '../../lib/analytics';
import { urlFor } from '../../lib/named-routes';

// Only teachers see "Hide student names"; its switch loads with their first page, not with every student's.
const SchoolNavSection = lazy(async () => ({ default: (await import('./app-navbar-staff')).SchoolNavSection }));
const AdminNavSection = lazy(async () => ({ default: (await import('./app-navbar-staff')).AdminNavSection }));
const AnonymiserToggle = lazy(async () => ({
  default: (await import('../../components/anonymiser-toggle')).AnonymiserToggle,
}));

/**
 * The navigation for the user's roles: their courses, the library and their classes for everyone; their school for
 * teachers; each class they teach or study in; admin for staff.
 */
export function AppNavbar({ me }: { me: Me }) {
  const teaching = me.classes.filter((c) => c.role === 'teacher');
  const studying = me.classes.filter((c) => c.role === 'student');
  const teacherProfiles = me.profiles.filter((p) => p.kind === 'teacher');
  const schools = [...new Set(teacherProfiles.map((p) => p.school_name))];
  const schoolSlugs = [...new Map(teacherProfiles.map((p) => [p.school_slug, p.school_name])).entries()];
  const teaches = teaching.length > 0 || teacherProfiles.length > 0;
  const [anonymised, setAnonymised] = useAnonymiser();
  const contentAdmin = me.roles.includes('content_admin');
  const icon = (Icon: typeof IconHome) => <Icon size={18} aria-hidden />;

  const classLink = (c: Me['classes'][number]) => (
    <Item
      key={c.id}
      to={urlFor('class-course', { classId: c.id })}
      match={`/class/${c.id}/`}
      label={c.title}
      description={c.course_title}
      icon={icon(IconBook)}
      onClick={() => track('clicked sidebar school class link', { class_id: c.id })}
    />
  );

  // The links scroll; the names switch and the tour stay in view at the foot of the navbar on any screen height.
  // The browser's own scrolling: Mantine's ScrollArea would bring its floating-ui layer into every page's first load.
  return (
    <>
      <AppShell.Section grow className={classes.links}>
        {/* The header has no room for the course jumper on small screens, so it moves here. */}
        <Box hiddenFrom="sm" px="xs" pb="sm">
          <LazyCourseJumper allCourses={isStaff(me.roles)} />
        </Box>
        <Item to="/account/" label="Home" icon={icon(IconHome)} exact />
        <Item to={urlFor('courses')} label="Courses" icon={icon(IconBooks)} match="/course" />
        <Item to={urlFor('library')} label="Library" icon={icon(IconLibrary)} />
        <Item to={urlFor('account-classes')} label="My classes" icon={icon(IconUsersGroup)} />
        {schools.length > 0 && (
          <Item
            to={urlFor('account-school')}
            label={schools.length > 1 ? 'Schools' : 'School'}
            description={schools.join(', ')}
            icon={icon(IconBuildingCommunity)}
          />
        )}
        {me.classes.length > 0 && <Item to={urlFor('tasks')} label="Tasks" icon={icon(IconChecklist)} />}
        {studying.length > 0 && <Item to={urlFor('review')} label="Today's review" icon={icon(IconRepeat)} />}
        {teaches && (
          <Suspense fallback={null}>
            <SchoolNavSection schools={schoolSlugs} />
          </Suspense>
        )}
        {teaching.length > 0 && <NavSection title="Teaching">{teaching.map(classLink)}</NavSection>}
        {studying.length > 0 && <NavSection title="Classes">{studying.map(classLink)}</NavSection>}
        {contentAdmin && (
          <Suspense fallback={null}>
            <AdminNavSection />
          </Suspense>
        )}
        {me.classes.length === 0 && !contentAdmin && (
          <Text size="sm" c="dimmed" px="sm" mt="md">
            <IconSchool size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            Your classes will appear here once you join one.
          </Text>
        )}
      </AppShell.Section>
      <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        {teaches && (
          <Box px="sm" py={4} mih={28}>
            <Suspense fallback={null}>
              <AnonymiserToggle checked={anonymised} onChange={setAnonymised} withDescription={false} />
            </Suspense>
          </Box>
        )}
        <Box px="xs" pt={4}>
          <ProductTour me={me} />
        </Box>
      </AppShell.Section>
    </>
  );
}
