import type { ExamAnswer } from '@banksia/contracts/exams';
import { comesBackLabel, REVIEW_SET_SIZE } from '@banksia/contracts/rules/review';
import type { ReviewAnswerResult, ReviewCard, ReviewToday } from '@banksia/contracts/review';
import { Alert, Badge, Button, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight, IconChecks, IconConfetti, IconRepeat } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { isAnswered, MarkBadge, QuestionInput, QuestionPrompt, SolutionView } from '../../exams/questions/index';
import { useAnswerReviewCard } from '../api/answer-review-card';
import { reviewKeys, useReviewToday } from '../api/get-review-today';

const cardKey = (card: ReviewCard) => `${card.class_id}:${card.question_id}`;

/** "Wednesday 11 March", in the browser's language, the day as the school counts it (its time zone, ADR 048). */
export function formatDay(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', timeZone });
}

/**
 * /review/: the student's review for today. Questions they got wrong (or rated their lesson low on) come back at
 * growing intervals (FSRS, on the server); the page works through today's set one question at a time: answer,
 * "Check", see whether it was right with the worked solution and when it comes back, then Next.
 */
export function ReviewPage() {
  useDocumentTitle("Today's review · Banksia");
  const today = useReviewToday();
  if (today.isError) throw today.error;
  if (!today.data) return <LoadingState label="Loading today's review" />;
  return <ReviewSession today={today.data} />;
}

function ReviewSession({ today }: { today: ReviewToday }) {
  const queryClient = useQueryClient();
  // The set as it was when the page opened: the student works through it while the server moves each card on.
  const [cards, setCards] = useState(today.cards);
  const [index, setIndex] = useState(0);
  const [reviewed, setReviewed] = useState(0);
  const [finishing, setFinishing] = useState(false);

  if (cards.length === 0) return <NothingDue today={today} reviewedNow={reviewed} />;

  if (index >= cards.length) {
    return (
      <SetDone
        today={today}
        reviewedNow={reviewed}
        loading={finishing}
        onMore={() => {
          setCards(today.cards);
          setIndex(0);
        }}
      />
    );
  }

  const card = cards[index]!;
  const last = index === cards.length - 1;
  return (
    <Stack gap="md" maw={960}>
      <ReviewHeader />
      <Stack gap={4}>
        <Text size="sm">
          Question {index + 1} of {cards.length}
        </Text>
        {/* The line above says the same in words. */}
        <Progress value={(index / cards.length) * 100} aria-hidden size="sm" radius="xl" />
      </Stack>
      <ReviewQuestion
        key={cardKey(card)}
        card={card}
        timeZone={today.time_zone}
        number={index + 1}
        last={last}
        onReviewed={() => setReviewed((n) => n + 1)}
        onNext={async () => {
          if (!last) {
            setIndex(index + 1);
            return;
          }
          // The set is done: ask again what is left for today (more may be due than one set holds).
          setFinishing(true);
          setIndex(cards.length);
          await queryClient.invalidateQueries({ queryKey: reviewKeys.today() });
          setFinishing(false);
        }}
      />
    </Stack>
  );
}

function ReviewHeader() {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        Today&apos;s review
      </Title>
      <Text c="dimmed">
        Questions you found hard come back here, further apart each time you get them right, so they stick.
      </Text>
    </Stack>
  );
}

function sourceText(card: ReviewCard): string {
  return card.source === 'wrong'
    ? `You got this wrong in ${card.exam_title}.`
    : `From ${card.exam_title}, after you rated the lesson as one to revisit.`;
}

function ReviewQuestion({
  card,
  timeZone,
  number,
  last,
  onReviewed,
  onNext,
}: {
  card: ReviewCard;
  timeZone: string;
  number: number;
  last: boolean;
  onReviewed: () => void;
  onNext: () => void | Promise<void>;
}) {
  const [answer, setAnswer] = useState<ExamAnswer | null>(null);
  const [result, setResult] = useState<ReviewAnswerResult | null>(null);
  const checking = useAnswerReviewCard();
  const answered = isAnswered(card.question, answer);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`question-${card.question.id}-heading`}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light">{card.class_name}</Badge>
          {card.topic && (
            <Badge variant="outline" color="gray">
              {card.topic}
            </Badge>
          )}
        </Group>
        <QuestionPrompt question={card.question} number={number} />
        <Text size="sm" c="dimmed">
          {sourceText(card)}
        </Text>
        <QuestionInput question={card.question} answer={answer} onChange={setAnswer} disabled={result !== null} />
        {!result && (
          <Group gap="sm">
            <Button
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={!answered}
              loading={checking.isPending}
              onClick={() => {
                if (!answer) return;
                checking.mutate(
                  { key: { classId: card.class_id, questionId: card.question_id }, answer },
                  {
                    onSuccess: (checked) => {
                      setResult(checked);
                      onReviewed();
                    },
                  },
                );
              }}
            >
              Check
            </Button>
            {!answered && (
              <Text size="sm" c="dimmed">
                Answer the question to check it.
              </Text>
            )}
          </Group>
        )}
        {checking.isError && (
          <Alert color="red" variant="light" role="alert">
            Your answer couldn&apos;t be checked. {formErrorOf(checking.error)}
          </Alert>
        )}
        {/* Announced when it appears, so a screen reader hears the result after pressing Check. */}
        <div aria-live="polite">
          {result && (
            <CheckResult card={card} result={result} timeZone={timeZone}>
              <Group>
                <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => void onNext()}>
                  {last ? 'Finish' : 'Next question'}
                </Button>
              </Group>
            </CheckResult>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

function CheckResult({
  card,
  result,
  timeZone,
  children,
}: {
  card: ReviewCard;
  result: ReviewAnswerResult;
  timeZone: string;
  children: ReactNode;
}) {
  const headline = result.correct
    ? 'Right!'
    : result.mark_status === 'partially_correct'
      ? 'Partly right.'
      : 'Not quite.';
  return (
    <Stack gap="sm" component="section" aria-labelledby="review-result-heading">
      <Group gap="sm">
        <Title order={3} size="h5" id="review-result-heading">
          {headline}
        </Title>
        <MarkBadge status={result.mark_status} marksAwarded={result.marks_awarded} marks={card.question.marks} />
      </Group>
      <Text fw={500}>
        {comesBackLabel(result.comes_back_in_days)}
        {result.comes_back_in_days > 0 && ` (${formatDay(result.due, timeZone)})`}.
      </Text>
      <Title order={3} size="h5">
        Solution
      </Title>
      <SolutionView question={{ ...card.question, solution: result.solution }} />
      {children}
    </Stack>
  );
}

/** What the review holds and where its questions come from, for a student with nothing due. */
function WhereFrom() {
  return (
    <List size="sm" spacing={4}>
      <List.Item>Questions you get wrong, or partly wrong, in exams and question sets.</List.Item>
      <List.Item>The questions of a lesson&apos;s question set when you rate the lesson 1 or 2.</List.Item>
    </List>
  );
}

function NothingDue({ today, reviewedNow }: { today: ReviewToday; reviewedNow: number }) {
  const done = Math.max(today.done_today, reviewedNow);
  return (
    <Stack gap="md" maw={720}>
      <ReviewHeader />
      <Paper withBorder p="lg">
        {today.total_cards === 0 ? (
          <Stack gap="sm">
            <Title order={2} size="h4">
              Nothing to review yet
            </Title>
            <Text>Your review fills up as you work. Questions come back here from:</Text>
            <WhereFrom />
            <Text size="sm" c="dimmed">
              Each question comes back on the day you are most likely to be about to forget it: soon after a wrong
              answer, and further apart each time you get it right.
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Title order={2} size="h4">
              {done > 0 ? 'All done for today' : 'Nothing due today'}
            </Title>
            {done > 0 && <Text>You reviewed {questionsLabel(done)} today. Well done.</Text>}
            {today.next_due && <Text>Your next review is on {formatDay(today.next_due, today.time_zone)}.</Text>}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

const questionsLabel = (n: number) => (n === 1 ? '1 question' : `${n} questions`);

function SetDone({
  today,
  reviewedNow,
  loading,
  onMore,
}: {
  today: ReviewToday;
  reviewedNow: number;
  loading: boolean;
  onMore: () => void;
}) {
  if (loading) return <LoadingState label="Checking what is left for today" />;
  const more = today.due_today;
  return (
    <Stack gap="md" maw={720}>
      <ReviewHeader />
      <Paper withBorder p="lg" component="section" aria-labelledby="review-done-heading">
        <Stack gap="sm">
          <Group gap="xs">
            <IconConfetti size={24} aria-hidden />
            <Title order={2} size="h4" id="review-done-heading">
              {more > 0 ? 'Set done' : 'All done for today'}
            </Title>
          </Group>
          <Text>You reviewed {questionsLabel(Math.max(today.done_today, reviewedNow))} today. Well done.</Text>
          {more > 0 ? (
            <>
              <Text>
                {more === 1 ? '1 more question is' : `${more} more questions are`} due today. You can do another set
                now, or leave {more === 1 ? 'it' : 'them'} for tomorrow.
              </Text>
              <Group>
                <Button leftSection={<IconRepeat size={16} aria-hidden />} onClick={onMore}>
                  Do another set ({Math.min(more, REVIEW_SET_SIZE)})
                </Button>
              </Group>
            </>
          ) : (
            today.next_due && <Text>Your next review is on {formatDay(today.next_due, today.time_zone)}.</Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
