import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { Button, Checkbox, FileInput, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, formErrorOf, type FieldErrors } from '../../../../components/field-errors';
import { useUploadAttachment } from '../api/upload-attachment';

/** Attaches a PDF to the course (checked here first: a title, a PDF, at most 25 MB). */
export function AttachmentUploadForm({ detail }: { detail: AdminCourseDetail }) {
  const upload = useUploadAttachment(detail.course.id);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [additional, setAdditional] = useState(false);
  const [premium, setPremium] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!title.trim()) found.title = 'This field may not be blank.';
    if (!file) found.file = 'Choose a PDF file.';
    else if (file.type && file.type !== 'application/pdf') found.file = 'Only PDF files can be attached.';
    else if (file.size > 25 * 1024 * 1024) found.file = 'The file is larger than 25 MB.';
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    upload.mutate(
      {
        version: detail.course.version,
        title: title.trim(),
        additionalMaterials: additional,
        isPremium: premium,
        file,
      },
      {
        onSuccess: () => {
          setFile(null);
          setTitle('');
          setAdditional(false);
          setPremium(false);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(Object.keys(fields).length ? fields : { file: formErrorOf(error) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack mt="md" gap="sm">
        <Title order={3} size="h5">
          Attach a PDF
        </Title>
        <Group align="flex-start" grow>
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            required
          />
          <FileInput
            label="PDF file"
            description="At most 25 MB"
            accept="application/pdf"
            value={file}
            onChange={setFile}
            error={errors.file}
            clearable
            required
          />
        </Group>
        <Group>
          <Checkbox
            label="Additional materials"
            checked={additional}
            onChange={(e) => setAdditional(e.currentTarget.checked)}
          />
          <Checkbox label="Premium" checked={premium} onChange={(e) => setPremium(e.currentTarget.checked)} />
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
