import { ActionIcon, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconDownload, IconTrash } from '@tabler/icons-react';
import { studentDataExportUrl } from '../api/export-student-data';
import { EraseStudentModal, type StudentRef } from './erase-student-modal';

/** A student row's menu for school admins and staff: download everything held about the student, or erase them. */
export function StudentDataMenu({ student }: { student: StudentRef }) {
  const [erasing, { open, close }] = useDisclosure(false);
  const name = `${student.firstName} ${student.lastName}`.trim();
  return (
    <>
      {/* No focus placeholder: a focusable role="presentation" div inside role="menu" fails axe (aria-required-children). */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Student data: ${name}`}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component="a"
            href={studentDataExportUrl(student.userId)}
            download
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Download everything we hold
          </Menu.Item>
          {/* red.9: Mantine's default red on white is below 4.5:1. */}
          <Menu.Item c="red.9" leftSection={<IconTrash size={14} aria-hidden />} onClick={open}>
            Erase this student
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <EraseStudentModal student={student} opened={erasing} onClose={close} />
    </>
  );
}
