/** The shared question kit: prompts, inputs, answers and solutions, used by every exam sub-feature and by review. */
export { CONFIDENCE_LABELS, formatMarks, isAnswered, marksLabel } from './answer-shape';
export { AnswerView, MarkBadge } from './answer-view';
export { QuestionContext } from './question-context';
export { QuestionInput } from './question-input';
export { questionHeadingId, QuestionPrompt } from './question-prompt';
export { RichHtml } from './rich-html';
export { SolutionView } from './solution-view';
