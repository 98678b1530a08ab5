import type { Me } from '@banksia/contracts/accounts';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconHome, IconInbox, IconSchool, IconUsers, IconBook } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

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

/** The navigation for the user's roles: classes for students and teachers, school for teachers, admin for staff. */
export function AppNavbar({ me }: { me: Me }) {
  const { pathname, hash } = useLocation();
  const teaching = me.classes.filter((c) => c.role === 'teacher');
  const studying = me.classes.filter((c) => c.role === 'student');
  const schools = [...new Set(me.profiles.filter((p) => p.kind === 'teacher').map((p) => p.school_name))];
  const contentAdmin = me.roles.includes('content_admin');
  const onHome = pathname === '/account/' || pathname === '/account';

  const classLink = (c: Me['classes'][number]) => {
    const target = `#class-${c.id}`;
    return (
      <NavLink
        key={c.id}
        component={Link}
        to={`/account/${target}`}
        label={c.title}
        description={c.course_title}
        leftSection={<IconBook size={18} aria-hidden />}
        active={onHome && hash === target}
        aria-current={onHome && hash === target ? 'location' : undefined}
      />
    );
  };

  return (
    <ScrollArea type="auto" h="100%">
      <NavLink
        component={Link}
        to="/account/"
        label="Home"
        leftSection={<IconHome size={18} aria-hidden />}
        active={onHome && !hash}
        aria-current={onHome && !hash ? 'page' : undefined}
      />
      {teaching.length > 0 && <NavSection title="Teaching">{teaching.map(classLink)}</NavSection>}
      {schools.length > 0 && (
        <NavSection title={schools.length > 1 ? 'Schools' : 'School'}>
          {schools.map((name) => (
            <Text key={name} size="sm" px="sm" py={6} component="p" m={0}>
              <IconBuildingCommunity size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 10 }} />
              {name}
            </Text>
          ))}
        </NavSection>
      )}
      {studying.length > 0 && <NavSection title="Classes">{studying.map(classLink)}</NavSection>}
      {contentAdmin && (
        <NavSection title="Admin">
          <NavLink
            component={Link}
            to="/content/admin/users/edit/"
            label="Users"
            leftSection={<IconUsers size={18} aria-hidden />}
            active={pathname.startsWith('/content/admin/users/')}
          />
          <NavLink
            component={Link}
            to="/content/admin/support/"
            label="Support inbox"
            leftSection={<IconInbox size={18} aria-hidden />}
            active={pathname.startsWith('/content/admin/support')}
          />
        </NavSection>
      )}
      {me.classes.length === 0 && !contentAdmin && (
        <Text size="sm" c="dimmed" px="sm" mt="md">
          <IconSchool size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          Your classes will appear here once you join one.
        </Text>
      )}
    </ScrollArea>
  );
}
