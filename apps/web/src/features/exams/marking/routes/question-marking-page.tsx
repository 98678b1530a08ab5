import { useAnonymiser } from '../../../../lib/anonymiser';
import { FailureReason } from '@banksia/contracts/errors';
import type { ExamView, QuestionResponses } from '@banksia/contracts/exam-api';
import { Anchor, Badge, Box, Button, Grid, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { UnsavedGuard } from '../../../../components/unsaved-guard';
import { RequestFailure } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { AnswerView, MarkBadge, QuestionContext, QuestionPrompt, SolutionView } from '../../questions/index';
import { useExam } from '../../api/get-exam';
import { useQuestionResponses, type QuestionParams } from '../api/get-question-responses';
import { AcceptAlternativeForm } from '../components/accept-alternative-form';
import { AnswerMarkForm, type QuestionResponse } from '../components/answer-mark-form';
import { ANONYMISE_PARAM, HideNamesSwitch } from '../components/hide-names-switch';
import { keptFlags, useSearchFlag } from '../hooks/use-search-flag';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard';
import { byName, formatWhen, isMarkedByHand, numberedQuestions, plural, questionTypeLabels } from '../utils/format';
import classes from './marking.module.css';

export const WAITING_PARAM = 'waiting';
/** The settings that follow the teacher from question to question. */
const KEPT_FLAGS = [ANONYMISE_PARAM, WAITING_PARAM] as const;

export interface QuestionMarkingPageProps {
  classId: number;
  examId: number;
  questionId: number;
  /** The signed-in teacher, for activity answers (their viewer keeps drafts per user). */
  userId: number;
}

/**
 * /class/{classId}/progress/exam/{examId}/mark/question/{questionId}/: one question marked across the class. The
 * question with its answer key and worked solution stays beside the answers; each student's answer has its own
 * marks and feedback, saved on its own. Names can be hidden (?anonymise=1) and the list cut to the answers waiting
 * for marking (?waiting=1); both stay in the address, and go with the teacher to the previous and next question.
 */
export function QuestionMarkingPage({ classId, examId, questionId, userId }: QuestionMarkingPageProps) {
  const [anonymise, setAnonymise] = useAnonymiser();
  const [waitingOnly, setWaitingOnly] = useSearchFlag(WAITING_PARAM);
  const params: QuestionParams = { classId, examId, questionId };
  const exam = useExam(examId);
  const responses = useQuestionResponses({ ...params, anonymise });
  const guard = useUnsavedGuard();
  useDocumentTitle(exam.data ? `Mark · ${exam.data.title} · Banksia` : 'Mark · Banksia');

  // A question the teacher may not mark, or that is not in the exam, shows its failure page instead.
  if (exam.isError) throw exam.error;
  if (responses.isError && (!responses.data || responses.isPlaceholderData)) throw responses.error;
  if (!exam.data) return <LoadingState label="Loading the question" />;

  const numbered = numberedQuestions(exam.data.sections);
  const index = numbered.findIndex((entry) => entry.question.id === questionId);
  const entry = numbered[index];
  if (!entry) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  const question = responses.data?.question ?? entry.question;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{exam.data.title}</Title>
        <Text c="dimmed" mt={4}>
          Marking question {entry.number} of {numbered.length}
          {entry.sectionTitle ? ` · ${entry.sectionTitle}` : ''} · {questionTypeLabels[question.type]}
        </Text>
      </div>
      <QuestionPager classId={classId} examId={examId} exam={exam.data} index={index} label="Questions" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {/* Focusable, so the column can be scrolled by keyboard when it scrolls on its own. */}
          <Stack gap="md" className={classes.sticky} tabIndex={0} aria-label="The question and its answer key">
            <Paper withBorder p="md" radius="md">
              <QuestionPrompt question={question} number={entry.number} />
            </Paper>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="answer-key-heading">
              <Title order={2} size="h4" id="answer-key-heading" mb="xs">
                Answer key
              </Title>
              <SolutionView question={question} order={3} />
            </Paper>
            {!isMarkedByHand(question.type) && responses.data && (
              <Paper withBorder p="md" radius="md">
                <AcceptAlternativeForm params={params} question={question} />
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md" component="section" aria-labelledby="answers-heading">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <div>
                <Title order={2} size="h3" id="answers-heading">
                  Answers
                </Title>
                {responses.data && <AnswerCounts responses={responses.data.responses} />}
              </div>
              <Stack gap="xs">
                <HideNamesSwitch checked={anonymise} onChange={setAnonymise} />
                <Switch
                  label="Waiting for marking only"
                  checked={waitingOnly}
                  onChange={(event) => setWaitingOnly(event.currentTarget.checked)}
                />
              </Stack>
            </Group>
            {responses.data ? (
              <ResponseList
                params={params}
                data={responses.data}
                // While the other list (names shown or hidden) loads, the forms stay as they are but no name shows:
                // real names must not flash up on a projector after "Hide student names".
                namesPending={responses.isPlaceholderData}
                waitingOnly={waitingOnly}
                userId={userId}
                onDirtyChange={guard.markDirty}
              />
            ) : (
              <LoadingState label="Loading the answers" />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <QuestionPager classId={classId} examId={examId} exam={exam.data} index={index} label="Questions, end of page" />
      <UnsavedGuard unsaved={guard.unsaved > 0}>
        {plural(guard.unsaved, 'mark')} on this page {guard.unsaved === 1 ? 'is' : 'are'} not saved. If you leave now,{' '}
        {guard.unsaved === 1 ? 'it is' : 'they are'} lost.
      </UnsavedGuard>
    </Stack>
  );
}

function AnswerCounts({ responses }: { responses: readonly QuestionResponse[] }) {
  const waiting = responses.filter((r) => r.mark_status === 'needs_marking').length;
  return (
    <Text size="sm" c="dimmed">
      {plural(responses.length, 'submitted answer')} · {waiting} waiting for marking
    </Text>
  );
}

/** Back to the overview, and the previous and next question with the page's settings kept. */
function QuestionPager({
  classId,
  examId,
  exam,
  index,
  label,
}: {
  classId: number;
  examId: number;
  exam: ExamView;
  index: number;
  /** The navigation's name; the top and bottom ones need different names. */
  label: string;
}) {
  const [search] = useSearchParams();
  const numbered = numberedQuestions(exam.sections);
  const kept = keptFlags(search, KEPT_FLAGS);
  const hrefOf = (at: number) => {
    const target = numbered[at];
    return target
      ? `${urlFor('class-exam-mark-question', { classId, examId, questionId: target.question.id })}${kept}`
      : null;
  };
  const previous = hrefOf(index - 1);
  const next = hrefOf(index + 1);
  const overview = `${urlFor('class-exam-mark', { classId, examId })}${keptFlags(search, [ANONYMISE_PARAM])}`;
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm" wrap="wrap">
      <Anchor component={Link} to={overview}>
        All questions and students
      </Anchor>
      <Group gap="sm">
        {previous ? (
          <Button
            component={Link}
            to={previous}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Question {index}
          </Button>
        ) : (
          <Button variant="default" disabled leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Previous
          </Button>
        )}
        {next ? (
          <Button component={Link} to={next} variant="default" rightSection={<IconArrowRight size={16} aria-hidden />}>
            Question {index + 2}
          </Button>
        ) : (
          <Button variant="default" disabled rightSection={<IconArrowRight size={16} aria-hidden />}>
            Next
          </Button>
        )}
      </Group>
    </Group>
  );
}

function ResponseList({
  params,
  data,
  namesPending,
  waitingOnly,
  userId,
  onDirtyChange,
}: {
  params: QuestionParams;
  data: QuestionResponses;
  namesPending: boolean;
  waitingOnly: boolean;
  userId: number;
  onDirtyChange: (sittingId: number, dirty: boolean) => void;
}) {
  // The answers that waited when the filter was turned on stay listed once marked, so the teacher sees what they
  // saved and the list does not jump under their hand; answers coming in meanwhile join it.
  const [pinned, setPinned] = useState<ReadonlySet<number> | null>(null);
  if (waitingOnly && pinned === null) {
    setPinned(new Set(data.responses.filter((r) => r.mark_status === 'needs_marking').map((r) => r.sitting_id)));
  } else if (!waitingOnly && pinned !== null) {
    setPinned(null);
  }
  const shown = (response: QuestionResponse) =>
    !waitingOnly || response.mark_status === 'needs_marking' || (pinned?.has(response.sitting_id) ?? false);

  if (data.responses.length === 0) {
    return <Text>No one has submitted this exam yet. Answers show here once students submit.</Text>;
  }
  const visible = data.responses.filter(shown).length;
  const ordered = data.anonymised ? byName(data.responses) : data.responses;
  return (
    <Stack gap="md">
      {visible === 0 && <Text>Nothing waits for marking on this question.</Text>}
      {ordered.map((response) => (
        // Hidden rather than left out, so a mark being typed survives turning the filter on and off.
        <Box key={response.sitting_id} hidden={!shown(response)}>
          <ResponseCard
            params={params}
            question={data.question}
            response={response}
            name={namesPending ? null : `${response.first_name} ${response.last_name}`}
            userId={userId}
            onDirtyChange={onDirtyChange}
          />
        </Box>
      ))}
    </Stack>
  );
}

function ResponseCard({
  params,
  question,
  response,
  name,
  userId,
  onDirtyChange,
}: {
  params: QuestionParams;
  question: QuestionResponses['question'];
  response: QuestionResponse;
  /** Null while the names are being fetched. */
  name: string | null;
  userId: number;
  onDirtyChange: (sittingId: number, dirty: boolean) => void;
}) {
  const headingId = `answer-${response.sitting_id}-heading`;
  const shownName = name ?? 'Student';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Group gap="xs">
              <Title order={3} size="h5" id={headingId}>
                {name ?? (
                  <Text span c="dimmed" inherit>
                    Loading name…
                  </Text>
                )}
              </Title>
              {response.transcribed && (
                <Badge variant="outline" color="gray" size="sm" tt="none">
                  Paper, entered by a teacher
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              Submitted {formatWhen(response.submitted_at)}
              {response.mark_status === 'needs_marking'
                ? ''
                : response.marked_by_teacher
                  ? ' · Marked by a teacher'
                  : ' · Marked automatically'}
            </Text>
          </div>
          <MarkBadge
            viewer="teacher"
            status={response.mark_status}
            marksAwarded={response.marks_awarded}
            marks={question.marks}
          />
        </Group>
        <QuestionContext.Provider value={{ classId: params.classId, userId, profileId: response.profile_id }}>
          <AnswerView question={question} answer={response.answer} />
        </QuestionContext.Provider>
        <AnswerMarkForm
          params={params}
          marks={question.marks}
          response={response}
          studentName={shownName}
          onDirtyChange={onDirtyChange}
        />
      </Stack>
    </Paper>
  );
}
