import type { ClassCourseProgress, ExamSummary } from '@banksia/contracts/courses';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../../lib/analytics';
import { apiCalls, jsonResponse, stubFetch, type SeenRequest } from '../../../../test/fetch-stub';
import { renderWithProviders } from '../../../../test/render';
import { classCourseProgressQueryOptions } from '../api/get-class-course-progress';
import { ExamLockSwitch } from './exam-lock-switch';

vi.mock('../../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const exam: ExamSummary = {
  id: 8,
  title: 'Fractions test',
  kind: 'exam',
  is_published: true,
  is_submittable: true,
  question_count: 10,
  marks_total: '20',
  additional_materials: '',
};

const progress = (locked: boolean): ClassCourseProgress => ({
  class_id: 3,
  student_count: 2,
  chunk_count_total: 0,
  chunk_visit_count_avg: 0,
  chunk_count_avg: 0,
  lessons: {},
  exams: { 8: { exam_id: 8, is_locked: locked } },
});

const LOCK_URL = '/api/v1/classes/3/exams/8/lock/';
const PROGRESS_URL = '/api/v1/classes/3/progress/';

/** The switch as the class pages use it: fed from the class's progress query. */
function Harness() {
  const { data } = useQuery(classCourseProgressQueryOptions(3));
  return data ? <ExamLockSwitch classId={3} exam={exam} classProgress={data} /> : null;
}

const lockSwitch = () => screen.findByRole('switch', { name: 'Lock Fractions test for the class' });
const posts = (seen: SeenRequest[]) => apiCalls(seen).filter((r) => r.method === 'POST' && r.path === LOCK_URL);

describe('ExamLockSwitch', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=test-csrf-token; path=/';
    vi.mocked(track).mockClear();
  });

  it('locks at once, sends the status, and tracks the toggle', async () => {
    let answer!: (response: Response) => void;
    const seen = stubFetch({
      [`GET ${PROGRESS_URL}`]: { status: 200, body: progress(false) },
      [`POST ${LOCK_URL}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<Harness />);
    fireEvent.click(await lockSwitch());
    // Optimistic: on before the server has answered.
    expect(await lockSwitch()).toBeChecked();
    await waitFor(() => expect(posts(seen).map((r) => r.body)).toEqual([{ status: 'LOCKED_BY_TEACHER' }]));
    expect(track).toHaveBeenCalledWith('toggled exam lock', { exam_id: 8, status: 'LOCKED_BY_TEACHER' });
    answer(jsonResponse(200, { class_id: 3, exam_id: 8, status: 'LOCKED_BY_TEACHER', is_locked: true }));
    await waitFor(async () => expect(await lockSwitch()).toBeChecked());
  });

  it('puts the previous value back and says so when the change fails', async () => {
    stubFetch({
      [`GET ${PROGRESS_URL}`]: { status: 200, body: progress(true) },
      [`POST ${LOCK_URL}`]: { status: 403, body: { code: 'forbidden', detail: 'No.' } },
    });
    renderWithProviders(<Harness />);
    fireEvent.click(await lockSwitch());
    await screen.findByText("Couldn't change the exam lock");
    expect(await lockSwitch()).toBeChecked();
  });
});
