import { Button, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useDiscoverSso } from '../api/discover-sso';

interface SsoContinueProps {
  /** What the person has typed in the email field. */
  email: string;
  /** The same-origin page to land on after signing in. */
  next: string | null;
}

/**
 * Under the sign-in form's email: when the address belongs to a school that signs in with its identity provider,
 * the "Continue with Google / Microsoft / …" button that starts that sign-in (a full page load: the provider's page).
 */
export function SsoContinue({ email, next }: SsoContinueProps) {
  const [settled] = useDebouncedValue(email, 300);
  const { data } = useDiscoverSso(settled);
  if (data?.method !== 'sso') return null;
  const params = new URLSearchParams({ login_hint: settled.trim().toLowerCase(), ...(next ? { next } : {}) });
  return (
    <>
      <Button component="a" href={`${data.start_url}?${params}`} variant="filled" color="dark" fullWidth>
        {data.label}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        Your school signs in with its own account, not a Banksia password.
      </Text>
    </>
  );
}
