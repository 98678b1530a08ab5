import type { Me, Role } from '@banksia/contracts/accounts';
import type { classesOf, profilesOf } from './accounts.repository';

interface MeParts {
  user: { id: number; email: string; firstName: string; lastName: string };
  roles: Role[];
  profiles: Awaited<ReturnType<typeof profilesOf>>;
  classes: Awaited<ReturnType<typeof classesOf>>;
}

/** The /auth/me/ answer. */
export function presentMe({ user, roles, profiles, classes }: MeParts): Me {
  return {
    user: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      display_name: `${user.firstName} ${user.lastName}`.trim(),
    },
    roles,
    profiles,
    classes,
  };
}
