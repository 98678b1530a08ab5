import type { Student } from '@banksia/contracts/classes';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formErrorOf } from '../../../components/field-errors';
import { useWithdrawStudent } from '../api/withdraw-student';
import { notify } from '../../../lib/notify';

/**
 * "Withdraw" on a roster row (school admins): asks first, saying what happens to the student's work and fees, then
 * takes them off the class's roster. Their place is kept as REMOVED, so a roster import or the admin can add them back.
 */
export function WithdrawStudentButton({
  classId,
  classTitle,
  student,
}: {
  classId: number;
  classTitle: string;
  student: Student;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const withdraw = useWithdrawStudent(classId);
  const name = student.display_name;
  const done = () => {
    withdraw.reset();
    close();
  };
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" c="red.9" onClick={open} aria-label={`Withdraw ${name}`}>
        Withdraw
      </Button>
      <Modal opened={opened} onClose={done} title={`Withdraw ${name} from ${classTitle}?`}>
        <Stack>
          <Text size="sm">
            {name} will no longer be on the class&apos;s roster or open its course. Their work stays, and shows again if
            they rejoin. If the class has a fee, it is credited; anything already paid is owed back as a refund.
          </Text>
          {withdraw.isError && (
            <Alert color="red" title="Not withdrawn">
              {formErrorOf(withdraw.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={done}>
              Cancel
            </Button>
            <Button
              color="red.9"
              loading={withdraw.isPending}
              onClick={() =>
                // Not mutate's own onSuccess: the roster reloads without this student, so this row (and its dialog)
                // may be gone by the time the answer is in, and React Query drops callbacks of unmounted callers.
                withdraw.mutateAsync(student.profile_id).then(
                  () => {
                    notify({ color: 'teal', message: `${name} was withdrawn from ${classTitle}.` });
                    done();
                  },
                  () => undefined, // shown in the dialog from withdraw.error
                )
              }
            >
              Withdraw
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
