import type { LessonInsights } from '@banksia/contracts/insights';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { LessonInsightsPage } from './lesson-insights-page';

vi.mock('../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const URL = '/api/v1/classes/3/insights/topics/5/lessons/9/';
const amy = { profile_id: 12, first_name: 'Amy', last_name: 'Zanetti', display_name: 'Amy Zanetti' };
const eve = { profile_id: 15, first_name: 'Eve', last_name: 'Wong', display_name: 'Eve Wong' };

const data: LessonInsights = {
  class_id: 3,
  topic: { id: 5, title: 'Fractions' },
  lesson: { id: 9, title: 'Adding fractions', is_published: true, is_coming_soon: false },
  anonymised: false,
  student_count: 5,
  students_started: 3,
  chunks: [
    {
      chunk_id: 31,
      index: 1,
      title: 'Common denominators',
      duration_seconds: 100,
      students_visited: 3,
      total_visits: 6,
      students_played: 3,
      average_seconds_watched: 81.7,
      students_watched: 2,
      watched_share: 0.4,
    },
  ],
  self_ratings: {
    counts: [1, 2, 3, 4, 5].map((rating) => ({ rating, students: rating === 4 ? 2 : rating === 2 ? 1 : 0 })),
    not_rated: 2,
    average: 3.33,
  },
  students_with_notes: [amy],
  not_started: [eve],
  question_set: null,
};

describe('LessonInsightsPage', () => {
  it('shows watching per part as a table with the time watched, notes with links, and who has not started', async () => {
    stubFetch({ [`GET ${URL}`]: { status: 200, body: data } });
    const { user } = renderWithProviders(<LessonInsightsPage classId={3} topicId={5} lessonId={9} />, {
      path: '/class/3/topic/5/dashboards/lesson/9/',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard: Adding fractions' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Watching per part\. 1\. Common denominators: Watched 90% or more 40%/ }));

    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Show Watching per part as' })).getByRole('radio', {
        name: 'Show as table',
      }),
    );
    const table = screen.getByRole('table', { name: 'Watching per part' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('1. Common denominators40%21 min 22 s1 min 40 s');

    const notes = screen.getByRole('list', { name: 'Notes taken (1)' });
    expect(within(notes).getByRole('link', { name: 'Amy Zanetti' })).toHaveAttribute(
      'href',
      '/class/3/lesson/9/notes/12/',
    );
    expect(within(screen.getByRole('list', { name: 'Not started yet (1)' })).getByText('Eve Wong')).toBeInTheDocument();
    expect(screen.getByText('This lesson has no question set.')).toBeInTheDocument();
  });
});
