import { iso } from '../shared/index';
import type { NoteRow } from './mistakes.repository';
import type { QuestionNote } from '@banksia/contracts/exam-api';

export function presentNote(row: NoteRow): QuestionNote {
  return { question_id: row.questionId, body: row.body, version: row.version, updated_at: iso(row.updatedAt) };
}
