import type { Me } from '@banksia/contracts/accounts';
import type { ClassSummary } from '@banksia/contracts/classes';
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
