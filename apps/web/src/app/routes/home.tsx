import type { Me } from '@banksia/contracts/accounts';
import { isStaff } from '@banksia/contracts/rules/roles';
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { StudentClasses, TeacherClasses } from '../../features/classes/index';
import { useAnonymiser } from '../../lib/anonymiser';
import { StudentDataMenu } from '../../features/student-data/index';
import { MAIN_CONTENT_ID } from '../layouts/skip-link';
import { StaffHome } from './staff-home';

/** The signed-in home at /account/: the user's classes and tools, by role. Loaded apart from the sign-in form. */
export function Home({ me, justSignedIn }: { me: Me; justSignedIn: boolean }) {
  useDocumentTitle('Home · Banksia');
  useScrollToHash();
  useEffect(() => {
    // The sign-in form had focus and is gone; without this, keyboard focus would drop to the page's start.
    if (justSignedIn) document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [justSignedIn]);
  const teaching = me.classes.filter((c) => c.role === 'teacher');
  const studying = me.classes.filter((c) => c.role === 'student');
  const teacher = teaching.length > 0 || me.roles.includes('teacher');
  const student = studying.length > 0 || me.roles.includes('student');
  const staff = isStaff(me.roles);
  const schools = [...new Set(me.profiles.filter((p) => p.kind === 'teacher').map((p) => p.school_name))];
  // School admins (and content staff who teach) may download or erase a student's data from the roster; not while
  // names are hidden, since erasing asks for the student's real name.
  const [anonymised] = useAnonymiser();
  const managesStudentData = !anonymised && (me.roles.includes('school_admin') || me.roles.includes('content_admin'));

  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Welcome, {me.user.first_name || me.user.display_name}</Title>
        <Text c="dimmed" mt={4}>
          {greetingFor(teacher, student, staff)}
        </Text>
      </div>
      {teacher && (
        <TeacherClasses
          classes={teaching}
          schools={schools}
          studentActions={
            managesStudentData
              ? (s) => (
                  <StudentDataMenu student={{ userId: s.user_id, firstName: s.first_name, lastName: s.last_name }} />
                )
              : undefined
          }
        />
      )}
      {student && <StudentClasses classes={studying} />}
      {staff && <StaffHome me={me} />}
      {!teacher && !student && !staff && (
        <Text>
          Your account is not linked to a class or a school yet. Ask your teacher or school for an invitation, or
          contact support if you think this is a mistake.
        </Text>
      )}
    </Stack>
  );
}

function greetingFor(teacher: boolean, student: boolean, staff: boolean): string {
  if (teacher) return 'Open a class to see its students.';
  if (student) return 'Pick up where you left off in your classes.';
  if (staff) return 'Your admin tools are below.';
  return 'Good to see you.';
}

/** A link to /account/#class-3 brings that class's card into view and moves focus to it. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);
}
