import { setAnonymisedCookie } from '../../../../lib/anonymiser';
import type { ClassSittings, ExamView } from '@banksia/contracts/exam-api';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../../lib/analytics';
import { apiCalls, stubFetch } from '../../../../test/fetch-stub';
import { renderWithProviders } from '../../../../test/render';
import { MarkingOverviewPage } from './marking-overview-page';

vi.mock('../../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const EXAM_URL = '/api/v1/exams/8/';
const SITTINGS_URL = '/api/v1/classes/3/exams/8/sittings/';
const PAGE = '/class/3/progress/exam/8/mark/';

const exam: ExamView = {
  id: 8,
  title: 'Fractions test',
  kind: 'exam',
  is_published: true,
  is_submittable: true,
  question_count: 1,
  marks_total: '3',
  additional_materials: '',
  course_id: 1,
  time_limit_minutes: 30,
  hide_solutions_until_release: false,
  sections: [
    {
      id: 2,
      title: 'Section A',
      position: 1,
      questions: [
        {
          id: 7,
          section_id: 2,
          position: 1,
          type: 'extended_response',
          marks: 3,
          prompt: '<p>Explain why 2/3 is greater than 3/5.</p>',
          solution: { worked_solution: '<p>10/15 &gt; 9/15.</p>' },
        },
      ],
    },
  ],
};

const sittings = (name: [string, string], anonymised: boolean): ClassSittings => ({
  released_at: null,
  anonymised,
  questions: [{ question_id: 7, submitted: 1, needs_marking: 1 }],
  students: [
    {
      profile_id: 12,
      first_name: name[0],
      last_name: name[1],
      extra_time_minutes: 0,
      sitting: {
        id: 40,
        status: 'submitted',
        started_at: '2026-06-03T02:00:00.000Z',
        submitted_at: '2026-06-03T02:15:00.000Z',
        transcribed: false,
        marks_awarded: 0,
        needs_marking: 1,
      },
    },
  ],
});

const answers = {
  [`GET ${EXAM_URL}`]: { status: 200, body: exam },
  [`GET ${SITTINGS_URL}`]: { status: 200, body: sittings(['Amelia', 'Chen'], false) },
  [`GET ${SITTINGS_URL}?anonymise=1`]: { status: 200, body: sittings(['Agile', 'Albatross'], true) },
};

const render = (path: string) =>
  renderWithProviders(<MarkingOverviewPage classId={3} examId={8} userId={1} />, { path });
const hideNames = () => screen.getByRole('switch', { name: /Hide student names/ });
const sittingsCalls = (seen: Parameters<typeof apiCalls>[0]) => apiCalls(seen).filter((r) => r.path === SITTINGS_URL);

describe('MarkingOverviewPage: hiding names', () => {
  beforeEach(() => vi.mocked(track).mockClear());
  afterEach(() => setAnonymisedCookie(false));

  it('turns the anonymiser cookie on, asks again, and never shows the real names meanwhile', async () => {
    const seen = stubFetch(answers);
    const { user } = render(PAGE);
    expect(await screen.findByRole('rowheader', { name: 'Amelia Chen' })).toBeInTheDocument();
    expect(hideNames()).not.toBeChecked();

    await user.click(hideNames());
    expect(document.cookie).toContain('anonymizeStudentData=1');
    expect(screen.queryByText('Amelia Chen')).not.toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Agile Albatross' })).toBeInTheDocument();
    expect(sittingsCalls(seen).map((r) => r.url)).toEqual([SITTINGS_URL, `${SITTINGS_URL}?anonymise=1`]);
    expect(track).toHaveBeenCalledWith('toggled student names', { anonymised: true });

    await user.click(hideNames());
    expect(document.cookie).not.toContain('anonymizeStudentData');
    expect(await screen.findByRole('rowheader', { name: 'Amelia Chen' })).toBeInTheDocument();
  });

  it('opens with names hidden when the cookie says so (a reload)', async () => {
    setAnonymisedCookie(true);
    const seen = stubFetch(answers);
    render(PAGE);
    expect(await screen.findByRole('rowheader', { name: 'Agile Albatross' })).toBeInTheDocument();
    expect(hideNames()).toBeChecked();
    await waitFor(() => expect(sittingsCalls(seen).map((r) => r.url)).toEqual([`${SITTINGS_URL}?anonymise=1`]));
    expect(screen.queryByText('Amelia Chen')).not.toBeInTheDocument();
  });
});
