import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDuration } from '../hooks/countdown';
import { CONFIDENCE_LABELS, marksLabel, RichHtml, SolutionView } from '../../questions/index';
import { examPageUrl } from '../utils/exam-links';
import { KIND_LABELS, orderedSections, questionNumbers, sectionMarks } from '../utils/exam-structure';
import { readableAlertTitle } from '../utils/alert-styles';
import { useExamContext } from './exam-context';
import classes from './exam-print.module.css';

/** /exams/{examId}/print/: the exam on A4 paper, with spaces to answer in, for sitting it on paper. */
export function ExamPrintRoute() {
  return <PrintedExam withSolutions={false} />;
}

/** /exams/{examId}/solutions/print/: the exam on A4 paper with its answer keys and worked solutions. */
export function ExamSolutionsPrintRoute() {
  return <PrintedExam withSolutions />;
}

function PrintedExam({ withSolutions }: { withSolutions: boolean }) {
  const { exam, examClass } = useExamContext();
  useDocumentTitle(`${exam.title}${withSolutions ? ' – solutions' : ''} · Banksia`);
  const overview = examPageUrl('exam', { examId: exam.id }, examClass?.class_id ?? null);
  const sections = orderedSections(exam);
  const numbers = questionNumbers(exam);
  const reflective = exam.kind === 'reflective_question_set';
  const total = sections.reduce((sum, section) => sum + sectionMarks(section), 0);
  // Students get solutions once they have submitted (or once results are released, where the exam holds them back).
  const solutionsShown = !withSolutions || sections.some((s) => s.questions.some((q) => q.solution !== null));

  return (
    <Stack gap="md" data-exam-print>
      <Group justify="space-between" className={classes.toolbar} gap="sm">
        <Anchor component={Link} to={overview}>
          Back to the exam
        </Anchor>
        {solutionsShown && (
          <Button onClick={() => window.print()} leftSection={<IconPrinter size={18} aria-hidden />}>
            Print
          </Button>
        )}
      </Group>
      {!solutionsShown ? (
        <Alert
          styles={readableAlertTitle}
          color="gray"
          variant="light"
          title="No solutions yet"
          className={classes.toolbar}
        >
          The solutions to this exam are shown once you have submitted it
          {exam.hide_solutions_until_release ? ' and your teacher has released the results' : ''}.
        </Alert>
      ) : (
        <article className={classes.sheet} aria-labelledby="printed-exam-title">
          <div className={classes.kind}>
            {KIND_LABELS[exam.kind]}
            {withSolutions ? ' · Solutions' : ''}
          </div>
          <h1 id="printed-exam-title">{exam.title}</h1>
          {!withSolutions && (
            <div className={classes.details}>
              <Field label="Name" />
              <Field label="Class" />
              <Field label="Date" />
            </div>
          )}
          <div className={classes.facts}>
            <span>
              <b>Time allowed:</b>{' '}
              {exam.time_limit_minutes === null ? 'no time limit' : formatDuration(exam.time_limit_minutes)}
            </span>
            {!reflective && (
              <span>
                <b>Total:</b> {marksLabel(total)}
              </span>
            )}
            {exam.additional_materials && (
              <span>
                <b>You will need:</b> {exam.additional_materials}
              </span>
            )}
          </div>
          {!withSolutions && (
            <ul className={classes.instructions}>
              <li>Answer every question in the space given.</li>
              {!reflective && <li>Show your working: you may get marks for it even if your answer is wrong.</li>}
              {!reflective && <li>The marks for each question are shown beside it.</li>}
            </ul>
          )}
          {sections.map((section) => (
            <section key={section.id} className={classes.section} aria-labelledby={`printed-section-${section.id}`}>
              <h2 className={classes.sectionTitle} id={`printed-section-${section.id}`}>
                {section.title}
                {!reflective && ` (${marksLabel(sectionMarks(section))})`}
              </h2>
              {section.questions.map((question) => (
                <PrintedQuestion
                  key={question.id}
                  question={question}
                  number={numbers.get(question.id) ?? 0}
                  withSolutions={withSolutions}
                  reflective={reflective}
                />
              ))}
            </section>
          ))}
          <p className={classes.end}>
            End of {withSolutions ? 'solutions' : exam.kind === 'exam' ? 'exam' : 'questions'}
          </p>
        </article>
      )}
      {!withSolutions && (
        <Text size="sm" c="dimmed" className={classes.toolbar}>
          The pages are laid out for A4 paper. Turn off “Headers and footers” in the print dialog for the cleanest
          pages.
        </Text>
      )}
    </Stack>
  );
}

function Field({ label }: { label: string }) {
  return (
    <div className={classes.field}>
      <span>{label}</span>
      <span />
    </div>
  );
}

function PrintedQuestion({
  question,
  number,
  withSolutions,
  reflective,
}: {
  question: ExamQuestionView;
  number: number;
  withSolutions: boolean;
  reflective: boolean;
}) {
  return (
    <div className={classes.question}>
      <div className={classes.questionHead}>
        <h3>Question {number}</h3>
        {!reflective && <span>[{marksLabel(question.marks)}]</span>}
      </div>
      <RichHtml html={question.prompt} className={classes.prompt} />
      {reflective ? (
        <ReflectionSpace />
      ) : (
        <>
          {question.type === 'multiple_choice' && <Options question={question} markCorrect={withSolutions} />}
          {!withSolutions && <AnswerSpace question={question} />}
        </>
      )}
      {withSolutions && (
        <div className={classes.solution}>
          <SolutionView question={question} order={4} />
        </div>
      )}
    </div>
  );
}

function Options({ question, markCorrect }: { question: ExamQuestionView; markCorrect: boolean }) {
  const correct = new Set(markCorrect ? (question.solution?.correct_option_ids ?? []) : []);
  return (
    <>
      {!markCorrect && (
        <p className={classes.hint}>{question.multiple ? 'Tick every answer that applies.' : 'Tick one answer.'}</p>
      )}
      <ul className={classes.options}>
        {(question.options ?? []).map((option, index) => (
          <li key={option.id} className={correct.has(option.id) ? classes.correct : undefined}>
            <span className={question.multiple ? classes.box : classes.circle} aria-hidden>
              {correct.has(option.id) ? '✓' : ''}
            </span>
            <span>{String.fromCharCode(65 + index)}.</span>
            <RichHtml html={option.text} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Room to write: lines or a box, by the kind of answer. */
function AnswerSpace({ question }: { question: ExamQuestionView }) {
  switch (question.type) {
    case 'multiple_choice':
      return null;
    case 'short_text':
      return <Lines count={2} />;
    case 'numeric':
      return (
        <div className={classes.answerBox}>
          <span>Answer:</span>
          <span />
          {question.unit && <span>{question.unit}</span>}
        </div>
      );
    case 'maths_expression':
      return (
        <>
          <p className={classes.hint}>Working:</p>
          <Lines count={3} />
          <div className={classes.answerBox}>
            <span>Answer:</span>
            <span />
          </div>
        </>
      );
    case 'extended_response':
      return <Lines count={Math.min(16, Math.max(6, Math.round(question.marks * 3)))} />;
    case 'activity':
      return <p className={classes.hint}>This question is an activity done on screen; answer it in Banksia.</p>;
  }
}

function ReflectionSpace() {
  return (
    <>
      <p className={classes.hint}>How confident do you feel? Circle one.</p>
      <div className={classes.scale}>
        {([1, 2, 3, 4, 5] as const).map((level) => (
          <span key={level}>
            <span className={classes.circle} aria-hidden />
            {level} {CONFIDENCE_LABELS[level]}
          </span>
        ))}
      </div>
      <p className={classes.hint}>What do you want to revisit?</p>
      <Lines count={3} />
    </>
  );
}

function Lines({ count }: { count: number }) {
  return (
    <div className={classes.lines} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} />
      ))}
    </div>
  );
}
