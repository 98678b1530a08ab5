import {
  CLASS_LIST_MAX_BYTES,
  CLASS_LIST_MAX_ROWS,
  type ClassListPreview,
  type ClassListResult,
} from '@banksia/contracts/classes';
import { Alert, Button, Code, FileInput, Group, List, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { RequestFailure } from '../../../components/request-failure';
import { LoadingState } from '../../../components/loading-state';
import { isRecord } from '../../../lib/json-body';
import { useApplyClassList } from '../api/apply-class-list';
import { usePreviewClassList } from '../api/preview-class-list';
import { useUploaderClasses } from '../api/get-uploader-classes';
import { ClassListPreviewTable } from '../components/class-list-preview';

/** The text of a chosen file (UTF-8). */
export function readFileText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}

/** Every message the server gave for the file (`errors.csv`), else its detail. */
function fileErrorsOf(error: unknown): string[] {
  if (error instanceof RequestFailure && isRecord(error.body) && isRecord(error.body.errors)) {
    const csv = error.body.errors.csv;
    if (Array.isArray(csv)) return csv.filter((m): m is string => typeof m === 'string');
  }
  const fields = fieldErrorsOf(error);
  return Object.keys(fields).length ? Object.values(fields) : [formErrorOf(error)];
}

/** /class-list-uploader/: upload a CSV class list to a class, check the preview, then apply it. */
export function ClassListUploaderPage() {
  useDocumentTitle('Upload a class list · Banksia');
  const classes = useUploaderClasses();
  const [classId, setClassId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ClassListPreview | null>(null);
  const [result, setResult] = useState<ClassListResult | null>(null);
  const check = usePreviewClassList();
  const apply = useApplyClassList();

  if (classes.isError) throw classes.error;
  if (!classes.data) return <LoadingState label="Loading your classes" />;

  const reset = () => {
    setPreview(null);
    setResult(null);
    check.reset();
    apply.reset();
  };

  const chooseFile = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    setText(null);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > CLASS_LIST_MAX_BYTES) {
      setFileError('The file is larger than 1 MB. Split the class list into smaller files.');
      return;
    }
    try {
      setText(await readFileText(chosen));
    } catch {
      setFileError('The file could not be read. Choose it again.');
    }
  };

  const klass = classes.data.find((c) => c.id === classId) ?? null;
  const years = [...new Set(classes.data.map((c) => c.calendar_year))].sort((a, b) => b - a);
  const multiSchool = new Set(classes.data.map((c) => c.school_id)).size > 1;
  const data = years.map((y) => ({
    group: String(y),
    items: classes.data
      .filter((c) => c.calendar_year === y)
      .map((c) => ({
        value: String(c.id),
        label: `${c.title} · ${c.course_title}${multiSchool ? ` · ${c.school_name}` : ''}`,
      })),
  }));
  const busy = check.isPending || apply.isPending;

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>Upload a class list</Title>
        <Text c="dimmed" mt={4}>
          Add students to a class from a spreadsheet. You see what will happen to each row before anything changes.
        </Text>
      </div>
      {classes.data.length === 0 ? (
        <Alert color="gray" title="No classes to upload to">
          Only a class&apos;s teachers and school admins upload class lists. Create a class in class management first.
        </Alert>
      ) : (
        <Stack gap="md" component="section" aria-labelledby="upload-step">
          <Title order={2} id="upload-step">
            1. Choose the class and the file
          </Title>
          <Select
            label="Class"
            placeholder="Select a class"
            searchable
            required
            data={data}
            value={classId === null ? null : String(classId)}
            onChange={(v) => {
              reset();
              setClassId(v === null ? null : Number(v));
            }}
            nothingFoundMessage="No classes match"
            maw={520}
          />
          <FileInput
            label="Class list (CSV)"
            description={`UTF-8 CSV with a header row, at most 1 MB and ${CLASS_LIST_MAX_ROWS.toLocaleString('en-AU')} students.`}
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            clearable
            required
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            value={file}
            onChange={(f) => void chooseFile(f)}
            error={fileError}
            maw={520}
          />
          <Text size="sm">
            The first row names the columns <Code>first_name</Code>, <Code>last_name</Code> and <Code>email</Code> (in
            any order; other columns are ignored). One row per student, for example{' '}
            <Code>Ava,Nguyen,ava.nguyen@school.example</Code>. In Excel, save as “CSV UTF-8”.
          </Text>
          <Group>
            <Button
              disabled={!klass || text === null || busy}
              loading={check.isPending}
              onClick={() =>
                klass &&
                text !== null &&
                check.mutate(
                  { classId: klass.id, csv: text },
                  {
                    onSuccess: (p) => {
                      setPreview(p);
                      setResult(null);
                    },
                  },
                )
              }
            >
              Check the list
            </Button>
          </Group>
          {check.isPending && (
            <Progress value={100} striped animated aria-label="Uploading and checking the class list" />
          )}
          {check.isError && (
            <Alert color="red" title="The class list could not be checked" role="alert">
              <List size="sm">
                {fileErrorsOf(check.error).map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      )}

      {preview && klass && (
        <Stack gap="md" component="section" aria-labelledby="preview-step">
          <Title order={2} id="preview-step">
            2. Check the preview
          </Title>
          <ClassListPreviewTable preview={preview} />
          {result ? (
            <Alert color="teal" title="The class list was applied" role="status">
              {preview.class_title}: {result.created_accounts} new{' '}
              {result.created_accounts === 1 ? 'account' : 'accounts'} created, {result.joined} existing{' '}
              {result.joined === 1 ? 'account' : 'accounts'} added, {result.already_in_class} already in the class. New
              accounts have no password yet, so those students cannot sign in until a password is set for them.
            </Alert>
          ) : preview.can_apply ? (
            <Group>
              <Button
                color="teal"
                loading={apply.isPending}
                disabled={busy}
                onClick={() =>
                  text !== null && apply.mutate({ classId: klass.id, csv: text }, { onSuccess: (r) => setResult(r) })
                }
              >
                Apply to {preview.class_title}
              </Button>
              <Text size="sm" c="dimmed">
                {preview.counts.new_account + preview.counts.existing_account} students will be added.
              </Text>
            </Group>
          ) : (
            <Alert color="orange" title="Fix the file first">
              {preview.counts.errors} {preview.counts.errors === 1 ? 'row has' : 'rows have'} errors. Correct them in
              your file, choose it again and check it again. Nothing has been changed.
            </Alert>
          )}
          {apply.isPending && <Progress value={100} striped animated aria-label="Applying the class list" />}
          {apply.isError && (
            <Alert color="red" title="The class list was not applied" role="alert">
              <List size="sm">
                {fileErrorsOf(apply.error).map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
