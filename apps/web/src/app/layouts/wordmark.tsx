import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The Banksia name and mark, linking home. */
export function Wordmark() {
  return (
    <UnstyledButton component={Link} to="/account/" aria-label="Banksia home">
      <Group gap={6} wrap="nowrap">
        <IconPlant2 size={26} color="var(--mantine-color-teal-8)" aria-hidden />
        <Text component="span" fw={750} fz={22} c="teal.9" lh={1}>
          Banksia
        </Text>
      </Group>
    </UnstyledButton>
  );
}
