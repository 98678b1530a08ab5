import { Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ContactSupportButton } from '../../features/support/index';

interface StatusPageProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** Buttons or links shown beside 'Contact support'. */
  actions?: ReactNode;
  /** A small line above the title, such as the HTTP status. */
  eyebrow?: string;
}

/** The frame of every failure and error page: what happened, what to do, and a way to contact support. */
export function StatusPage({ icon, title, children, actions, eyebrow }: StatusPageProps) {
  useDocumentTitle(`${title} · Banksia`);
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        {eyebrow && (
          <Text size="sm" fw={600} c="dimmed" tt="uppercase">
            {eyebrow}
          </Text>
        )}
        <Title order={1}>{title}</Title>
        <Text size="lg" maw={560}>
          {children}
        </Text>
        <Group justify="center" mt="sm">
          {actions}
          <ContactSupportButton />
        </Group>
      </Stack>
    </Container>
  );
}
