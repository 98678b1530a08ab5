import { useMe } from '../../features/accounts/index';
import { ClassManagementPage } from '../../features/classes/index';
import { StudentDataMenu } from '../../features/student-data/index';
import { useAnonymiser } from '../../lib/anonymiser';

/**
 * /class-management/my-school/: the class editor (school admins and teachers; the server checks each call). School
 * admins and staff also get each student's data menu in the rosters (not while names are hidden: erasing asks for
 * the real name).
 */
export function ClassManagementRoute() {
  const { data: me } = useMe();
  const [anonymised] = useAnonymiser();
  const managesStudentData =
    !anonymised && !!me && (me.roles.includes('school_admin') || me.roles.includes('content_admin'));
  return (
    <ClassManagementPage
      currentYear={new Date().getFullYear()}
      studentActions={
        managesStudentData
          ? (s) => <StudentDataMenu student={{ userId: s.user_id, firstName: s.first_name, lastName: s.last_name }} />
          : undefined
      }
    />
  );
}
