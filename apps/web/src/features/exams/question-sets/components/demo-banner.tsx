import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Says plainly that a demo keeps nothing: answers live in this browser tab only. Signed-out visitors are invited to
 * sign in, where their class's question sets save every answer.
 */
export function DemoBanner({ signedIn }: { signedIn: boolean }) {
  return (
    <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Text fw={700} size="sm">
        This is a demo: your answers are not saved.
      </Text>
      <Text size="sm">
        {signedIn ? (
          <>
            They stay in this tab until you close it. Open the question sets in your class to have your answers saved
            and marked.
          </>
        ) : (
          <>
            They stay in this tab until you close it.{' '}
            <Anchor component={Link} to="/account/" size="sm" fw={600}>
              Sign in
            </Anchor>{' '}
            to save your answers, have them marked and see your progress in your class.
          </>
        )}
      </Text>
    </Alert>
  );
}
