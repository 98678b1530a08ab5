import { type RosterDataset } from '@banksia/contracts/rosters';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  NumberInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router';
import { FailureReason } from '@banksia/contracts/errors';
import { RequestFailure } from '../../../../components/request-failure';
import { errorDetailOf, fieldErrorsOf } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { SchoolSelector, schoolsQueryOptions } from '../../../../components/school-selector';
import { urlFor } from '../../../../lib/named-routes';
import { useRosterSources } from '../api/get-roster-sources';
import { uploadRoster } from '../api/upload-roster';

/** /school-uploader/{page}/: upload one system's export for a school and calendar year. */
export function SchoolUploaderRoute() {
  const { page } = useParams();
  const sources = useRosterSources();
  if (sources.isError && !sources.data) throw sources.error;
  if (!sources.data) return <LoadingState label="Loading the uploader" />;
  const source = sources.data.sources.find((s) => s.page === page);
  if (!source) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  return (
    <Uploader
      source={source.source}
      name={source.name}
      templateUrl={source.source === 'product' ? sources.data.template_url : null}
    />
  );
}

function Uploader({ source, name, templateUrl }: { source: string; name: string; templateUrl: string | null }) {
  useDocumentTitle(`${name} upload · Banksia`);
  const schools = useQuery(schoolsQueryOptions());
  const [chosenSchool, setSchoolId] = useState<number | null>(null);
  // A school admin of one school has nothing to choose.
  const schoolId = chosenSchool ?? (schools.data?.length === 1 ? schools.data[0]!.id : null);
  const [year, setYear] = useState<number>(new Date().getFullYear());
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<RosterDataset | null>(null);
  const [error, setError] = useState<unknown>(null);

  const fieldErrors = fieldErrorsOf(error);
  const busy = progress !== null && result === null && error === null;

  const submit = async () => {
    if (!schoolId || files.length === 0) return;
    setError(null);
    setResult(null);
    setProgress(0);
    try {
      setResult(await uploadRoster({ source, schoolId, year, files }, setProgress));
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setFiles([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>{name} upload</Title>
        <Text c="dimmed" mt={4}>
          Choose the school and calendar year, then the exported file, or several files of one export (or a zip of
          them). CSV files may be UTF-8 or Windows-1252.
        </Text>
      </div>
      {templateUrl && (
        <Text>
          <Anchor href={templateUrl} download>
            Download the roster template (CSV)
          </Anchor>{' '}
          : one row per student in a class, with the class&apos;s teacher.
        </Text>
      )}
      <Paper withBorder p="md" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
        <Stack gap="md">
          <SchoolSelector
            label="School"
            value={schoolId}
            onChange={(id) => setSchoolId(id)}
            error={fieldErrors.school_id}
            required
          />
          <NumberInput
            label="Calendar year"
            value={year}
            onChange={(v) => setYear(Number(v))}
            min={2000}
            max={2100}
            error={fieldErrors.calendar_year}
            required
          />
          <FileInput
            label="Files"
            description="Drop the files here, or choose them."
            placeholder="Choose files"
            multiple
            clearable
            value={files}
            onChange={setFiles}
            accept=".csv,.txt,.zip,.json,.xml,.tfx,.tdf9"
            error={fieldErrors.file ?? fieldErrors.source}
            required
          />
          {busy && <Progress value={(progress ?? 0) * 100} aria-label="Upload progress" striped animated />}
          <Group>
            <Button onClick={() => void submit()} disabled={!schoolId || files.length === 0} loading={busy}>
              Upload and check
            </Button>
          </Group>
        </Stack>
      </Paper>
      {error !== null && Object.keys(fieldErrors).length === 0 && (
        <Alert color="red" title="The upload failed">
          {errorDetailOf(error) ?? 'Try again.'}
        </Alert>
      )}
      {result && <UploadResult dataset={result} />}
    </Stack>
  );
}

function UploadResult({ dataset }: { dataset: RosterDataset }) {
  const c = dataset.counts;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {dataset.already_uploaded ? 'This file was already uploaded' : 'Uploaded'}
      </Title>
      <Text>
        {c.rows} rows read: {c.classes} classes, {c.teachers} teachers, {c.students} students and {c.enrolments}{' '}
        enrolments. {c.errors === 0 ? 'No row had an error.' : `${c.errors} rows have errors and were left out.`}
      </Text>
      <Anchor component={Link} to={urlFor('enrolinator-dataset', { id: dataset.id })} fw={600}>
        Review the changes before applying them
      </Anchor>
      {dataset.errors.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Caption>Rows with errors</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">File</Table.Th>
                <Table.Th scope="col">Line</Table.Th>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dataset.errors.map((e) => (
                <Table.Tr key={`${e.file}:${e.line}:${e.field}`}>
                  <Table.Td>{e.file}</Table.Td>
                  <Table.Td>{e.line}</Table.Td>
                  <Table.Td>{e.field}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
