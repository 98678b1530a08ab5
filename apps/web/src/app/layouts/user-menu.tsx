import type { Me } from '@banksia/contracts/accounts';
import { Avatar, Menu, Text, UnstyledButton, Group } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

function initials(me: Me): string {
  const { first_name: first, last_name: last, display_name: name } = me.user;
  const letters = `${first.charAt(0)}${last.charAt(0)}` || name.charAt(0);
  return letters.toUpperCase();
}

/** The signed-in user's name, opening their profile and sign-out links. */
export function UserMenu({ me }: { me: Me }) {
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={me.user.display_name} p={4}>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.user.email}</Menu.Label>
        <Menu.Item component={Link} to="/account/profile/" leftSection={<IconUserCircle size={18} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/account/logout/" leftSection={<IconLogout size={18} aria-hidden />}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
