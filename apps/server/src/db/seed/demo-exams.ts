import { type ExamQuestion, examQuestionSchema, type QuestionOf } from '@banksia/contracts/exams';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { sanitizeRichText } from '../../platform/sanitize';
import { activities, examQuestions, examSections, type ExamQuestionDefinition } from '../schema/index';

// The questions of the demo courses' exams and question sets. `seedDemoContent` places the exams in the course tree;
// `seedExamContent` then adds their sections and questions. It writes the rows itself as the exams service's
// addSection/addQuestion do (db code may not import features): each question is checked against contracts'
// examQuestionSchema, its HTML sanitised, and the exam's question_count and marks_total recounted from its rows.
//
// Reflective question sets (kind 'reflective_question_set'): contracts have no question type of their own for them;
// a student's answer to each prompt is a reflectionAnswerSchema (confidence 1–5 and what to revisit), and the kind
// says it is never scored. Each prompt is stored as an extended_response question (the one type without an answer
// key), with 1 mark because a question's marks must be positive (examQuestionSchema and exam_questions' check), and
// with a worked solution that suggests what to revisit.

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An activity question names its activity by title (an activity of the same course); the seed finds its id. */
export type DemoActivityQuestion = Omit<QuestionOf<'activity'>, 'id' | 'activity_id'> & { activity_title: string };

/** A question as the seed writes it: the id comes from the row. */
export type DemoQuestion = DistributiveOmit<Exclude<ExamQuestion, { type: 'activity' }>, 'id'> | DemoActivityQuestion;

export interface DemoExamSection {
  title: string;
  questions: DemoQuestion[];
}

export type DemoExamContent = DemoExamSection[];

/** A reflective prompt: never scored, see above. */
function reflect(prompt: string, revisit: string): DemoQuestion {
  return { type: 'extended_response', marks: 1, prompt: `<p>${prompt}</p>`, worked_solution: `<p>${revisit}</p>` };
}

// ---------------------------------------------------------------------------------------------------------------
// Year 9 Mathematics

export const fractionsTopicTest: DemoExamContent = [
  {
    title: 'Section A: Multiple choice',
    questions: [
      {
        type: 'multiple_choice',
        marks: 1,
        prompt: '<p>Which fraction is equivalent to 3/4?</p>',
        options: [
          { id: 'a', text: '6/8' },
          { id: 'b', text: '3/8' },
          { id: 'c', text: '4/3' },
          { id: 'd', text: '9/16' },
        ],
        correct_option_ids: ['a'],
        multiple: false,
        worked_solution: '<p>Multiply the numerator and the denominator by 2: 3/4 = 6/8.</p>',
      },
      {
        type: 'multiple_choice',
        marks: 2,
        prompt: '<p>Select <b>every</b> fraction that is equal to one half.</p>',
        options: [
          { id: 'a', text: '2/4' },
          { id: 'b', text: '5/10' },
          { id: 'c', text: '3/6' },
          { id: 'd', text: '2/3' },
        ],
        correct_option_ids: ['a', 'b', 'c'],
        multiple: true,
        partial: true,
        worked_solution: '<p>2/4, 5/10 and 3/6 each simplify to 1/2. 2/3 is more than a half.</p>',
      },
    ],
  },
  {
    title: 'Section B: Short answers',
    questions: [
      {
        type: 'short_text',
        marks: 1,
        prompt: '<p>What is the name of the bottom number of a fraction?</p>',
        accepted_answers: ['denominator', 'the denominator'],
        worked_solution: '<p>The bottom number is the denominator; the top number is the numerator.</p>',
      },
      {
        type: 'numeric',
        marks: 2,
        prompt: '<p>A ribbon 1.5 m long is cut into 4 equal pieces. How long is each piece, in centimetres?</p>',
        answer: 37.5,
        tolerance: 0.1,
        unit: 'cm',
        accepted_units: ['centimetres', 'centimeters'],
        worked_solution: '<p>1.5 m = 150 cm, and 150 ÷ 4 = 37.5 cm.</p>',
      },
      {
        type: 'maths_expression',
        marks: 2,
        prompt: '<p>Expand and simplify 2(x + 3).</p>',
        accepted_answers: ['2x+6'],
        variables: ['x'],
        worked_solution: '<p>Multiply each term in the brackets by 2: 2 × x + 2 × 3 = 2x + 6.</p>',
      },
    ],
  },
  {
    title: 'Section C: Extended response',
    questions: [
      {
        type: 'extended_response',
        marks: 3,
        prompt: '<p>Explain why 2/3 is greater than 3/5. Show your working.</p>',
        worked_solution:
          '<p>Use the common denominator 15: 2/3 = 10/15 and 3/5 = 9/15. Since 10/15 &gt; 9/15, 2/3 is greater ' +
          'than 3/5.</p>',
      },
      {
        type: 'activity',
        marks: 3,
        prompt: '<p>Complete the activity <i>Equivalent fractions: fill the gaps</i>.</p>',
        activity_title: 'Equivalent fractions: fill the gaps',
        worked_solution:
          '<p>One half is two quarters and three quarters is six eighths: multiply the numerator and the ' +
          'denominator by the same number.</p>',
      },
    ],
  },
];

export const equivalentFractionsCheck: DemoExamContent = [
  {
    title: 'Check your understanding',
    questions: [
      {
        type: 'multiple_choice',
        marks: 1,
        prompt: '<p>Which fraction is equivalent to 1/2?</p>',
        options: [
          { id: 'a', text: '3/6' },
          { id: 'b', text: '1/3' },
          { id: 'c', text: '2/3' },
          { id: 'd', text: '3/5' },
        ],
        correct_option_ids: ['a'],
        multiple: false,
        worked_solution: '<p>Multiply the numerator and the denominator of 1/2 by 3: 1/2 = 3/6.</p>',
      },
      {
        type: 'numeric',
        marks: 1,
        prompt: '<p>Fill the gap: 2/5 = ?/10</p>',
        answer: 4,
        tolerance: 0,
        worked_solution:
          '<p>The denominator was multiplied by 2 (5 × 2 = 10), so multiply the numerator too: 2 × 2 = 4.</p>',
      },
      {
        type: 'short_text',
        marks: 1,
        prompt: '<p>Write 6/8 in its simplest form.</p>',
        accepted_answers: ['3/4'],
        worked_solution: '<p>The highest common factor of 6 and 8 is 2: 6 ÷ 2 = 3 and 8 ÷ 2 = 4, so 6/8 = 3/4.</p>',
      },
      {
        type: 'multiple_choice',
        marks: 1,
        prompt: '<p>Select every fraction that is equivalent to 2/3.</p>',
        options: [
          { id: 'a', text: '4/6' },
          { id: 'b', text: '6/9' },
          { id: 'c', text: '10/15' },
          { id: 'd', text: '3/4' },
        ],
        correct_option_ids: ['a', 'b', 'c'],
        multiple: true,
        worked_solution: '<p>4/6, 6/9 and 10/15 are 2/3 multiplied top and bottom by 2, 3 and 5. 3/4 is not.</p>',
      },
    ],
  },
];

export const fractionsReflection: DemoExamContent = [
  {
    title: 'How confident do you feel?',
    questions: [
      reflect(
        'How confident do you feel finding equivalent fractions?',
        'Rewatch <i>What makes fractions equivalent</i> and try the check-your-understanding questions again.',
      ),
      reflect(
        'How confident do you feel adding and subtracting fractions with different denominators?',
        'Revisit <i>Finding a common denominator</i> and the adding and subtracting fractions worksheet.',
      ),
      reflect(
        'How confident do you feel converting between fractions, decimals and percentages?',
        'Revisit the lesson <i>Converting fractions, decimals and percentages</i>.',
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Year 10 Science

export const chemicalReactionsTest: DemoExamContent = [
  {
    title: 'Section A: Multiple choice',
    questions: [
      {
        type: 'multiple_choice',
        marks: 1,
        prompt: '<p>Which of these substances is a compound?</p>',
        options: [
          { id: 'a', text: 'Oxygen gas (O<sub>2</sub>)' },
          { id: 'b', text: 'Water (H<sub>2</sub>O)' },
          { id: 'c', text: 'Iron (Fe)' },
          { id: 'd', text: 'Helium (He)' },
        ],
        correct_option_ids: ['b'],
        multiple: false,
        worked_solution:
          '<p>A compound holds two or more different elements bonded together. Water is made of hydrogen and ' +
          'oxygen; the others are each a single element.</p>',
      },
      {
        type: 'multiple_choice',
        marks: 2,
        prompt: '<p>Which of these increase the rate of a reaction? Select all that apply.</p>',
        options: [
          { id: 'a', text: 'Raising the temperature' },
          { id: 'b', text: 'Increasing the concentration of a reactant' },
          { id: 'c', text: 'Adding a catalyst' },
          { id: 'd', text: 'Using larger lumps of a solid reactant' },
        ],
        correct_option_ids: ['a', 'b', 'c'],
        multiple: true,
        partial: true,
        worked_solution:
          '<p>Higher temperature and concentration give more frequent collisions, and a catalyst lowers the ' +
          'activation energy. Larger lumps have less surface area, so the reaction is slower.</p>',
      },
    ],
  },
  {
    title: 'Section B: Short answers',
    questions: [
      {
        type: 'short_text',
        marks: 1,
        prompt: '<p>Which gas is produced when magnesium reacts with hydrochloric acid?</p>',
        accepted_answers: ['hydrogen', 'hydrogen gas', 'H2'],
        worked_solution: '<p>Mg + 2HCl → MgCl<sub>2</sub> + H<sub>2</sub>: the gas is hydrogen.</p>',
      },
      {
        type: 'numeric',
        marks: 2,
        prompt: '<p>A reaction gives off 48 cm³ of gas in 16 s. What is the average rate of reaction, in cm³/s?</p>',
        answer: 3,
        tolerance: 0.05,
        unit: 'cm³/s',
        accepted_units: ['cm3/s', 'cm^3/s'],
        worked_solution: '<p>Rate = volume ÷ time = 48 ÷ 16 = 3 cm³/s.</p>',
      },
      {
        type: 'maths_expression',
        marks: 2,
        prompt:
          '<p>The average rate of a reaction is r = V/t, where V is the volume of gas given off in time t. ' +
          'Write an expression for V in terms of r and t.</p>',
        accepted_answers: ['rt'],
        variables: ['r', 't'],
        worked_solution: '<p>Multiply both sides of r = V/t by t: V = rt.</p>',
      },
    ],
  },
  {
    title: 'Section C: Extended response',
    questions: [
      {
        type: 'extended_response',
        marks: 3,
        prompt: '<p>Use collision theory to explain why a reaction speeds up when the mixture is heated.</p>',
        worked_solution:
          '<p>Heated particles move faster, so they collide more often, and more of the collisions have at least ' +
          'the activation energy. More successful collisions each second means a faster reaction.</p>',
      },
      {
        type: 'activity',
        marks: 2,
        prompt: '<p>Complete the activity <i>Balancing equations: count the atoms</i>.</p>',
        activity_title: 'Balancing equations: count the atoms',
        worked_solution:
          '<p>2H<sub>2</sub> + O<sub>2</sub> → 2H<sub>2</sub>O has four hydrogen atoms and two oxygen atoms on ' +
          'each side.</p>',
      },
    ],
  },
];

export const balancingEquationsPractice: DemoExamContent = [
  {
    title: 'Practice',
    questions: [
      {
        type: 'numeric',
        marks: 1,
        prompt:
          '<p>Balance H<sub>2</sub> + O<sub>2</sub> → H<sub>2</sub>O. What number goes in front of H<sub>2</sub>O?</p>',
        answer: 2,
        tolerance: 0,
        worked_solution:
          '<p>O<sub>2</sub> has two oxygen atoms, so two H<sub>2</sub>O are needed; then two H<sub>2</sub> balance ' +
          'the hydrogen: 2H<sub>2</sub> + O<sub>2</sub> → 2H<sub>2</sub>O.</p>',
      },
      {
        type: 'multiple_choice',
        marks: 1,
        prompt: '<p>Which equation is balanced?</p>',
        options: [
          { id: 'a', text: 'Mg + 2HCl → MgCl<sub>2</sub> + H<sub>2</sub>' },
          { id: 'b', text: 'Mg + HCl → MgCl<sub>2</sub> + H<sub>2</sub>' },
          { id: 'c', text: '2Mg + HCl → MgCl<sub>2</sub> + H<sub>2</sub>' },
        ],
        correct_option_ids: ['a'],
        multiple: false,
        worked_solution: '<p>Only the first has one Mg, two H and two Cl atoms on each side.</p>',
      },
      {
        type: 'short_text',
        marks: 1,
        prompt: '<p>Which law says that atoms are neither created nor destroyed in a chemical reaction?</p>',
        accepted_answers: ['conservation of mass', 'law of conservation of mass', 'the law of conservation of mass'],
        worked_solution: '<p>The law of conservation of mass: the same atoms are rearranged into new substances.</p>',
      },
    ],
  },
];

export const chemicalReactionsReflection: DemoExamContent = [
  {
    title: 'How confident do you feel?',
    questions: [
      reflect(
        'How confident do you feel telling elements and compounds apart?',
        'Rewatch <i>Elements and compounds</i>.',
      ),
      reflect(
        'How confident do you feel balancing chemical equations?',
        'Revisit <i>Balancing step by step</i> and the balancing equations worksheet.',
      ),
      reflect(
        'How confident do you feel explaining rates of reaction with collision theory?',
        'Rewatch <i>Collision theory</i>.',
      ),
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------

/** The question ready to store: checked against examQuestionSchema (throws if not), its HTML sanitised. */
function checkedQuestion(input: unknown): ExamQuestion {
  const question = examQuestionSchema.parse(input);
  const clean = {
    ...question,
    prompt: sanitizeRichText(question.prompt),
    worked_solution: sanitizeRichText(question.worked_solution),
  };
  if (clean.type === 'multiple_choice') {
    clean.options = clean.options.map((option) => ({ ...option, text: sanitizeRichText(option.text) }));
  }
  return clean;
}

/**
 * Adds the sections and questions of `content` to an exam of a course, in order (in the caller's transaction), then
 * recounts the exam's question_count and marks_total. An activity question's activity is found by title among the
 * course's activities. An exam that already has a section is left alone, so running the seed again adds nothing.
 */
export async function seedExamContent(
  tx: Executor,
  courseId: number,
  examId: number,
  content: DemoExamContent,
): Promise<void> {
  const [existing] = await tx
    .select({ id: examSections.id })
    .from(examSections)
    .where(eq(examSections.examId, examId))
    .limit(1);
  if (existing) return;
  for (const [s, section] of content.entries()) {
    const [row] = await tx
      .insert(examSections)
      .values({ examId, title: section.title, position: s })
      .returning({ id: examSections.id });
    for (const [q, spec] of section.questions.entries()) {
      const id = `s${s + 1}q${q + 1}`;
      let input: unknown = { ...spec, id };
      if (spec.type === 'activity') {
        const { activity_title, ...rest } = spec;
        const [activity] = await tx
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.courseId, courseId), eq(activities.title, activity_title)));
        if (!activity) throw new Error(`No demo activity "${activity_title}" in course ${courseId}.`);
        input = { ...rest, id, activity_id: activity.id };
      }
      const { id: _id, marks, prompt, worked_solution, ...definition } = checkedQuestion(input);
      await tx.insert(examQuestions).values({
        examId,
        sectionId: row!.id,
        position: q,
        marks: String(marks),
        prompt,
        workedSolution: worked_solution,
        definition: definition as ExamQuestionDefinition,
      });
    }
  }
  await tx.execute(sql`
    update exams set
      question_count = (select count(*) from exam_questions where exam_id = ${examId}),
      marks_total = (select coalesce(sum(marks), 0) from exam_questions where exam_id = ${examId})
    where id = ${examId}`);
}

export const indexLawsQuiz: DemoExamContent = [
  {
    title: 'Index laws',
    questions: [
      {
        type: 'multiple_choice',
        marks: 1,
        prompt: '<p>Simplify a<sup>3</sup> × a<sup>4</sup>.</p>',
        options: [
          { id: 'a', text: 'a<sup>7</sup>' },
          { id: 'b', text: 'a<sup>12</sup>' },
          { id: 'c', text: '2a<sup>7</sup>' },
          { id: 'd', text: 'a<sup>1</sup>' },
        ],
        correct_option_ids: ['a'],
        multiple: false,
        worked_solution: '<p>Multiplying powers of the same base adds the indices: 3 + 4 = 7, so a<sup>7</sup>.</p>',
      },
      {
        type: 'numeric',
        marks: 1,
        prompt: '<p>Evaluate 2<sup>5</sup>.</p>',
        answer: 32,
        tolerance: 0,
        worked_solution: '<p>2 × 2 × 2 × 2 × 2 = 32.</p>',
      },
      {
        type: 'maths_expression',
        marks: 2,
        prompt: '<p>Simplify (x<sup>2</sup>)<sup>3</sup> ÷ x<sup>4</sup>.</p>',
        accepted_answers: ['x^2'],
        variables: ['x'],
        worked_solution:
          '<p>(x<sup>2</sup>)<sup>3</sup> = x<sup>6</sup>, and x<sup>6</sup> ÷ x<sup>4</sup> = x<sup>2</sup>.</p>',
      },
      {
        type: 'short_text',
        marks: 1,
        prompt: '<p>Any non-zero number to the power of zero equals what?</p>',
        accepted_answers: ['1', 'one'],
        worked_solution:
          '<p>a<sup>0</sup> = 1: for example 5<sup>3</sup> ÷ 5<sup>3</sup> = 5<sup>0</sup> and also equals 1.</p>',
      },
    ],
  },
];
