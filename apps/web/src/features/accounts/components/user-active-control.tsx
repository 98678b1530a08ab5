import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formErrorOf } from '../../../components/field-errors';
import { useSetUserActive } from '../api/set-user-active';
import { notify } from '../../../lib/notify';

interface UserActiveControlProps {
  userId: number;
  name: string;
  isActive: boolean;
  /** Staff may not deactivate themselves. */
  isSelf: boolean;
}

/** The account's status, with a confirmed action to activate or deactivate it. */
export function UserActiveControl({ userId, name, isActive, isSelf }: UserActiveControlProps) {
  const [confirming, { open, close }] = useDisclosure(false);
  const setActive = useSetUserActive(userId);
  const target = !isActive;

  const confirm = () => {
    setActive.mutate(target, {
      onSuccess: (answer) => {
        // The mutation updates the user query, so the status shown follows.
        close();
        notify({
          color: 'teal',
          message: answer.is_active ? `${name}'s account is active again.` : `${name}'s account has been deactivated.`,
        });
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>Status:</Text>
        {isActive ? (
          <Badge variant="light" color="teal">
            Active
          </Badge>
        ) : (
          <Badge variant="light" color="red">
            Inactive
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {target
          ? 'Activating lets this person sign in again.'
          : 'Deactivating signs this person out everywhere and stops them signing in. Their work is kept.'}
      </Text>
      <Group>
        <Button
          color={target ? 'teal' : 'red'}
          variant={target ? 'filled' : 'outline'}
          onClick={open}
          disabled={isSelf && !target}
        >
          {target ? 'Activate account' : 'Deactivate account'}
        </Button>
      </Group>
      {isSelf && !target && (
        <Text size="sm" c="dimmed">
          You cannot deactivate your own account.
        </Text>
      )}
      <Modal
        opened={confirming}
        onClose={() => {
          close();
          setActive.reset();
        }}
        title={target ? `Activate ${name}?` : `Deactivate ${name}?`}
      >
        <Stack>
          <Text>
            {target
              ? `${name} will be able to sign in again.`
              : `${name} will be signed out everywhere and will not be able to sign in until the account is activated again.`}
          </Text>
          {setActive.isError && (
            <Text c="red.9" role="alert">
              {formErrorOf(setActive.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color={target ? 'teal' : 'red'} loading={setActive.isPending} onClick={confirm} data-autofocus>
              {target ? 'Activate' : 'Deactivate'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
