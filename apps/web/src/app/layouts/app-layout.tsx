import { isStaff } from '@banksia/contracts/rules/roles';
import { AppShell, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { AppNavbar } from './app-navbar';
import { LazyCourseJumper, LazyUserMenu } from './lazy-shell';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { Wordmark } from './wordmark';
import classes from './app-layout.module.css';

/**
 * The shell of every page: header with the wordmark, the course jumper and the user menu, the role's navigation, and
 * the page.
 */
export function AppLayout() {
  const { data: me } = useMe();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const location = useLocation();
  useFocusMainOnNavigation(location.pathname, location.hash);

  useEffect(() => {
    closeNav();
  }, [location.pathname, location.hash, closeNav]);

  const withNavbar = !!me;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={withNavbar ? { width: 280, breakpoint: 'sm', collapsed: { mobile: !navOpened } } : undefined}
      padding="md"
      className={classes.shell}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {withNavbar && (
              <Burger
                opened={navOpened}
                onClick={toggleNav}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
                aria-controls="app-navbar"
              />
            )}
            <Wordmark />
          </Group>
          {me ? (
            <Group gap="sm" wrap="nowrap">
              <LazyCourseJumper visibleFrom="sm" w={{ sm: 240, md: 320 }} allCourses={isStaff(me.roles)} />
              <LazyUserMenu me={me} />
            </Group>
          ) : (
            location.pathname !== '/account/' && (
              <Button component={Link} to="/account/" variant="subtle">
                Sign in
              </Button>
            )
          )}
        </Group>
      </AppShell.Header>
      {me && (
        <AppShell.Navbar id="app-navbar" aria-label="Main navigation" p="sm">
          <AppNavbar me={me} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * After a client-side navigation, screen readers and keyboards would stay on the link just used; moving focus to
 * the page's content tells them the page changed. A link to a #fragment leaves focus to the target instead.
 */
function useFocusMainOnNavigation(pathname: string, hash: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname, hash]);
}
