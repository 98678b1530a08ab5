import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { DEMO_MEDIA_DIR } from '../../platform/paths';
import type { Storage } from '../../platform/storage';
import {
  activities,
  attachments,
  captionTracks,
  chunks,
  courseTreeNodes,
  exams,
  lessons,
  sections,
  videos,
} from '../schema/index';
import { FRACTION_DIAGRAM_KEY, demoActivities } from './demo-activities';
import {
  balancingEquationsPractice,
  chemicalReactionsReflection,
  chemicalReactionsTest,
  type DemoExamContent,
  equivalentFractionsCheck,
  fractionsReflection,
  indexLawsQuiz,
  fractionsTopicTest,
  seedExamContent,
} from './demo-exams';
import { worksheetPdf, type WorksheetSpec } from './worksheet-pdf';

const mediaDir = DEMO_MEDIA_DIR;

/** The one real video of the demo (24 s, with English captions), kept by the storage adapter. */
export const DEMO_VIDEO = {
  key: 'demo/videos/equivalent-fractions.webm',
  captionsKey: 'demo/captions/equivalent-fractions.en.vtt',
  duration: 24,
};

// A declarative outline of each demo course; `seedDemoContent` turns it into rows and tree nodes.

/** A chunk: a title and a hosted video of `seconds`, or the demo's stored video. */
type ChunkSpec = { title: string; seconds: number } | { title: string; storedVideo: true };

interface ExamFields {
  title: string;
  kind?: 'exam' | 'question_set' | 'reflective_question_set';
  published?: boolean;
  submittable?: boolean;
  materials?: string;
  timeLimitMinutes?: number;
  /** Students see worked solutions only once their teacher releases the class's results. */
  hideSolutionsUntilRelease?: boolean;
}

/**
 * An exam either has real sections and questions (demo-exams.ts; its question_count and marks_total are then counted
 * from them), or is a placeholder that only states its size.
 */
type ExamBody =
  | { content: DemoExamContent; questions?: never; marks?: never }
  | { content?: never; questions: number; marks: string };

type ExamSpec = { type: 'exam' } & ExamFields & ExamBody;

interface AttachmentSpec {
  type: 'attachment';
  title: string;
  fileName: string;
  premium?: boolean;
  additionalMaterials?: boolean;
  worksheet: WorksheetSpec;
}

interface LessonSpec {
  type: 'lesson';
  title: string;
  chunks: ChunkSpec[];
  published?: boolean;
  comingSoon?: boolean;
  premium?: boolean;
  demo?: boolean;
  successMeasure?: boolean;
  /** The lesson's question set (not placed in the tree: reached through the lesson). */
  questionSet?: Omit<ExamFields, 'kind'> & ExamBody;
  /** Attachments placed under the lesson. */
  attachments?: AttachmentSpec[];
}

interface SectionSpec {
  type: 'section';
  title: string;
  published?: boolean;
  children: NodeSpec[];
}

type NodeSpec = SectionSpec | LessonSpec | ExamSpec | AttachmentSpec;

const c = (title: string, seconds: number): ChunkSpec => ({ title, seconds });
const footer = 'Banksia Demo High School';

const mathematics: NodeSpec[] = [
  {
    type: 'section',
    title: 'Fractions and decimals',
    children: [
      {
        type: 'lesson',
        title: 'Equivalent fractions',
        demo: true,
        successMeasure: true,
        chunks: [{ title: 'What makes fractions equivalent', storedVideo: true }],
        questionSet: { title: 'Equivalent fractions: check your understanding', content: equivalentFractionsCheck },
      },
      {
        type: 'lesson',
        title: 'Simplifying fractions',
        chunks: [c('Finding the highest common factor', 312), c('Simplifying step by step', 268)],
      },
      {
        type: 'lesson',
        title: 'Adding and subtracting fractions',
        chunks: [
          c('Finding a common denominator', 355),
          c('Adding fractions', 290),
          c('Subtracting mixed numbers', 402),
        ],
        attachments: [
          {
            type: 'attachment',
            title: 'Adding and subtracting fractions worksheet',
            fileName: 'adding-and-subtracting-fractions.pdf',
            worksheet: {
              title: 'Adding and subtracting fractions',
              subtitle: 'Year 9 Mathematics - Fractions and decimals',
              questions: [
                'Find 2/3 + 1/4. Give your answer in simplest form and show the common denominator you used.',
                'Work out 5/6 - 1/3.',
                'Maya ate 3/8 of a pizza and Tom ate 1/4 of it. What fraction of the pizza is left?',
              ],
              footer,
            },
          },
        ],
      },
      {
        type: 'lesson',
        title: 'Multiplying and dividing fractions',
        premium: true,
        chunks: [c('Multiplying fractions', 276), c('Dividing by a fraction', 331)],
        questionSet: {
          title: 'Multiplying and dividing fractions: practice',
          questions: 12,
          marks: '12',
          submittable: false,
        },
      },
      {
        type: 'lesson',
        title: 'Converting fractions, decimals and percentages',
        chunks: [c('Fractions to decimals', 245), c('Decimals to percentages', 198)],
      },
      {
        type: 'exam',
        title: 'Fractions and decimals topic test',
        content: fractionsTopicTest,
        timeLimitMinutes: 30,
        materials: 'Pen, pencil and ruler. No calculator.',
      },
      {
        type: 'exam',
        title: 'Fractions: how confident do you feel?',
        kind: 'reflective_question_set',
        content: fractionsReflection,
      },
    ],
  },
  {
    type: 'section',
    title: 'Indices',
    children: [
      {
        type: 'section',
        title: 'Index laws',
        children: [
          {
            type: 'lesson',
            title: 'Multiplying and dividing powers',
            chunks: [c('Multiplying powers with the same base', 284), c('Dividing powers', 236)],
          },
          {
            type: 'lesson',
            title: 'Power of a power and the zero index',
            chunks: [c('Raising a power to a power', 221), c('Why anything to the power zero is one', 187)],
          },
        ],
      },
      {
        type: 'lesson',
        title: 'Negative indices',
        comingSoon: true,
        chunks: [c('What a negative index means', 240)],
      },
      {
        type: 'lesson',
        title: 'Scientific notation',
        chunks: [c('Writing very large numbers', 262), c('Writing very small numbers', 248)],
        attachments: [
          {
            type: 'attachment',
            title: 'Scientific notation extension problems',
            fileName: 'scientific-notation-extension.pdf',
            premium: true,
            worksheet: {
              title: 'Scientific notation: extension problems',
              subtitle: 'Year 9 Mathematics - Indices',
              questions: [
                'The Sun is about 150 000 000 km from Earth. Write this distance in scientific notation.',
                'A red blood cell is 0.000 007 5 m wide. Write this width in scientific notation.',
                'Calculate (3 x 10^4) x (2 x 10^-2) and give the answer in scientific notation.',
              ],
              footer,
            },
          },
        ],
      },
      {
        type: 'exam',
        title: 'Index laws quiz',
        kind: 'question_set',
        content: indexLawsQuiz,
      },
    ],
  },
  {
    type: 'section',
    title: 'Linear relationships',
    children: [
      {
        type: 'lesson',
        title: 'Plotting straight-line graphs',
        chunks: [c('Tables of values', 226), c('Plotting points and joining them', 301)],
      },
      {
        type: 'lesson',
        title: 'Gradient of a line',
        successMeasure: true,
        chunks: [c('Rise over run', 318), c('Positive and negative gradients', 254), c('Parallel lines', 199)],
        questionSet: { title: 'Gradient practice questions', questions: 8, marks: '8', published: false },
      },
      {
        type: 'lesson',
        title: 'Finding the equation of a line',
        premium: true,
        chunks: [c('Gradient-intercept form', 342), c('From two points to an equation', 377)],
      },
      {
        type: 'lesson',
        title: 'Midpoint and distance between two points',
        published: false,
        chunks: [c('The midpoint formula', 233), c('Distance with Pythagoras', 309)],
      },
      {
        type: 'exam',
        title: 'Linear relationships test (printed)',
        submittable: false,
        questions: 15,
        marks: '37.5',
        materials: 'Calculator, ruler and graph paper.',
      },
    ],
  },
  {
    type: 'section',
    title: 'Surface area and volume',
    children: [
      {
        type: 'lesson',
        title: 'Surface area of prisms',
        chunks: [c('Nets of prisms', 215), c('Adding up the faces', 289)],
      },
      {
        type: 'lesson',
        title: 'Surface area of cylinders',
        chunks: [c('Unrolling a cylinder', 244)],
      },
      // Published, but its videos are still being made: listed, not navigable.
      { type: 'lesson', title: 'Volume of cylinders', chunks: [] },
      {
        type: 'attachment',
        title: 'Formula sheet: area and volume',
        fileName: 'area-and-volume-formula-sheet.pdf',
        additionalMaterials: true,
        worksheet: {
          title: 'Formula sheet: area and volume',
          subtitle: 'Year 9 Mathematics - bring this sheet to the topic test',
          questions: [
            'Area of a circle: A = pi r^2. Circumference: C = 2 pi r.',
            'Surface area of a cylinder: SA = 2 pi r^2 + 2 pi r h.',
            'Volume of a prism: V = A h, where A is the area of the cross-section. Cylinder: V = pi r^2 h.',
          ],
          footer,
        },
      },
    ],
  },
  {
    type: 'section',
    title: 'Probability',
    published: false,
    children: [
      {
        type: 'lesson',
        title: 'Two-step chance experiments',
        chunks: [c('Tree diagrams', 296), c('Two-way tables', 263)],
      },
      {
        type: 'exam',
        title: 'Probability quiz',
        kind: 'question_set',
        published: false,
        questions: 10,
        marks: '10',
      },
    ],
  },
  {
    type: 'exam',
    title: 'Year 9 half-yearly examination',
    // Sat on paper in the school hall: not listed to students (spec §5), and its questions are not in the demo.
    submittable: false,
    questions: 32,
    marks: '80',
    materials: 'Calculator, ruler and protractor.',
  },
];

const science: NodeSpec[] = [
  {
    type: 'section',
    title: 'Chemical reactions',
    children: [
      {
        type: 'lesson',
        title: 'Atoms, elements and compounds',
        chunks: [c('Inside the atom', 274), c('Elements and compounds', 236)],
      },
      {
        type: 'lesson',
        title: 'Balancing chemical equations',
        chunks: [c('Word equations', 205), c('Counting atoms', 262), c('Balancing step by step', 348)],
        questionSet: { title: 'Balancing equations practice', content: balancingEquationsPractice },
        attachments: [
          {
            type: 'attachment',
            title: 'Balancing equations worksheet',
            fileName: 'balancing-equations.pdf',
            worksheet: {
              title: 'Balancing chemical equations',
              subtitle: 'Year 10 Science - Chemical reactions',
              questions: [
                'Balance the equation: H2 + O2 -> H2O.',
                'Balance the equation: Mg + HCl -> MgCl2 + H2, then name the salt that forms.',
                'Explain why a balanced equation must have the same number of each type of atom on both sides.',
              ],
              footer,
            },
          },
        ],
      },
      {
        type: 'lesson',
        title: 'Types of chemical reactions',
        chunks: [c('Combustion and corrosion', 289), c('Acids and bases', 315)],
      },
      {
        type: 'lesson',
        title: 'Rates of reaction',
        successMeasure: true,
        chunks: [c('Collision theory', 296), c('Temperature, concentration and catalysts', 333)],
      },
      {
        type: 'exam',
        title: 'Chemical reactions test',
        hideSolutionsUntilRelease: true,
        content: chemicalReactionsTest,
        materials: 'Calculator and periodic table.',
      },
      {
        type: 'exam',
        title: 'Chemical reactions: how confident do you feel?',
        kind: 'reflective_question_set',
        content: chemicalReactionsReflection,
      },
    ],
  },
  {
    type: 'section',
    title: 'Genetics and evolution',
    children: [
      {
        type: 'section',
        title: 'Inheritance',
        children: [
          {
            type: 'lesson',
            title: 'DNA and genes',
            chunks: [c('The structure of DNA', 322), c('From genes to proteins', 287)],
          },
          {
            type: 'lesson',
            title: 'Punnett squares',
            demo: true,
            chunks: [c('Dominant and recessive alleles', 251), c('Drawing a Punnett square', 279)],
          },
        ],
      },
      {
        type: 'lesson',
        title: 'Natural selection',
        chunks: [c('Variation in a population', 234), c('Survival of the fittest', 301), c('Darwin and Wallace', 266)],
      },
      {
        type: 'lesson',
        title: 'Evidence for evolution',
        comingSoon: true,
        chunks: [c('Fossils and comparative anatomy', 298)],
      },
    ],
  },
  {
    type: 'section',
    title: 'Motion and forces',
    children: [
      {
        type: 'lesson',
        title: 'Speed, velocity and acceleration',
        chunks: [c('Distance and displacement', 219), c('Speed and velocity', 246), c('Acceleration', 274)],
        attachments: [
          {
            type: 'attachment',
            title: 'Motion graphs worksheet',
            fileName: 'motion-graphs.pdf',
            premium: true,
            worksheet: {
              title: 'Motion graphs',
              subtitle: 'Year 10 Science - Motion and forces',
              questions: [
                'A car travels 150 km in 2 hours. What is its average speed in km/h?',
                'Sketch a distance-time graph for a cyclist who rides, stops for a rest, then rides home.',
                'A ball speeds up from 0 m/s to 12 m/s in 4 s. Calculate its acceleration.',
              ],
              footer,
            },
          },
        ],
      },
      {
        type: 'lesson',
        title: "Newton's laws of motion",
        premium: true,
        chunks: [c('Inertia', 238), c('Force equals mass times acceleration', 305), c('Action and reaction', 226)],
      },
      {
        type: 'lesson',
        title: 'Momentum and collisions',
        published: false,
        chunks: [c('What momentum is', 247)],
      },
    ],
  },
  {
    type: 'section',
    title: 'The universe',
    children: [
      {
        type: 'lesson',
        title: 'The Big Bang theory',
        chunks: [c('Red shift and an expanding universe', 284), c('Cosmic background radiation', 241)],
      },
      {
        type: 'lesson',
        title: 'The life cycle of stars',
        chunks: [c('From nebula to main sequence', 263), c('Red giants, supernovae and black holes', 312)],
      },
      {
        type: 'exam',
        title: 'The universe: review questions',
        kind: 'question_set',
        submittable: false,
        questions: 8,
        marks: '8',
      },
    ],
  },
  {
    type: 'section',
    title: 'Global systems',
    published: false,
    children: [
      {
        type: 'lesson',
        title: 'The carbon cycle',
        chunks: [c('Carbon stores and flows', 276), c('Human impacts', 259)],
      },
    ],
  },
  {
    type: 'exam',
    title: 'Year 10 Science yearly examination',
    // Sat on paper in the school hall: not listed to students (spec §5), and its questions are not in the demo.
    submittable: false,
    questions: 40,
    marks: '100',
    materials: 'Calculator and periodic table.',
  },
];

const english: NodeSpec[] = [
  {
    type: 'section',
    title: 'Module A: Textual conversations',
    children: [
      {
        type: 'lesson',
        title: "Reading Shakespeare's The Tempest",
        chunks: [c('Context and characters', 344)],
      },
    ],
  },
  {
    type: 'section',
    title: 'Module B: Critical study of literature',
    children: [{ type: 'lesson', title: 'Close reading of poetry', chunks: [c('Imagery and tone', 297)] }],
  },
];

/** A stable, plausible 11-character video id for a hosted video, derived from its title. */
function hostedId(title: string): string {
  return createHash('sha256').update(title).digest('base64url').slice(0, 11);
}

/**
 * Builds the demo courses' content (topics, sub-sections, lessons with chunks and videos, question sets, exams,
 * attachments with real PDFs, and the course trees) and copies the demo media into storage. Runs inside the
 * demo school's transaction; a course that already has a tree is left alone.
 */
export async function seedDemoContent(
  tx: Executor,
  storage: Storage,
  courseIds: { mathematics: number; science: number; english: number },
): Promise<void> {
  await storage.put(DEMO_VIDEO.key, createReadStream(path.join(mediaDir, 'equivalent-fractions.webm')), 'video/webm');
  await storage.put(
    DEMO_VIDEO.captionsKey,
    createReadStream(path.join(mediaDir, 'equivalent-fractions.en.vtt')),
    'text/vtt',
  );
  await storage.put(
    FRACTION_DIAGRAM_KEY,
    createReadStream(path.join(mediaDir, 'fraction-diagram.svg')),
    'image/svg+xml',
  );
  const [storedVideo] = await tx
    .insert(videos)
    .values({
      kind: 'file',
      storageKey: DEMO_VIDEO.key,
      duration: DEMO_VIDEO.duration,
      title: 'Equivalent fractions',
      contentType: 'video/webm',
      fileName: 'equivalent-fractions.webm',
      sizeBytes: statSync(path.join(mediaDir, 'equivalent-fractions.webm')).size,
    })
    .returning({ id: videos.id });
  const demoCaptions = readFileSync(path.join(mediaDir, 'equivalent-fractions.en.vtt'), 'utf8');
  await tx.insert(captionTracks).values({
    videoId: storedVideo!.id,
    label: 'English',
    srclang: 'en',
    storageKey: DEMO_VIDEO.captionsKey,
    isDefault: true,
    status: 'approved',
    content: demoCaptions,
    cueCount: (demoCaptions.match(/-->/g) ?? []).length,
  });

  const outlines: [number, NodeSpec[]][] = [
    [courseIds.mathematics, mathematics],
    [courseIds.science, science],
    [courseIds.english, english],
  ];
  for (const [courseId, outline] of outlines) {
    const [existing] = await tx
      .select({ id: courseTreeNodes.id })
      .from(courseTreeNodes)
      .where(and(eq(courseTreeNodes.courseId, courseId), eq(courseTreeNodes.nodeType, 'course')));
    if (existing) continue;
    const root = await placeNode(tx, courseId, null, 'course', courseId, 0);
    const withContent: [number, DemoExamContent][] = [];
    await seedNodes(tx, storage, courseId, root, outline, storedVideo!.id, withContent);
    // Questions go in once the whole course is built, so an activity question finds its activity wherever it is.
    for (const [examId, content] of withContent) await seedExamContent(tx, courseId, examId, content);
  }
}

async function placeNode(
  tx: Executor,
  courseId: number,
  parentId: number | null,
  nodeType: 'course' | 'section' | 'lesson' | 'exam' | 'attachment',
  valueId: number,
  position: number,
): Promise<number> {
  const [node] = await tx
    .insert(courseTreeNodes)
    .values({ courseId, parentId, nodeType, valueId, position })
    .returning({ id: courseTreeNodes.id });
  return node!.id;
}

/** Inserts the exam; one with content is noted in `withContent`, to get its questions once the course is built. */
async function insertExam(
  tx: Executor,
  courseId: number,
  spec: ExamFields & ExamBody,
  withContent: [number, DemoExamContent][],
): Promise<number> {
  const [exam] = await tx
    .insert(exams)
    .values({
      courseId,
      title: spec.title,
      kind: spec.kind ?? 'exam',
      isPublished: spec.published ?? true,
      isSubmittable: spec.submittable ?? true,
      // Counted from the questions once they are in (demo-exams.ts's seedExamContent).
      questionCount: spec.content ? 0 : spec.questions,
      marksTotal: spec.content ? '0' : spec.marks,
      additionalMaterials: spec.materials ?? '',
      timeLimitMinutes: spec.timeLimitMinutes ?? null,
      hideSolutionsUntilRelease: spec.hideSolutionsUntilRelease ?? false,
    })
    .returning({ id: exams.id });
  if (spec.content) withContent.push([exam!.id, spec.content]);
  return exam!.id;
}

async function seedNodes(
  tx: Executor,
  storage: Storage,
  courseId: number,
  parentId: number,
  specs: NodeSpec[],
  storedVideoId: number,
  withContent: [number, DemoExamContent][],
): Promise<void> {
  for (const [position, spec] of specs.entries()) {
    if (spec.type === 'section') {
      const [section] = await tx
        .insert(sections)
        .values({ courseId, title: spec.title, isPublished: spec.published ?? true })
        .returning({ id: sections.id });
      const node = await placeNode(tx, courseId, parentId, 'section', section!.id, position);
      await seedNodes(tx, storage, courseId, node, spec.children, storedVideoId, withContent);
    } else if (spec.type === 'exam') {
      const examId = await insertExam(tx, courseId, spec, withContent);
      await placeNode(tx, courseId, parentId, 'exam', examId, position);
    } else if (spec.type === 'attachment') {
      await insertAttachment(tx, storage, courseId, parentId, spec, position);
    } else {
      const questionSetId = spec.questionSet
        ? await insertExam(tx, courseId, { ...spec.questionSet, kind: 'question_set' }, withContent)
        : null;
      const [lesson] = await tx
        .insert(lessons)
        .values({
          courseId,
          title: spec.title,
          isPublished: spec.published ?? true,
          isComingSoon: spec.comingSoon ?? false,
          isPremium: spec.premium ?? false,
          isDemo: spec.demo ?? false,
          hasSuccessMeasure: spec.successMeasure ?? false,
          questionSetId,
        })
        .returning({ id: lessons.id });
      for (const [i, chunk] of spec.chunks.entries()) {
        let videoId = storedVideoId;
        if (!('storedVideo' in chunk)) {
          const [video] = await tx
            .insert(videos)
            .values({
              kind: 'hosted',
              provider: 'youtube',
              hostedId: hostedId(chunk.title),
              title: chunk.title,
              duration: chunk.seconds,
            })
            .returning({ id: videos.id });
          videoId = video!.id;
        }
        await tx.insert(chunks).values({ lessonId: lesson!.id, index: i + 1, title: chunk.title, videoId });
      }
      const node = await placeNode(tx, courseId, parentId, 'lesson', lesson!.id, position);
      for (const activity of demoActivities.filter((a) => a.lessonTitle === spec.title)) {
        await tx.insert(activities).values({
          courseId,
          lessonId: lesson!.id,
          title: activity.title,
          blocks: activity.blocks,
          updatedAt: new Date(),
        });
      }
      for (const [i, attachment] of (spec.attachments ?? []).entries()) {
        await insertAttachment(tx, storage, courseId, node, attachment, i);
      }
    }
  }
}

/** Writes the attachment's PDF to storage, then its row and tree node. */
async function insertAttachment(
  tx: Executor,
  storage: Storage,
  courseId: number,
  parentId: number,
  spec: AttachmentSpec,
  position: number,
): Promise<void> {
  const key = `demo/attachments/${spec.fileName}`;
  const { size } = await storage.put(key, worksheetPdf(spec.worksheet), 'application/pdf');
  const [row] = await tx
    .insert(attachments)
    .values({
      courseId,
      title: spec.title,
      storageKey: key,
      fileName: spec.fileName,
      contentType: 'application/pdf',
      size,
      additionalMaterials: spec.additionalMaterials ?? false,
      isPremium: spec.premium ?? false,
    })
    .returning({ id: attachments.id });
  await placeNode(tx, courseId, parentId, 'attachment', row!.id, position);
}
