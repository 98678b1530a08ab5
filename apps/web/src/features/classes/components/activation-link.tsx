import type { ManagedClass } from '@banksia/contracts/classes';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formErrorOf } from '../../../components/field-errors';
import { useRegenerateActivationCode } from '../api/regenerate-activation-code';

/** The class's activation link with a copy button, and "New link", which makes the old link stop working. */
export function ActivationLink({ klass, onChanged }: { klass: ManagedClass; onChanged?: (c: ManagedClass) => void }) {
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateActivationCode(klass.id);
  const link = klass.activation_link ? new URL(klass.activation_link, window.location.origin).href : null;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Activation link"
          description="Students open this link to join the class."
          readOnly
          value={link ?? 'No link yet'}
          style={{ flex: 1 }}
          onFocus={(e) => e.currentTarget.select()}
        />
        {link && (
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        )}
        <Button variant="default" onClick={() => setConfirming(true)} disabled={confirming}>
          New link
        </Button>
      </Group>
      {confirming && (
        <Alert color="orange" title="Make a new link?">
          <Text size="sm">
            The current link will stop working at once; anyone who has not joined yet needs the new one.
          </Text>
          <Group mt="sm" gap="xs">
            <Button
              size="xs"
              color="orange"
              loading={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: (c) => {
                    setConfirming(false);
                    onChanged?.(c);
                  },
                })
              }
            >
              Make a new link
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={regenerate.isPending}>
              Keep the current link
            </Button>
          </Group>
        </Alert>
      )}
      {regenerate.isError && (
        <Text c="red" size="sm" role="alert">
          The link was not changed. {formErrorOf(regenerate.error)}
        </Text>
      )}
    </Stack>
  );
}
