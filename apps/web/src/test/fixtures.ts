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
import type {
  Attachment,
  Chunk,
  ClassAssemblage,
  ClassCourseProgress,
  ClassTreeNode,
  Course,
  DemoLesson,
  ExamSummary,
  Lesson,
  PresitreeAssemblage,
  Section,
  UserCourseProgress,
} from '@banksia/contracts/courses';

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

// A course, its class and its progress.

/**
 * A small course for web tests: Year 9 Mathematics (course 3) taught in class 11 (EXTENDED), with
 * - Fractions (topic 100): Equivalent fractions (lesson 200: three parts, a file video with captions, a hosted video,
 *   a question set, a worksheet and premium answers; also a demo), Adding fractions (201, coming soon), a premium
 *   lesson (202), a topic test (exam 401), an unsubmittable exam (402, never listed) and a sub-section Practice (102)
 *   with Fraction drills (205);
 * - Algebra (topic 101): Linear equations (203);
 * - an unpublished Draft topic (103) with an unpublished lesson (204).
 */
export const course: Course = {
  id: 3,
  slug: 'year-9-mathematics',
  title: 'Year 9 Mathematics',
  subject: 'Mathematics',
  is_published: true,
  year_published: 2026,
  default_year_level: '9',
  curriculum: 'Australian Curriculum',
  has_textbook: true,
  show_student_notes: true,
  feature_sets: {
    STUDENT_NOTES: ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'],
    LESSON_QUESTIONS: ['EXTENDED', 'EXTENDED_TEXTBOOK'],
    PREMIUM_ATTACHMENTS: ['EXTENDED_TEXTBOOK'],
  },
};

function section(id: number, title: string, extra: Partial<Section> = {}): Section {
  return { id, title, is_published: true, depth: 1, parent_id: null, ...extra };
}

function fileChunk(id: number, index: number, title: string, seconds = 120): Chunk {
  return {
    id,
    index,
    title,
    total_duration: seconds,
    video: {
      id: id + 1000,
      kind: 'file',
      url: `/media/videos/${id}.webm`,
      provider: null,
      hosted_id: null,
      duration: seconds,
      captions: [
        { id: id + 2000, label: 'English', srclang: 'en', url: `/media/captions/${id}.en.vtt`, is_default: true },
      ],
    },
  };
}

function hostedChunk(id: number, index: number, title: string): Chunk {
  return {
    id,
    index,
    title,
    total_duration: 95,
    video: {
      id: id + 1000,
      kind: 'hosted',
      url: null,
      provider: 'vimeo',
      hosted_id: '76979871',
      duration: 95,
      captions: [],
    },
  };
}

export const questionSet: ExamSummary = {
  id: 400,
  title: 'Equivalent fractions check',
  kind: 'question_set',
  is_published: true,
  is_submittable: true,
  question_count: 6,
  marks_total: '6',
  additional_materials: '',
};

function lesson(id: number, title: string, chunks: Chunk[], extra: Partial<Lesson> = {}): Lesson {
  return {
    id,
    title,
    content_type: 'tod.lesson',
    total_duration: chunks.reduce((sum, c) => sum + c.total_duration, 0),
    is_published: true,
    is_coming_soon: false,
    is_premium: false,
    is_demo: false,
    has_success_measure: false,
    chunk_count: chunks.length,
    chunks,
    question_set: null,
    activities: [],
    ...extra,
  };
}

export const equivalentFractions = lesson(
  200,
  'Equivalent fractions',
  [
    fileChunk(300, 1, 'What makes fractions equal'),
    hostedChunk(301, 2, 'Fraction walls'),
    fileChunk(302, 3, 'Simplifying'),
  ],
  { question_set: questionSet, is_demo: true },
);

export const lessons: Record<string, Lesson> = {
  '200': equivalentFractions,
  '201': lesson(201, 'Adding fractions', [], { is_coming_soon: true }),
  '202': lesson(202, 'Fractions of amounts', [fileChunk(303, 1, 'Finding a fraction')], { is_premium: true }),
  '203': lesson(203, 'Linear equations', [fileChunk(304, 1, 'Balancing')]),
  '204': lesson(204, 'Draft lesson', [fileChunk(305, 1, 'Draft')], { is_published: false }),
  '205': lesson(205, 'Fraction drills', [fileChunk(306, 1, 'Drill one'), fileChunk(307, 2, 'Drill two')]),
};

export const sections: Record<string, Section> = {
  '100': section(100, 'Fractions'),
  '101': section(101, 'Algebra'),
  '102': section(102, 'Practice', { depth: 2, parent_id: 100 }),
  '103': section(103, 'Draft topic', { is_published: false }),
};

export const exams: Record<string, ExamSummary> = {
  '400': questionSet,
  '401': {
    ...questionSet,
    id: 401,
    title: 'Fractions topic test',
    kind: 'exam',
    question_count: 20,
    marks_total: '40',
  },
  '402': { ...questionSet, id: 402, title: 'Unsubmittable exam', kind: 'exam', is_submittable: false },
};

export const attachments: Record<string, Attachment> = {
  '500': {
    id: 500,
    title: 'Equivalent fractions worksheet',
    file_url: '/media/attachments/worksheet.pdf',
    file_name: 'worksheet.pdf',
    content_type: 'application/pdf',
    size: 48_000,
    additional_materials: false,
    is_premium: false,
  },
  '501': {
    id: 501,
    title: 'Worked answers',
    file_url: '/media/attachments/answers.pdf',
    file_name: 'answers.pdf',
    content_type: 'application/pdf',
    size: 1_200_000,
    additional_materials: true,
    is_premium: true,
  },
};

const node = (type: ClassTreeNode['node_type'], id: number, children: ClassTreeNode[] = []): ClassTreeNode => ({
  id: `${type.toLowerCase()}-${id}`,
  node_type: type,
  value_id: id,
  children,
});

export const classTree: ClassTreeNode = node('COURSE', 3, [
  node('SECTION', 100, [
    node('LESSON', 200, [node('ATTACHMENT', 500), node('ATTACHMENT', 501)]),
    node('LESSON', 201),
    node('LESSON', 202),
    node('EXAM', 401),
    node('EXAM', 402),
    node('SECTION', 102, [node('LESSON', 205)]),
  ]),
  node('SECTION', 101, [node('LESSON', 203)]),
  node('SECTION', 103, [node('LESSON', 204)]),
]);

export function makeClassAssemblage(overrides: Partial<ClassAssemblage> = {}): ClassAssemblage {
  return {
    class: { id: 11, title: '9MAT1', class_type: 'N', features: 'EXTENDED', calendar_year: 2026 },
    course,
    tree: classTree,
    sections,
    lessons,
    exams,
    attachments,
    ...overrides,
  };
}

/** Ava (user 1) has opened the first part of Equivalent fractions and rated it 3. */
export function makeUserProgress(overrides: Partial<UserCourseProgress> = {}): UserCourseProgress {
  return {
    user_id: 1,
    class_id: 11,
    video_count: 8,
    videos_watched: 1,
    lessons: {
      '200': { lesson_id: 200, self_rating: 3, visited_chunk_ids: [300], watched_chunk_ids: [300] },
      '205': { lesson_id: 205, self_rating: null, visited_chunk_ids: [306, 307], watched_chunk_ids: [] },
    },
    lessons_with_notes_taken: [],
    exams: {},
    locked_exam_ids: [],
    ...overrides,
  };
}

export function makeClassProgress(overrides: Partial<ClassCourseProgress> = {}): ClassCourseProgress {
  return {
    class_id: 11,
    student_count: 24,
    chunk_count_total: 8,
    chunk_visit_count_avg: 2.5,
    chunk_count_avg: 2.5,
    lessons: {
      '200': {
        lesson_id: 200,
        students_started: 12,
        chunk_visit_count_avg: 1.5,
        self_rating_avg: 3.4,
        self_rating_count: 10,
        notes_count: 4,
      },
      '203': {
        lesson_id: 203,
        students_started: 0,
        chunk_visit_count_avg: 0,
        self_rating_avg: null,
        self_rating_count: 0,
        notes_count: 0,
      },
    },
    exams: {},
    ...overrides,
  };
}

/** The same course as a class-free outline (presitree), with lowercase node types. */
export function makePresitree(): PresitreeAssemblage {
  const toPresi = (n: ClassTreeNode): PresitreeAssemblage['tree'] => ({
    node_type: n.node_type.toLowerCase() as PresitreeAssemblage['tree']['node_type'],
    value_id: n.value_id,
    children: n.children.filter((c) => c.node_type !== 'ATTACHMENT').map(toPresi),
  });
  return { course, content: { sections, lessons, exams }, tree: toPresi(classTree) };
}

export function makeDemoLesson(): DemoLesson {
  return { course, lesson: equivalentFractions, attachments: [attachments['500']!, attachments['501']!] };
}
