import type { Me } from '@banksia/contracts/accounts';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import classes from './user-menu-button.module.css';

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
        {/* Drawn like Mantine's light teal Avatar, without its code (image loading, groups) in every page's first load. */}
        <span className={classes.initials} aria-hidden>
          {initials(me)}
        </span>
        <Text fw={600} size="sm" visibleFrom="sm" aria-hidden>
          {me.user.display_name}
        </Text>
        <IconChevronDown size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
});
