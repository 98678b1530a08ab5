import type { Me } from '@banksia/contracts/accounts';
import { UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { CourseJumperProps } from '../../components/course-jumper';
import { COURSE_JUMPER_HOTKEY, COURSE_JUMPER_HOTKEY_OPTIONS } from '../../components/course-jumper-hotkey';
import classes from './lazy-shell.module.css';
import { UserMenuButton } from './user-menu-button';

// The shell's popovers (the user menu, the course jumper's list) carry Mantine's Menu and Combobox and the floating
// layer under them: code no page needs before someone reaches for them. Each shows a stand-in that looks and sits
// the same; pointing at it or tabbing to it fetches the code, and using it brings the real one in. Loading them as
// soon as the page was idle instead cost a phone's main thread ~200 ms on every page (2026-11-28, Lighthouse's
// blocking time), for menus most visits never open.

const loadUserMenu = () => import('./user-menu');
const loadCourseJumper = () => import('../../components/course-jumper');
const UserMenu = lazy(async () => ({ default: (await loadUserMenu()).UserMenu }));
const CourseJumper = lazy(async () => ({ default: (await loadCourseJumper()).CourseJumper }));

/** Fetches a part's code ahead of its use (the browser keeps it; a failure shows when it is really used). */
function prefetch(load: () => Promise<unknown>) {
  return () => void load().catch(() => undefined);
}

/**
 * The user menu. Until it is first opened, its button is a stand-in of the same look and name (announced as opening
 * a menu); a click on it loads the menu and opens it.
 */
export function LazyUserMenu({ me }: { me: Me }) {
  const [wanted, setWanted] = useState(false);
  const [opened, setOpened] = useState(false);
  const standIn = (
    <UserMenuButton
      me={me}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch(loadUserMenu)}
      onFocus={prefetch(loadUserMenu)}
      onClick={() => {
        setWanted(true);
        setOpened(true);
      }}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenu me={me} opened={opened} onChange={setOpened} />
    </Suspense>
  );
}

/**
 * The course jumper. Until it is used, a button drawn as its search box stands in, named as the box is: using it (a
 * click, Tab then Enter, or simply tabbing to it) or the jumper's shortcut, Alt+J, from anywhere loads the jumper,
 * which takes the focus as it appears. A button rather than a field, so nothing typed before the jumper is there can
 * be lost.
 */
export function LazyCourseJumper(props: CourseJumperProps) {
  const [asked, setAsked] = useState(false);
  useHotkeys([[COURSE_JUMPER_HOTKEY, () => setAsked(true), COURSE_JUMPER_HOTKEY_OPTIONS]], [], true);
  const { w, maw, miw, visibleFrom } = props;
  const standIn = (
    <UnstyledButton
      className={classes.jumperStandIn}
      w={w}
      maw={maw}
      miw={miw}
      visibleFrom={visibleFrom}
      aria-label="Jump to course"
      onPointerEnter={prefetch(loadCourseJumper)}
      onFocus={() => setAsked(true)}
      onClick={() => setAsked(true)}
    >
      <IconSearch size={16} aria-hidden />
      <span aria-hidden>Jump to course</span>
    </UnstyledButton>
  );
  if (!asked) return standIn;
  return (
    <Suspense fallback={standIn}>
      <CourseJumper {...props} focusOnMount />
    </Suspense>
  );
}
