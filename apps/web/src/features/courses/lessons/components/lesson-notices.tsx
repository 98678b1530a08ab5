import { Alert, Text } from '@mantine/core';
import { IconInfoCircle, IconVideoOff } from '@tabler/icons-react';

// The lesson page's notices for states a student rarely meets: loaded only when one shows (lazy-lesson-notices.tsx),
// so a normal lesson does not carry Mantine's Alert.

/** Above a demo lesson (spec: visitors may watch a demo lesson signed out). */
export function DemoNotice() {
  return (
    <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Text fw={600} size="sm">
        Demo lesson — nothing you do here is saved.
      </Text>
    </Alert>
  );
}

/** In place of a video whose file has not been uploaded. */
export function VideoUnavailable() {
  return (
    <Alert color="gray" icon={<IconVideoOff size={18} aria-hidden />} title="This video is not available yet">
      Its file has not been uploaded. Try the next part, or come back later.
    </Alert>
  );
}
