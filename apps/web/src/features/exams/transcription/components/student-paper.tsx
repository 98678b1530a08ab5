import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formErrorOf } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { SaveIndicator } from '../../../../components/save-indicator';
import { urlFor } from '../../../../lib/named-routes';
import { numberedQuestions } from '../../marking/index';
import { useSittingAutosave, useSittingAutosaveState } from '../../sittings/index';
import { useTranscription, type StudentSittingParams } from '../api/open-transcription';
import { SubmitForStudent } from './submit-for-student';
import { SubmittedNotice } from './submitted-notice';
import { TranscribedQuestion } from './transcribed-question';

type Section = ExamView['sections'][number];

/** The chosen student's paper: their sitting is opened (or resumed) as transcribed, then one section is entered. */
export function StudentPaper({
  exam,
  sectionId,
  params,
  studentName,
  userId,
  markHref,
}: {
  exam: ExamView;
  sectionId: number;
  params: StudentSittingParams;
  studentName: string;
  userId: number;
  markHref: string;
}) {
  const transcription = useTranscription(params);
  if (transcription.isError) {
    return (
      <Alert color="red" title={`${studentName}'s paper can't be entered`}>
        {formErrorOf(transcription.error)}
      </Alert>
    );
  }
  if (!transcription.data) return <LoadingState label={`Opening ${studentName}'s sitting`} />;
  return (
    <SittingForm
      exam={exam}
      sectionId={sectionId}
      params={params}
      sitting={transcription.data}
      studentName={studentName}
      userId={userId}
      markHref={markHref}
    />
  );
}

function SittingForm({
  exam,
  sectionId,
  params,
  sitting,
  studentName,
  userId,
  markHref,
}: {
  exam: ExamView;
  sectionId: number;
  params: StudentSittingParams;
  sitting: Sitting;
  studentName: string;
  userId: number;
  markHref: string;
}) {
  const questions = exam.sections.flatMap((s) => s.questions);
  const autosave = useSittingAutosave(sitting, questions, userId);
  const state = useSittingAutosaveState(autosave);
  const numbered = numberedQuestions(exam.sections);
  const sectionIndex = exam.sections.findIndex((s) => s.id === sectionId);
  const section = exam.sections[sectionIndex]!;
  const submitted = sitting.status === 'submitted';
  // Whether the sitting was open when the page showed it, i.e. a submit here closed it.
  const [openedHere] = useState(!submitted);
  const sectionHref = (id: number) =>
    `${urlFor('exam-transcribe', { examId: exam.id, sectionId: id })}?class=${params.classId}&student=${params.profileId}`;

  return (
    <Stack gap="lg">
      {submitted ? (
        <SubmittedNotice sitting={sitting} studentName={studentName} markHref={markHref} focus={openedHere} />
      ) : (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            {sitting.transcribed
              ? `Entering ${studentName}'s paper. No time limit applies.`
              : `${studentName}'s sitting.`}
          </Text>
          <SaveIndicator status={state.status} />
        </Group>
      )}
      {state.closed && !submitted && (
        <Alert color="red" title="This sitting takes no more answers">
          {state.closed === 'sitting_submitted'
            ? 'It has been submitted.'
            : state.closed === 'exam_locked'
              ? 'The exam is locked for the class.'
              : 'Its time is up.'}
        </Alert>
      )}
      {exam.sections.length > 1 && <SectionLinks sections={exam.sections} sectionId={sectionId} hrefOf={sectionHref} />}
      <Stack gap="md" component="section" aria-labelledby="section-heading">
        <Title order={2} size="h3" id="section-heading">
          {section.title || 'Questions'}
        </Title>
        {section.questions.map((question) => (
          <TranscribedQuestion
            key={question.id}
            question={question}
            number={numbered.find((entry) => entry.question.id === question.id)?.number ?? 0}
            autosave={submitted ? null : autosave}
            sitting={sitting}
            studentName={studentName}
            disabled={state.closed !== null}
          />
        ))}
      </Stack>
      <SectionPager
        previous={exam.sections[sectionIndex - 1]}
        next={exam.sections[sectionIndex + 1]}
        hrefOf={sectionHref}
        last={
          !submitted &&
          autosave && (
            <SubmitForStudent
              autosave={autosave}
              exam={exam}
              params={params}
              sitting={sitting}
              studentName={studentName}
              answers={state.answers}
            />
          )
        }
      />
    </Stack>
  );
}

/** A link to each section of the paper, the current one marked. */
function SectionLinks({
  sections,
  sectionId,
  hrefOf,
}: {
  sections: readonly Section[];
  sectionId: number;
  hrefOf: (id: number) => string;
}) {
  return (
    <Group component="nav" aria-label="Sections" gap="xs">
      {sections.map((s) => (
        <Button
          key={s.id}
          component={Link}
          to={hrefOf(s.id)}
          variant={s.id === sectionId ? 'filled' : 'default'}
          aria-current={s.id === sectionId ? 'page' : undefined}
          size="sm"
        >
          {s.title}
        </Button>
      ))}
    </Group>
  );
}

/** The previous and next sections; after the last one, `last` (the submit button) takes the next one's place. */
function SectionPager({
  previous,
  next,
  hrefOf,
  last,
}: {
  previous: Section | undefined;
  next: Section | undefined;
  hrefOf: (id: number) => string;
  last: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      {previous ? (
        <Button
          component={Link}
          to={hrefOf(previous.id)}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {previous.title}
        </Button>
      ) : (
        <span />
      )}
      {next ? (
        <Button
          component={Link}
          to={hrefOf(next.id)}
          variant="default"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {next.title}
        </Button>
      ) : (
        last
      )}
    </Group>
  );
}
