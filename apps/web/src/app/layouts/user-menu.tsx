import type { Me } from '@banksia/contracts/accounts';
import { Menu } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserMenuButton } from './user-menu-button';

/**
 * The signed-in user's name, opening their profile and sign-out links. Loaded after the page (lazy-shell): until then
 * the same button shows; the
 * menu's open state lives with the caller so a click on that stand-in opens the menu once it arrives.
 */
export function UserMenu({ me, opened, onChange }: { me: Me; opened: boolean; onChange: (opened: boolean) => void }) {
  return (
    <Menu position="bottom-end" width={200} shadow="md" opened={opened} onChange={onChange}>
      <Menu.Target>
        <UserMenuButton me={me} />
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
