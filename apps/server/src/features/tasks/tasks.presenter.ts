import type { ExamAnswer } from '@banksia/contracts/exams';
import type { TaskItem, TaskSummary, TaskViewer } from '@banksia/contracts/tasks';
import type { ExamQuestionDefinition } from '../../db/schema/exams';
import { stripMarkup } from '../../platform/sanitize';
import type { CompletionRow, ItemRow, TaskRow } from './tasks.repository';

/** Completion of one task's items, from the rows of `completionRows`. */
export class Completion {
  private readonly byItem = new Map<number, CompletionRow[]>();

  constructor(rows: readonly CompletionRow[]) {
    for (const row of rows) {
      const list = this.byItem.get(row.item_id) ?? [];
      list.push(row);
      this.byItem.set(row.item_id, list);
    }
  }

  rowsOf(itemId: number): CompletionRow[] {
    return this.byItem.get(itemId) ?? [];
  }

  of(itemId: number, profileId: number): CompletionRow | undefined {
    return this.rowsOf(itemId).find((r) => r.profile_id === profileId);
  }

  doneCount(itemId: number): number {
    return this.rowsOf(itemId).filter((r) => r.done).length;
  }

  /** Profiles that have done every one of the items. */
  studentsDone(items: readonly ItemRow[], roster: readonly number[]): number {
    return roster.filter((p) => items.every((item) => this.of(item.id, p)?.done)).length;
  }
}

export function presentItem(
  item: ItemRow,
  viewer: TaskViewer,
  completion: Completion,
  profileId: number | null,
): TaskItem {
  const own = profileId !== null ? completion.of(item.id, profileId) : undefined;
  return {
    id: item.id,
    kind: item.kind,
    position: item.position,
    title: item.title,
    lesson_id: item.lesson_id,
    exam_id: item.exam_id,
    activity_id: item.activity_id,
    activity_lesson_id: item.activity_lesson_id,
    exam_kind: item.exam_kind,
    chunk_count: item.chunk_count,
    done_count: viewer === 'teacher' ? completion.doneCount(item.id) : null,
    done: viewer === 'student' ? (own?.done ?? false) : null,
    chunks_visited: viewer === 'student' && item.kind === 'lesson' ? (own?.chunks_visited ?? 0) : null,
  };
}

export function presentSummary(
  task: TaskRow,
  viewer: TaskViewer,
  items: readonly ItemRow[],
  completion: Completion,
  profileId: number | null,
  now: Date,
): TaskSummary {
  const presented = items.map((item) => presentItem(item, viewer, completion, profileId));
  const roster = [...new Set(items.flatMap((item) => completion.rowsOf(item.id).map((r) => r.profile_id)))];
  const itemsDone = presented.filter((i) => i.done).length;
  const pastDue = task.due_at.getTime() < now.getTime();
  return {
    id: task.id,
    class_id: task.class_id,
    class_title: task.class_title,
    title: task.title,
    due_at: task.due_at.toISOString(),
    time_zone: task.time_zone,
    overdue: viewer === 'student' ? pastDue && itemsDone < items.length : pastDue,
    created_at: task.created_at.toISOString(),
    viewer,
    item_count: items.length,
    roster: task.roster,
    students_done: viewer === 'teacher' ? completion.studentsDone(items, roster) : null,
    items_done: viewer === 'student' ? itemsDone : null,
    items_left: viewer === 'student' ? items.length - itemsDone : null,
    items: presented,
  };
}

/** A lesson item's status in words for the teacher's "who has done it" list. */
export function statusText(item: ItemRow, row: CompletionRow | undefined): string {
  if (!row) return 'Not started';
  if (item.kind === 'lesson') {
    const total = item.chunk_count ?? 0;
    return row.done
      ? `All ${total} ${total === 1 ? 'part' : 'parts'} visited`
      : `${row.chunks_visited ?? 0} of ${total} ${total === 1 ? 'part' : 'parts'} visited`;
  }
  if (item.kind === 'activity')
    return row.done ? 'Responded' : row.started ? 'Opened, nothing answered yet' : 'Not opened';
  return row.done ? 'Submitted' : row.started ? 'Started, not submitted' : 'Not started';
}

/** An answer in words: option texts, the number or text typed, a reflection. */
export function answerText(answer: ExamAnswer | null, definition: ExamQuestionDefinition): string {
  if (!answer) return '';
  if ('confidence' in answer) {
    const revisit = answer.revisit.trim();
    return `Confidence ${answer.confidence} of 5${revisit ? `; wants to revisit: ${revisit}` : ''}`;
  }
  if ('option_ids' in answer) {
    const options = definition.type === 'multiple_choice' ? definition.options : [];
    return answer.option_ids.map((id) => stripMarkup(options.find((o) => o.id === id)?.text ?? id).trim()).join('; ');
  }
  if ('text' in answer) return answer.text;
  if ('value' in answer) return answer.value;
  if ('latex' in answer) return answer.latex;
  if ('html' in answer) return stripMarkup(answer.html).trim();
  if ('activity_response_id' in answer) return 'Activity response';
  return '';
}
