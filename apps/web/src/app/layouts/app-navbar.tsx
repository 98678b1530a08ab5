import type { Me } from '@banksia/contracts/accounts';
import { isStaff } from '@banksia/contracts/rules/roles';
import { AppShell, Box, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBook,
  IconBooks,
  IconBuildingCommunity,
  IconChecklist,
  IconFileText,
  IconLayoutDashboard,
  IconListCheck,
  IconMail,
  IconPencil,
  IconRepeat,
  IconTableImport,
  IconUserCog,
  IconHome,
  IconInbox,
  IconLibrary,
  IconSchool,
  IconUsers,
  IconUsersGroup,
  IconPuzzle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AnonymiserToggle } from '../../components/anonymiser-toggle';
import { useAnonymiser } from '../../lib/anonymiser';
import { ProductTour } from '../components/product-tour';
import { LazyCourseJumper } from './lazy-shell';
import classes from './app-navbar.module.css';
import { track } from '../../lib/analytics';
import { urlFor } from '../../lib/named-routes';

function NavSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="h2" size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** A navigation link that is marked current when the page is at or below `match`. */
function Item({
  to,
  label,
  icon,
  match = to,
  exact = false,
  description,
  onClick,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  match?: string;
  exact?: boolean;
  description?: string;
  onClick?: () => void;
}) {
  const { pathname } = useLocation();
  const active = exact ? pathname === match : pathname.startsWith(match);
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      description={description}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
      // Mantine fades an active link's description, which on the hover colour falls below AA contrast.
      styles={active ? { description: { opacity: 1, color: 'var(--mantine-color-teal-9)' } } : undefined}
    />
  );
}

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
          <NavSection title="School">
            {schoolSlugs.map(([slug, name]) => (
              <Item
                key={slug}
                to={urlFor('school', { schoolSlug: slug })}
                label="School dashboard"
                description={schoolSlugs.length > 1 ? name : undefined}
                icon={icon(IconLayoutDashboard)}
              />
            ))}
            <Item to={urlFor('class-management')} label="Class management" icon={icon(IconUserCog)} />
            <Item to={urlFor('class-list-uploader')} label="Upload a class list" icon={icon(IconTableImport)} />
          </NavSection>
        )}
        {teaching.length > 0 && <NavSection title="Teaching">{teaching.map(classLink)}</NavSection>}
        {studying.length > 0 && <NavSection title="Classes">{studying.map(classLink)}</NavSection>}
        {contentAdmin && (
          <NavSection title="Admin">
            <Item to={urlFor('content-admin')} label="Content administration" icon={icon(IconLayoutDashboard)} exact />
            <Item
              to={urlFor('content-admin-courses')}
              match="/content/admin/courses/"
              label="Courses to edit"
              icon={icon(IconPencil)}
            />
            <Item to={urlFor('content-admin-exams')} label="Exams and question sets" icon={icon(IconFileText)} />
            <Item to="/content/admin/users/edit/" label="Users" icon={icon(IconUsers)} />
            <Item to={urlFor('content-admin-activities')} label="Activities" icon={icon(IconPuzzle)} />
            <Item to="/content/admin/support/" label="Support inbox" icon={icon(IconInbox)} />
            <Item to={urlFor('content-admin-outbox')} label="Email outbox" icon={icon(IconMail)} />
            <Item to={urlFor('content-admin-jobs')} label="Background jobs" icon={icon(IconListCheck)} />
          </NavSection>
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
          <Box px="sm" py={4}>
            <AnonymiserToggle checked={anonymised} onChange={setAnonymised} withDescription={false} />
          </Box>
        )}
        <Box px="xs" pt={4}>
          <ProductTour me={me} />
        </Box>
      </AppShell.Section>
    </>
  );
}
