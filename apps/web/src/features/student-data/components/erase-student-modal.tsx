import { ERASURE_KEEPS, ERASURE_REMOVES, normaliseConfirmName } from '@banksia/contracts/student-data';
import { Alert, Button, Group, List, Modal, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { useEraseStudent } from '../api/erase-student';
import { notify } from '../../../lib/notify';

export interface StudentRef {
  userId: number;
  firstName: string;
  lastName: string;
}

interface EraseStudentModalProps {
  student: StudentRef;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks before erasing a student: what is removed and what is kept, then the student's full name typed out. The
 * button stays off until the name matches (case and spacing aside); the server checks the name again.
 */
export function EraseStudentModal({ student, opened, onClose }: EraseStudentModalProps) {
  const fullName = `${student.firstName} ${student.lastName}`.trim();
  const [typed, setTyped] = useState('');
  const erase = useEraseStudent(student.userId);
  const matches = normaliseConfirmName(typed) === normaliseConfirmName(fullName);
  const fieldError = erase.error ? fieldErrorsOf(erase.error).confirm_name : undefined;

  const close = () => {
    setTyped('');
    erase.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || erase.isPending) return;
    erase.mutate(typed, {
      onSuccess: (answer) => {
        notify({ color: 'teal', title: `${fullName} has been erased`, message: answer.detail });
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={`Erase ${fullName}?`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            This cannot be undone. Download their data first if the student or their family may ask for it.
          </Alert>
          <div>
            <Title order={3} size="h5" mb={4}>
              Removed for good
            </Title>
            <List size="sm" spacing={2}>
              {ERASURE_REMOVES.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
          <div>
            <Title order={3} size="h5" mb={4}>
              Kept, without their name
            </Title>
            <List size="sm" spacing={2}>
              {ERASURE_KEEPS.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
          <TextInput
            label={`Type the student's full name to confirm: ${fullName}`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            error={fieldError}
          />
          {erase.isError && !fieldError && (
            <Alert color="red" title="The student was not erased">
              {formErrorOf(erase.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={erase.isPending}>
              Erase this student
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
