import type { DemoCheck, ExamQuestionView, ExamView, Sitting, SittingAnswer } from '@banksia/contracts/exam-api';

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

export function makeAnswer(overrides: Partial<SittingAnswer> & { question_id: number }): SittingAnswer {
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
export function makeSitting(overrides: Partial<Sitting> = {}): Sitting {
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
    answers: [makeAnswer({ question_id: 901, answer: { option_ids: ['a'] } })],
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
