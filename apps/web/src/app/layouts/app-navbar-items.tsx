import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './app-navbar-items.module.css';

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
    // Drawn like Mantine's NavLink (app-navbar-items.module.css), whose code (with the collapsing children the navbar
    // never uses) every page's first load would otherwise carry.
    <Link
      to={to}
      className={`${classes.item} mantine-focus-auto`}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      <span className={classes.icon}>{icon}</span>
      <span className={classes.body}>
        <span className={classes.label}>{label}</span>
        {description && <span className={classes.description}>{description}</span>}
      </span>
    </Link>
  );
}
