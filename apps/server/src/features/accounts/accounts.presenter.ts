import type { Me, Role } from '@banksia/contracts/accounts';
import type { MeClass, MeProfile } from './accounts.repository';

interface MeParts {
  user: { id: number; email: string; firstName: string; lastName: string };
  roles: Role[];
  profiles: MeProfile[];
  classes: MeClass[];
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
