import { UserEditRoute } from '../../features/accounts/index';
import { StudentDataSection } from '../../features/student-data/index';

/** /content/admin/users/edit/:id/: the accounts feature's user page with, for a student, the student data section. */
export function UserEditWithStudentDataRoute() {
  return (
    <UserEditRoute
      studentSection={(user) => (
        <StudentDataSection student={{ userId: user.id, firstName: user.first_name, lastName: user.last_name }} />
      )}
    />
  );
}
