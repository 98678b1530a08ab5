import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import type { ExamAnswer } from '@banksia/contracts/exams';
import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { activityResponseIdOf } from './answer-shape';
import { useQuestionContext } from './question-context';

// The activity viewer (and its drag and drop, drawing and upload blocks) loads only when an activity question shows.
const ActivityAnswer = lazy(() => import('./activity-question-impl'));
const ActivityAnswerReview = lazy(async () => ({
  default: (await import('./activity-question-impl')).ActivityAnswerReview,
}));

/** An activity question's input: the activity itself, where the page says which class it is answered in. */
export function ActivityQuestionInput(props: {
  question: ExamQuestionView;
  answer: ExamAnswer | null;
  onChange: (answer: ExamAnswer) => void;
  disabled?: boolean;
}) {
  const context = useQuestionContext();
  if (!context || props.question.activity_id === undefined) {
    return (
      <Text size="sm">
        This question is answered by doing an activity on screen, so it can&apos;t be answered here. Open the exam from
        your class to do the activity.
      </Text>
    );
  }
  return (
    <Suspense fallback={<LoadingState label="Loading the activity" py="md" />}>
      <ActivityAnswer {...props} context={context} />
    </Suspense>
  );
}

/** A given activity answer: the student's work in the activity, where the page says whose and in which class. */
export function ActivityAnswerView({ question, answer }: { question: ExamQuestionView; answer: ExamAnswer | null }) {
  const context = useQuestionContext();
  if (activityResponseIdOf(answer) === null) return null;
  if (!context || question.activity_id === undefined) return <Text>Answered in the activity.</Text>;
  return (
    <Suspense fallback={<LoadingState label="Loading the activity answers" py="md" />}>
      <ActivityAnswerReview question={question} context={context} />
    </Suspense>
  );
}
