import type { Me } from '@banksia/contracts/accounts';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

function initials(me: Me): string {
  const { first_name: first, last_name: last, display_name: name } = me.user;
  const letters = `${first.charAt(0)}${last.charAt(0)}` || name.charAt(0);
  return letters.toUpperCase();
}

type UserMenuButtonProps = { me: Me } & ComponentPropsWithoutRef<'button'>;

/** The header's button with the user's initials and name: the user menu's target (Menu.Target passes its props). */
export const UserMenuButton = forwardRef<HTMLButtonElement, UserMenuButtonProps>(function UserMenuButton(
  { me, ...props },
  ref,
) {
  return (
    <UnstyledButton ref={ref} aria-label={me.user.display_name} p={4} {...props}>
      <Group gap="xs" wrap="nowrap">
        <Avatar color="teal" radius="xl" size={34} aria-hidden>
          {initials(me)}
        </Avatar>
        <Text fw={600} size="sm" visibleFrom="sm" aria-hidden>
          {me.user.display_name}
        </Text>
        <IconChevronDown size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
});
