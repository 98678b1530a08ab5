import { FailureReason } from '@banksia/contracts/errors';
import { useParams } from 'react-router';
import { type GridSpec, ProgressGridPage } from '../../features/progress/index';
import { urlFor } from '../../lib/named-routes';
import { classCrumbs, ClassPageFrame } from '../components/class-page-frame';
import type { Crumb } from '../components/page-breadcrumbs';
import { useClassContext, type ClassContext } from '../layouts/class-context';
import { ErrorPage } from '../pages/error-page';
import { FailurePage } from '../pages/failure-page';
import { idParam } from '../route-params';

/** Breadcrumbs of a grid: the course, then the topic when the grid sits under one. */
function crumbsFor(ctx: ClassContext, spec: GridSpec): Crumb[] {
  const { classId, assemblage } = ctx;
  const crumbs = classCrumbs(ctx);
  if (spec.kind === 'topic_exam') {
    const topic = assemblage.sections[String(spec.topicId)];
    crumbs.push({
      label: topic ? `${topic.title}: progress` : 'Topic progress',
      href: urlFor('class-progress-topic', { classId, topicId: spec.topicId }),
    });
  }
  if (spec.kind === 'question') {
    const exam = assemblage.exams[String(spec.examId)];
    crumbs.push({
      label: exam ? `${exam.title}: progress` : 'Question set progress',
      href: urlFor('class-progress-question-set', { classId, examId: spec.examId }),
    });
  }
  return crumbs;
}

/**
 * One wrapper for every grid page: teachers of the class, school admins and staff only (students get the 403 page;
 * the server refuses them too), ids read from the address (404 when one is not an id).
 */
function GridRoute({ toSpec }: { toSpec: (classId: number, ids: Record<string, number | null>) => GridSpec | null }) {
  const ctx = useClassContext();
  const params = useParams();
  if (ctx.role !== 'teacher') return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  const ids = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, idParam(v)]));
  const spec = toSpec(ctx.classId, ids);
  if (!spec) return <ErrorPage status={404} />;
  return (
    <ClassPageFrame crumbs={crumbsFor(ctx, spec)}>
      <ProgressGridPage key={JSON.stringify(spec)} spec={spec} />
    </ClassPageFrame>
  );
}

const all = (...values: (number | null | undefined)[]): boolean => values.every((v) => typeof v === 'number');

export function ClassProgressExamRoute() {
  return (
    <GridRoute toSpec={(classId, { examId }) => (all(examId) ? { kind: 'exam', classId, examId: examId! } : null)} />
  );
}

export function ClassProgressTopicRoute() {
  return (
    <GridRoute
      toSpec={(classId, { topicId }) => (all(topicId) ? { kind: 'topic', classId, topicId: topicId! } : null)}
    />
  );
}

export function ClassProgressTopicExamRoute() {
  return (
    <GridRoute
      toSpec={(classId, { topicId, examId }) =>
        all(topicId, examId) ? { kind: 'topic_exam', classId, topicId: topicId!, examId: examId! } : null
      }
    />
  );
}

export function ClassProgressLessonRoute() {
  return (
    <GridRoute
      toSpec={(classId, { lessonId }) => (all(lessonId) ? { kind: 'lesson', classId, lessonId: lessonId! } : null)}
    />
  );
}

export function ClassProgressStudentRoute() {
  return (
    <GridRoute
      toSpec={(classId, { profileId }) => (all(profileId) ? { kind: 'student', classId, profileId: profileId! } : null)}
    />
  );
}

export function ClassProgressQuestionSetRoute() {
  return (
    <GridRoute
      toSpec={(classId, { examId }) => (all(examId) ? { kind: 'question_set', classId, examId: examId! } : null)}
    />
  );
}

export function ClassProgressReflectiveRoute() {
  return (
    <GridRoute
      toSpec={(classId, { examId }) =>
        all(examId) ? { kind: 'reflective_question_set', classId, examId: examId! } : null
      }
    />
  );
}

export function ClassProgressQuestionRoute() {
  return (
    <GridRoute
      toSpec={(classId, { examId, questionId }) =>
        all(examId, questionId) ? { kind: 'question', classId, examId: examId!, questionId: questionId! } : null
      }
    />
  );
}
