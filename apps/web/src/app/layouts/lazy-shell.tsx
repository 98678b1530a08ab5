import type { Me } from '@banksia/contracts/accounts';
import { Box } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import type { CourseJumperProps } from '../../components/course-jumper';
import { COURSE_JUMPER_HOTKEY, COURSE_JUMPER_HOTKEY_OPTIONS } from '../../components/course-jumper-hotkey';
import { useWhenIdle } from '../../lib/use-when-idle';
import { UserMenuButton } from './user-menu-button';

// The shell's popovers (the user menu, the course jumper's list) carry Mantine's Menu and Combobox and the floating
// layer under them: code no page needs before it can be used. They load once the browser is idle after the page, each
// showing a stand-in of the same size until then, so nothing moves when they arrive.

const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));
const CourseJumper = lazy(async () => ({ default: (await import('../../components/course-jumper')).CourseJumper }));

/**
 * The user menu; its button shows (without the menu) until the menu's code has loaded. A click on it before then
 * loads the menu at once and opens it.
 */
export function LazyUserMenu({ me }: { me: Me }) {
  const idle = useWhenIdle();
  const [opened, setOpened] = useState(false);
  const standIn = <UserMenuButton me={me} onClick={() => setOpened(true)} />;
  if (!idle && !opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenu me={me} opened={opened} onChange={setOpened} />
    </Suspense>
  );
}

/**
 * The course jumper; an empty box of its height holds its place until its code has loaded. Its shortcut works from
 * the first render: pressed before then, it loads the jumper at once, which takes the focus as it appears.
 */
export function LazyCourseJumper(props: CourseJumperProps) {
  const idle = useWhenIdle();
  const [asked, setAsked] = useState(false);
  useHotkeys([[COURSE_JUMPER_HOTKEY, () => setAsked(true), COURSE_JUMPER_HOTKEY_OPTIONS]], [], true);
  const { w, maw, miw, visibleFrom } = props;
  const standIn = <Box h={36} w={w} maw={maw} miw={miw} visibleFrom={visibleFrom} />;
  if (!idle && !asked) return standIn;
  return (
    <Suspense fallback={standIn}>
      <CourseJumper {...props} focusOnMount={asked} />
    </Suspense>
  );
}
