import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { Anchor, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { updateAttachment } from '../api/update-attachment';
import type { Send } from '../hooks/use-course-send';
import { AttachmentUploadForm } from './attachment-upload-form';

/** The course's attachments with their two flags, and the form that attaches a PDF. */
export function AttachmentsSection({ detail, send }: { detail: AdminCourseDetail; send: Send }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="attachments-title">
      <Title order={2} size="h3" id="attachments-title" mb="sm">
        Attachments
      </Title>
      <AttachmentTable detail={detail} send={send} />
      <AttachmentUploadForm detail={detail} />
    </Paper>
  );
}

function AttachmentTable({ detail, send }: { detail: AdminCourseDetail; send: Send }) {
  return (
    <>
      {detail.attachments.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Attachment</Table.Th>
                <Table.Th scope="col">Additional materials</Table.Th>
                <Table.Th scope="col">Premium</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.attachments.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor href={a.file_url} target="_blank" rel="noreferrer">
                      {a.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {a.file_name}, {Math.max(1, Math.round(a.size / 1024))} KB
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${a.title}: additional materials`}
                      checked={a.additional_materials}
                      onChange={(e) => {
                        const value = e.currentTarget.checked;
                        send((version) =>
                          updateAttachment(detail.course.id, a.id, { version, additional_materials: value }),
                        );
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${a.title}: premium`}
                      checked={a.is_premium}
                      onChange={(e) => {
                        const value = e.currentTarget.checked;
                        send((version) => updateAttachment(detail.course.id, a.id, { version, is_premium: value }));
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No attachments yet.
        </Text>
      )}
    </>
  );
}
