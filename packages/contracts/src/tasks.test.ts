import { describe, expect, it } from 'vitest';
import { blockAnswered, createTaskBody, taskItemInputSchema } from './tasks';

describe('blockAnswered (activity completion)', () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{ response_values: ['', '  '] }, false],
    [{ response_values: [[''], ['half']] }, true],
    [{ response_values: ['half'] }, true],
    [{ student_response: '<p> </p>' }, false],
    [{ student_response: '<p>Because</p>' }, true],
    [{ submitted_drawing_json: null }, false],
    [{ submitted_drawing_json: { elements: [] } }, true],
    [{ file_key: '' }, false],
    [{ file_key: 'uploads/a.pdf' }, true],
    [{ draggable_to_containing_dropzone_map: {} }, false],
    [{ draggable_to_containing_dropzone_map: { d1: 'z1' } }, true],
  ])('%j → %s', (response, expected) => {
    expect(blockAnswered(response)).toBe(expected);
  });
});

describe('task items', () => {
  it.each([
    [{ kind: 'lesson', lesson_id: 1 }, []],
    [{ kind: 'exam', exam_id: 1 }, []],
    [{ kind: 'question_set', exam_id: 1 }, []],
    [{ kind: 'activity', activity_id: 1 }, []],
    [{ kind: 'exam' }, ['exam_id']],
    [{ kind: 'lesson', lesson_id: 1, exam_id: 2 }, ['exam_id']],
    [{ kind: 'activity', lesson_id: 1 }, ['lesson_id', 'activity_id']],
  ])('%j names %j', (item, fields) => {
    const result = taskItemInputSchema.safeParse(item);
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.')).sort()).toEqual([...fields].sort());
  });

  it('needs a title, a real due date and 1 to 50 items', () => {
    const ok = {
      class_id: 1,
      title: 'Homework',
      due_at: '2026-03-28T04:30:00.000Z',
      items: [{ kind: 'lesson', lesson_id: 1 }],
    };
    expect(createTaskBody.safeParse(ok).success).toBe(true);
    const bad = createTaskBody.safeParse({ ...ok, title: ' ', due_at: 'Friday', items: [] });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'due_at',
      'items',
      'title',
    ]);
    const many = Array.from({ length: 51 }, (_, i) => ({ kind: 'lesson', lesson_id: i + 1 }));
    expect(createTaskBody.safeParse({ ...ok, items: many }).success).toBe(false);
  });
});
