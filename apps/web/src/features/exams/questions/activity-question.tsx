import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import type { ExamAnswer } from '@banksia/contracts/exams';
import { Text } from '@mantine/core';
import { Suspense } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { useEmbeddedActivity } from '../../../lib/embedded-activity';
import { activityResponseIdOf } from './answer-shape';
import { useQuestionContext } from './question-context';

// The activity itself comes from the app (lib/embedded-activity), which loads the viewer (and its drag and drop,
// drawing and upload blocks) only when an activity question shows.

/** An activity question's input: the activity itself, where the page says which class it is answered in. */
export function ActivityQuestionInput(props: {
  question: ExamQuestionView;
  answer: ExamAnswer | null;
  onChange: (answer: ExamAnswer) => void;
  disabled?: boolean;
}) {
  const context = useQuestionContext();
  const embedded = useEmbeddedActivity();
  if (!context || !embedded || props.question.activity_id === undefined) {
    return (
      <Text size="sm">
        This question is answered by doing an activity on screen, so it can&apos;t be answered here. Open the exam from
        your class to do the activity.
      </Text>
    );
  }
  return (
    <Suspense fallback={<LoadingState label="Loading the activity" py="md" />}>
      <embedded.Answer
        activityId={props.question.activity_id}
        classId={context.classId}
        userId={context.userId}
        disabled={props.disabled}
        onResponse={(id) => {
          // The exam's answer names the student's response to the activity, given at their first change in it.
          if (activityResponseIdOf(props.answer) !== id) props.onChange({ activity_response_id: id });
        }}
      />
    </Suspense>
  );
}

/** A given activity answer: the student's work in the activity, where the page says whose and in which class. */
export function ActivityAnswerView({ question, answer }: { question: ExamQuestionView; answer: ExamAnswer | null }) {
  const context = useQuestionContext();
  const embedded = useEmbeddedActivity();
  if (activityResponseIdOf(answer) === null) return null;
  if (!context || !embedded || question.activity_id === undefined) return <Text>Answered in the activity.</Text>;
  return (
    <Suspense fallback={<LoadingState label="Loading the activity answers" py="md" />}>
      <embedded.Review activityId={question.activity_id} classId={context.classId} profileId={context.profileId} />
    </Suspense>
  );
}
