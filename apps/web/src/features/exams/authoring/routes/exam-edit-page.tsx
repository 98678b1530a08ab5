import { FailureReason } from '@banksia/contracts/errors';
import { Anchor, Button, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { RequestFailure } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { useAuthoringExam } from '../api/get-authoring-exam';
import { useAuthoringOptions } from '../api/get-authoring-options';
import { CreateSteps as Steps } from '../components/create-steps';
import { ExamEditor } from '../components/exam-editor';

export const notFound = () => new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);

/** The editor of one exam, loaded by id (edit/{id}/ with its details, create/2/ without). */
export function EditorPage({ examId, showDetails }: { examId: number; showDetails: boolean }) {
  const exam = useAuthoringExam(examId);
  const options = useAuthoringOptions();
  const navigate = useNavigate();
  if (exam.isError) throw exam.error;
  if (options.isError) throw options.error;
  if (!exam.data || !options.data) return <LoadingState label="Loading the exam" />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{showDetails ? exam.data.title : `New exam: ${exam.data.title}`}</Title>
        {showDetails ? (
          <Anchor component={Link} to={urlFor('content-admin-exams')} size="sm">
            All exams and question sets
          </Anchor>
        ) : (
          <Steps step={2} />
        )}
      </div>
      <ExamEditor
        key={exam.data.id}
        exam={exam.data}
        options={options.data}
        showDetails={showDetails}
        actions={
          showDetails ? undefined : (
            <Button variant="default" onClick={() => void navigate(urlFor('content-admin-exam-edit', { examId }))}>
              Finish
            </Button>
          )
        }
      />
    </Stack>
  );
}

/** /content/admin/exams/create/2/?exam_id=: the new exam's sections and questions. */

export function ExamEditRoute() {
  useDocumentTitle('Edit exam · Banksia');
  const examId = Number(useParams().examId);
  if (!Number.isInteger(examId) || examId <= 0) throw notFound();
  return <EditorPage examId={examId} showDetails />;
}

/** /content/admin/exams/edit/: every exam and question set, with search and filters. */
