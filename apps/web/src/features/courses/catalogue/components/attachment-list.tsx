import type { ClassFeatures } from '@banksia/contracts/classes';
import type { Attachment, Course } from '@banksia/contracts/courses';
import { canOpenAttachment } from '@banksia/contracts/rules/features';
import { Anchor, Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileText, IconLock } from '@tabler/icons-react';
import classes from './lesson-list.module.css';

/** "240 KB", "1.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function fileKind(attachment: Attachment): string {
  if (attachment.content_type === 'application/pdf') return 'PDF';
  const extension = attachment.file_name.split('.').pop();
  return extension && extension !== attachment.file_name ? extension.toUpperCase() : 'File';
}

interface AttachmentListProps {
  attachments: readonly Attachment[];
  course: Pick<Course, 'feature_sets'>;
  classFeatures: ClassFeatures;
  /** Smaller type and spacing, for the lesson player's side column. */
  compact?: boolean;
}

/** Worksheets and other files: a link each, or a locked line when the class's plan does not include it. */
export function AttachmentList({ attachments, course, classFeatures, compact = false }: AttachmentListProps) {
  if (attachments.length === 0) return null;
  return (
    <Stack component="ul" gap={0} className={classes.list} aria-label="Attachments">
      {attachments.map((attachment) => {
        const open = canOpenAttachment(attachment, course, classFeatures);
        return (
          <li key={attachment.id} className={classes.item}>
            <Group gap="sm" wrap="nowrap" py={compact ? 6 : 'xs'}>
              <ThemeIcon
                variant="light"
                color={open ? 'orange' : 'gray'}
                radius="xl"
                size={compact ? 26 : 30}
                aria-hidden
              >
                {open ? <IconFileText size={16} /> : <IconLock size={16} />}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                {open ? (
                  <Anchor
                    href={attachment.file_url}
                    target="_blank"
                    rel="noopener"
                    fw={600}
                    size={compact ? 'sm' : undefined}
                  >
                    {attachment.title}
                    <Text span size="xs" c="dimmed" fw={400}>
                      {' '}
                      ({fileKind(attachment)}, {formatFileSize(attachment.size)})
                    </Text>
                  </Anchor>
                ) : (
                  <Text fw={600} c="dimmed" size={compact ? 'sm' : undefined}>
                    {attachment.title}
                  </Text>
                )}
                <Group gap={6} mt={2}>
                  {!open && (
                    <Badge size="xs" variant="light" color="grape">
                      Premium: not in your class&apos;s plan
                    </Badge>
                  )}
                  {attachment.additional_materials && (
                    <Badge size="xs" variant="light" color="gray">
                      Additional material
                    </Badge>
                  )}
                </Group>
              </div>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
