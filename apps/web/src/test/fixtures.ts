import type { Me } from '@banksia/contracts/accounts';
import type { ClassSummary } from '@banksia/contracts/classes';
import type {
  DemoCheck,
  ExamClasses,
  ExamQuestionView,
  ExamView,
  Sitting,
  SittingAnswer,
} from '@banksia/contracts/exam-api';

/** A signed-in user; pass only what the test is about. */
export function makeMe(overrides: Partial<Me> & { user?: Partial<Me['user']> } = {}): Me {
  const { user, ...rest } = overrides;
  return {
    user: {
      id: 1,
      email: 'ava@banksia.test',
      first_name: 'Ava',
      last_name: 'Nguyen',
      display_name: 'Ava Nguyen',
      ...user,
    },
    profiles: [],
    roles: [],
    classes: [],
    ...rest,
  };
}

export function makeClass(overrides: Partial<ClassSummary> = {}): ClassSummary {
  return {
    id: 11,
    course_id: 3,
    course_title: 'Year 9 Mathematics',
    title: '9MAT1',
    calendar_year: 2026,
    class_type: 'N',
    role: 'student',
    school_id: 5,
    ...overrides,
  };
}

// Exams as the API sends them, for the exam pages' tests: pass only what a test is about.

export function makeQuestion(
  overrides: Partial<ExamQuestionView> & Pick<ExamQuestionView, 'id' | 'type'>,
): ExamQuestionView {
  return {
    section_id: 10,
    position: overrides.id,
    marks: 1,
    prompt: `<p>Prompt of question ${overrides.id}</p>`,
    solution: null,
    ...overrides,
  };
}

export const choiceQuestion = makeQuestion({
  id: 101,
  type: 'multiple_choice',
  prompt: '<p>Which fraction is equivalent to 3/4?</p>',
  options: [
    { id: 'a', text: '<p>6/8</p>' },
    { id: 'b', text: '<p>3/8</p>' },
  ],
  multiple: false,
});

export const textQuestion = makeQuestion({
  id: 102,
  type: 'short_text',
  prompt: '<p>Name the bottom number of a fraction.</p>',
});

export const numericQuestion = makeQuestion({
  id: 103,
  section_id: 20,
  type: 'numeric',
  marks: 2,
  prompt: '<p>How long is each piece?</p>',
  unit: 'cm',
});

export function makeExam(overrides: Partial<ExamView> = {}): ExamView {
  return {
    id: 3,
    title: 'Fractions test',
    kind: 'exam',
    is_published: true,
    is_submittable: true,
    question_count: 3,
    marks_total: '4',
    additional_materials: '',
    course_id: 1,
    time_limit_minutes: 30,
    hide_solutions_until_release: false,
    sections: [
      { id: 10, title: 'Section A', position: 1, questions: [choiceQuestion, textQuestion] },
      { id: 20, title: 'Section B', position: 2, questions: [numericQuestion] },
    ],
    ...overrides,
  };
}

export function makeClasses(overrides: Partial<ExamClasses['classes'][number]> = {}): ExamClasses {
  return {
    exam_id: 3,
    classes: [
      {
        class_id: 1,
        name: '9MAT1',
        teaches: false,
        is_locked: false,
        released_at: null,
        extra_time_minutes: 0,
        sitting: null,
        ...overrides,
      },
    ],
  };
}

export function makeAnswer(overrides: Partial<SittingAnswer> & Pick<SittingAnswer, 'question_id'>): SittingAnswer {
  return {
    answer: null,
    version: 1,
    updated_at: '2026-11-21T10:00:00Z',
    mark_status: null,
    marks_awarded: null,
    feedback: '',
    ...overrides,
  };
}

export function makeSitting(overrides: Partial<Sitting> = {}): Sitting {
  return {
    id: 50,
    exam_id: 3,
    class_id: 1,
    profile_id: 7,
    status: 'open',
    started_at: '2026-11-21T10:00:00Z',
    submitted_at: null,
    time_limit_minutes: 30,
    extra_time_minutes: 0,
    deadline: '2026-11-21T10:30:00Z',
    time_remaining_seconds: 1800,
    transcribed: false,
    answers: [],
    result: null,
    ...overrides,
  };
}

/**
 * A lesson question set for web tests: exam 400 (the question set of lesson 200 in test/course-fixtures), three
 * questions of one mark each: 901 multiple choice (3/6 is right), 902 short text, 903 numeric in cm.
 */
export function makeQuestionSet(overrides: Partial<ExamView> = {}): ExamView {
  const question = (id: number, position: number, extra: Partial<ExamQuestionView>): ExamQuestionView => ({
    id,
    section_id: 50,
    position,
    type: 'short_text',
    marks: 1,
    prompt: '<p>A question</p>',
    solution: null,
    ...extra,
  });
  return {
    id: 400,
    title: 'Equivalent fractions check',
    kind: 'question_set',
    is_published: true,
    is_submittable: true,
    question_count: 3,
    marks_total: '3',
    additional_materials: '',
    course_id: 3,
    time_limit_minutes: null,
    hide_solutions_until_release: false,
    sections: [
      {
        id: 50,
        title: 'Check your understanding',
        position: 0,
        questions: [
          question(901, 0, {
            type: 'multiple_choice',
            prompt: '<p>Which fraction is equivalent to 1/2?</p>',
            options: [
              { id: 'a', text: '3/6' },
              { id: 'b', text: '1/3' },
            ],
            multiple: false,
          }),
          question(902, 1, { prompt: '<p>Write 6/8 in its simplest form.</p>' }),
          question(903, 2, { type: 'numeric', prompt: '<p>How long is each piece?</p>', unit: 'cm' }),
        ],
      },
    ],
    ...overrides,
  };
}

/** A reflective set: exam 403, two prompts (extended response questions answered with reflections). */
export function makeReflectiveSet(): ExamView {
  const base = makeQuestionSet();
  return {
    ...base,
    id: 403,
    title: 'Fractions: how confident do you feel?',
    kind: 'reflective_question_set',
    question_count: 2,
    marks_total: '2',
    sections: [
      {
        id: 51,
        title: 'Reflect',
        position: 0,
        questions: [
          {
            id: 951,
            section_id: 51,
            position: 0,
            type: 'extended_response',
            marks: 1,
            prompt: '<p>How confident do you feel finding equivalent fractions?</p>',
            solution: null,
          },
          {
            id: 952,
            section_id: 51,
            position: 1,
            type: 'extended_response',
            marks: 1,
            prompt: '<p>How confident do you feel adding fractions?</p>',
            solution: null,
          },
        ],
      },
    ],
  };
}

export function makeQuestionSetAnswer(overrides: Partial<SittingAnswer> & { question_id: number }): SittingAnswer {
  return {
    answer: null,
    version: 1,
    updated_at: '2026-03-02T10:00:00.000Z',
    mark_status: null,
    marks_awarded: null,
    feedback: '',
    ...overrides,
  };
}

/** Ava's open sitting (77) of the question set in class 11, with question 901 answered. */
export function makeQuestionSetSitting(overrides: Partial<Sitting> = {}): Sitting {
  return {
    id: 77,
    exam_id: 400,
    class_id: 11,
    profile_id: 9,
    status: 'open',
    started_at: '2026-03-02T09:55:00.000Z',
    submitted_at: null,
    time_limit_minutes: null,
    extra_time_minutes: 0,
    deadline: null,
    time_remaining_seconds: null,
    transcribed: false,
    answers: [makeQuestionSetAnswer({ question_id: 901, answer: { option_ids: ['a'] } })],
    result: null,
    ...overrides,
  };
}

export function makeDemoCheck(overrides: Partial<DemoCheck> = {}): DemoCheck {
  return {
    question_id: 901,
    mark_status: 'correct',
    marks_awarded: 1,
    solution: { worked_solution: '<p>Multiply top and bottom by 3.</p>', correct_option_ids: ['a'] },
    ...overrides,
  };
}
