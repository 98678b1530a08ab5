import { NavLink, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

// The navbar's building blocks, shared by its everyone part (app-navbar.tsx) and its staff part (app-navbar-staff.tsx).

export function NavSection({ title, children }: { title: string; children: ReactNode }) {
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
export function Item({
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
