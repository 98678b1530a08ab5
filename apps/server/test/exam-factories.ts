import type { ExamQuestion } from '@banksia/contracts/exams';
import type { exams } from '../src/db/schema/index';
import { addQuestion, addSection } from '../src/features/exams/index';
import type { Database } from '../src/platform/db';
import { createExam } from './factories';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A question as a test writes it: no id, and prompt and worked solution filled in when left out. */
export type QuestionInput = DistributiveOmit<ExamQuestion, 'id' | 'prompt' | 'worked_solution'> &
  Partial<Pick<ExamQuestion, 'prompt' | 'worked_solution'>> & { section?: number };

/**
 * An exam (published, submittable, placed in the course tree) with its questions, through the exams service as
 * authoring will add them. `section` is the index into `sections` (default 0); one section 'Section A' by default.
 */
export async function createExamWithQuestions(
  db: Database,
  course: { id: number },
  options: {
    questions: QuestionInput[];
    sections?: string[];
    exam?: Partial<Omit<typeof exams.$inferInsert, 'courseId'>>;
  },
) {
  const { exam } = await createExam(db, course, options.exam);
  const sections = [];
  for (const title of options.sections ?? ['Section A']) sections.push(await addSection(db, exam.id, title));
  const questions = [];
  for (const [index, { section = 0, ...question }] of options.questions.entries()) {
    questions.push(
      await addQuestion(
        db,
        { examId: exam.id, sectionId: sections[section]!.id },
        {
          id: `q${index + 1}`,
          prompt: `<p>Question ${index + 1}</p>`,
          worked_solution: '<p>Because.</p>',
          ...question,
        },
      ),
    );
  }
  return { exam, sections, questions };
}
