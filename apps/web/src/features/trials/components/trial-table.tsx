import { classTypeLabels } from '@banksia/contracts/welcome-emails';
import { displayDate } from '@banksia/contracts/rules/class-expiry';
import type { TrialClass } from '@banksia/contracts/trials';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-input';
import { fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { urlFor } from '../../../lib/named-routes';
import { useConvertTrial } from '../api/convert-trial';
import { useExtendTrial } from '../api/extend-trial';
import { notify } from '../../../lib/notify';

/** Expiry in words with its state: "until 10/03/2026", or "ended 10/03/2026" once read-only. */
export function ExpiryBadge({ trial }: { trial: TrialClass }) {
  if (trial.class_type !== 'TT' && trial.class_type !== 'ST') {
    return (
      <Badge color="teal" variant="light">
        Converted: {classTypeLabels[trial.class_type]}
      </Badge>
    );
  }
  if (!trial.expiration_date) return <Text size="sm">No expiry</Text>;
  return trial.expired ? (
    <Badge color="red" variant="light">
      Ended {displayDate(trial.expiration_date)} (read-only)
    </Badge>
  ) : (
    <Text size="sm">Until {displayDate(trial.expiration_date)}</Text>
  );
}

function ExtendDialog({ trial, onClose }: { trial: TrialClass; onClose: () => void }) {
  const extend = useExtendTrial();
  const [date, setDate] = useState<string | null>(trial.expiration_date);
  const error = extend.error ? (fieldErrorsOf(extend.error).expiration_date ?? formErrorOf(extend.error)) : null;
  return (
    <Modal opened onClose={onClose} title={`Change the expiry of ${trial.title}`}>
      <Stack>
        <DateField label="Open until (the end of this day)" value={date} onChange={setDate} required error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={extend.isPending}
            disabled={!date}
            onClick={() =>
              date &&
              extend.mutate(
                { classId: trial.id, expirationDate: date },
                {
                  onSuccess: () => {
                    notify({
                      color: 'teal',
                      message: `${trial.title} is open until ${displayDate(date)}.`,
                    });
                    onClose();
                  },
                },
              )
            }
          >
            Save expiry
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ConvertDialog({ trial, onClose }: { trial: TrialClass; onClose: () => void }) {
  const convert = useConvertTrial();
  return (
    <Modal opened onClose={onClose} title={`Convert ${trial.title} to a normal class?`}>
      <Stack>
        <Text size="sm">
          It becomes a normal (N) class with no expiry date. Its students, teachers and all their work stay as they are,
          and it can be changed again.
        </Text>
        {convert.isError && <Alert color="red">{formErrorOf(convert.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={convert.isPending}
            onClick={() =>
              convert.mutate(trial.id, {
                onSuccess: () => {
                  notify({ color: 'teal', message: `${trial.title} is now a normal class.` });
                  onClose();
                },
              })
            }
          >
            Convert to a normal class
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A table of trial classes with their expiry, and actions to extend or convert each one. */
export function TrialTable({
  trials,
  caption,
  extraColumn,
}: {
  trials: TrialClass[];
  caption: string;
  /** A column of the page's own (its header, and its cell for each trial). */
  extraColumn?: { header: string; cell: (trial: TrialClass) => ReactNode };
}) {
  const [dialog, setDialog] = useState<{ kind: 'extend' | 'convert'; trial: TrialClass } | null>(null);
  if (trials.length === 0) return <Text>None yet.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={860}>
        <Table striped verticalSpacing="xs">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Class</Table.Th>
              <Table.Th scope="col">School and course</Table.Th>
              <Table.Th scope="col">Teachers</Table.Th>
              <Table.Th scope="col">Students</Table.Th>
              <Table.Th scope="col">Expiry</Table.Th>
              {extraColumn && <Table.Th scope="col">{extraColumn.header}</Table.Th>}
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trials.map((trial) => {
              const isTrial = trial.class_type === 'TT' || trial.class_type === 'ST';
              return (
                <Table.Tr key={trial.id}>
                  <Table.Td fw={600}>{trial.title}</Table.Td>
                  <Table.Td>
                    {trial.school_name}
                    <Text size="xs" c="dimmed">
                      {trial.course_title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {trial.teachers.length === 0
                      ? '—'
                      : trial.teachers.map((t) => (
                          <Text key={t.user_id} size="sm">
                            <Anchor component={Link} to={urlFor('content-admin-user', { id: t.user_id })}>
                              {t.name || t.email}
                            </Anchor>
                          </Text>
                        ))}
                  </Table.Td>
                  <Table.Td>{trial.student_count}</Table.Td>
                  <Table.Td>
                    <ExpiryBadge trial={trial} />
                  </Table.Td>
                  {extraColumn && <Table.Td>{extraColumn.cell(trial)}</Table.Td>}
                  <Table.Td>
                    {isTrial && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          aria-label={`Extend ${trial.title}`}
                          onClick={() => setDialog({ kind: 'extend', trial })}
                        >
                          Extend
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={`Convert ${trial.title}`}
                          onClick={() => setDialog({ kind: 'convert', trial })}
                        >
                          Convert
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog?.kind === 'extend' && <ExtendDialog trial={dialog.trial} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'convert' && <ConvertDialog trial={dialog.trial} onClose={() => setDialog(null)} />}
    </>
  );
}
