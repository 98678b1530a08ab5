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
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Student data: ${name}`}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Student data</Menu.Label>
          <Menu.Item
            component="a"
            href={studentDataExportUrl(student.userId)}
            download
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Download everything we hold
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={open}>
            Erase this student
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <EraseStudentModal student={student} opened={erasing} onClose={close} />
    </>
  );
}
