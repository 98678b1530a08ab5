import { classListActionLabels, type ClassListPreview } from '@banksia/contracts/classes';
import { Badge, Group, List, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

/** The preview of a class list: counts, then every row with what will happen or what is wrong. */
export function ClassListPreviewTable({ preview }: { preview: ClassListPreview }) {
  const [show, setShow] = useState<'all' | 'errors'>('all');
  const { counts } = preview;
  const rows = show === 'errors' ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows;
  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Summary">
        <Badge variant="light" color="gray">
          {counts.rows} {counts.rows === 1 ? 'row' : 'rows'}
        </Badge>
        <Badge variant="light" color="blue">
          {counts.new_account} new {counts.new_account === 1 ? 'account' : 'accounts'}
        </Badge>
        <Badge variant="light" color="teal">
          {counts.existing_account} existing {counts.existing_account === 1 ? 'account joins' : 'accounts join'}
        </Badge>
        <Badge variant="light" color="gray">
          {counts.already_in_class} already in class
        </Badge>
        <Badge variant={counts.errors ? 'filled' : 'light'} color={counts.errors ? 'red' : 'gray'}>
          {counts.errors} with errors
        </Badge>
      </Group>
      {counts.errors > 0 && (
        <SegmentedControl
          size="xs"
          w="fit-content"
          aria-label="Rows to show"
          value={show}
          onChange={(v) => setShow(v === 'errors' ? 'errors' : 'all')}
          data={[
            { value: 'all', label: 'All rows' },
            { value: 'errors', label: 'Only rows with errors' },
          ]}
        />
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" horizontalSpacing="md">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} px="md" pt="xs" m={0}>
              Preview of the class list for {preview.class_title}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" ta="right">
                  Line
                </Table.Th>
                <Table.Th scope="col">First name</Table.Th>
                <Table.Th scope="col">Last name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">What will happen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.line} bg={row.errors.length ? 'var(--mantine-color-red-light)' : undefined}>
                  <Table.Th scope="row" ta="right">
                    {row.line}
                  </Table.Th>
                  <Table.Td>{row.first_name}</Table.Td>
                  <Table.Td>{row.last_name}</Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>
                    {row.errors.length ? (
                      <List size="sm" c="red.9" spacing={2}>
                        {row.errors.map((e) => (
                          <List.Item key={e}>{e}</List.Item>
                        ))}
                      </List>
                    ) : row.action ? (
                      <Text size="sm">{classListActionLabels[row.action]}</Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
