import { asc, eq } from 'drizzle-orm';
import { examQuestions, exams, examSections } from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';

/**
 * Copies every exam and question set of a course into another course, inside the caller's transaction: new exam,
 * section and question ids, the same settings, prompts, marks and solutions. An activity question points at the
 * copied activity when `activityMap` (old → new id) has it. Sittings, answers and locks stay with the originals.
 * Answers old → new exam id and how many questions were copied.
 */
export async function copyExamsOfCourse(
  tx: Executor,
  fromCourseId: number,
  toCourseId: number,
  activityMap: ReadonlyMap<number, number>,
): Promise<{ examMap: Map<number, number>; questionCount: number }> {
  const examMap = new Map<number, number>();
  let questionCount = 0;
  const examRows = await tx.select().from(exams).where(eq(exams.courseId, fromCourseId)).orderBy(asc(exams.id));
  for (const { id: oldExamId, courseId: _course, ...exam } of examRows) {
    const [newExam] = await tx
      .insert(exams)
      .values({ ...exam, courseId: toCourseId })
      .returning({ id: exams.id });
    examMap.set(oldExamId, newExam!.id);
    const sectionMap = new Map<number, number>();
    const sectionRows = await tx
      .select()
      .from(examSections)
      .where(eq(examSections.examId, oldExamId))
      .orderBy(asc(examSections.position), asc(examSections.id));
    for (const s of sectionRows) {
      const [copy] = await tx
        .insert(examSections)
        .values({ examId: newExam!.id, title: s.title, position: s.position })
        .returning({ id: examSections.id });
      sectionMap.set(s.id, copy!.id);
    }
    const questionRows = await tx
      .select()
      .from(examQuestions)
      .where(eq(examQuestions.examId, oldExamId))
      .orderBy(asc(examQuestions.position), asc(examQuestions.id));
    if (questionRows.length) {
      await tx.insert(examQuestions).values(
        questionRows.map((q) => {
          const definition =
            q.definition.type === 'activity' && activityMap.has(q.definition.activity_id)
              ? { ...q.definition, activity_id: activityMap.get(q.definition.activity_id)! }
              : q.definition;
          return {
            examId: newExam!.id,
            sectionId: sectionMap.get(q.sectionId)!,
            position: q.position,
            marks: q.marks,
            prompt: q.prompt,
            workedSolution: q.workedSolution,
            definition,
          };
        }),
      );
      questionCount += questionRows.length;
    }
  }
  return { examMap, questionCount };
}
