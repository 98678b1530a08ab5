import type { ExamClasses, ExamQuestionView, ExamView, Sitting, SittingAnswer } from '@banksia/contracts/exam-api';

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
