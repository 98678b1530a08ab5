import type { ReviewTopics } from '@banksia/contracts/review';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeCookie } from '../../../lib/cookies';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { makeClass, makeClassAssemblage, makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

vi.mock('../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

beforeAll(async () => {
  await import('./review-topics-page');
  await import('../../../app/routes/review-topics-page');
}, 60_000);

afterEach(() => removeCookie('anonymizeStudentData'));

const FIRST_LOAD = { timeout: 15_000 };

function topics(names: [string, string]): ReviewTopics {
  const student = (profile_id: number, first: string, last: string, missed: number) => ({
    profile_id,
    first_name: first,
    last_name: last,
    display_name: `${first} ${last}`,
    missed,
    lapses: 1,
    cards: 2,
  });
  return {
    class_id: 11,
    anonymised: names[0] !== 'Amy',
    topics: [
      {
        section_id: 5,
        title: 'Fractions',
        cards: 4,
        students: 2,
        reviews: 4,
        missed: 3,
        miss_rate: 0.75,
        lapses: 2,
        struggling: [student(21, names[0], names[1], 2)],
      },
      {
        section_id: 6,
        title: 'Algebra',
        cards: 1,
        students: 1,
        reviews: 0,
        missed: 0,
        miss_rate: null,
        lapses: 0,
        struggling: [],
      },
    ],
  };
}

describe('topics to revisit', () => {
  it('lists topics by miss rate with the students who struggle, and hides names on request', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': {
        status: 200,
        body: { me: makeMe({ roles: ['teacher'], classes: [makeClass({ id: 11, title: '9MAT1', role: 'teacher' })] }) },
      },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
      'GET /api/v1/classes/11/review/topics/': () =>
        jsonResponse(
          200,
          // The server reads the anonymiser cookie, which the browser sends along.
          topics(document.cookie.includes('anonymizeStudentData=1') ? ['Brave', 'Wombat'] : ['Amy', 'Zanetti']),
        ),
    });
    const { user } = renderApp('/class/11/review/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Topics to revisit' }, FIRST_LOAD)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Topics by miss rate in review, highest first' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Fractions');
    expect(rows[1]).toHaveTextContent('75%');
    expect(rows[1]).toHaveTextContent('3 wrong of 4 reviews');
    expect(rows[1]).toHaveTextContent('Amy Zanetti');
    expect(rows[2]).toHaveTextContent('Not reviewed yet');
    expect(rows[2]).toHaveTextContent('Nobody yet');

    // The chart reads as a table too.
    await user.click(screen.getByText('Show as table'));
    expect(screen.getByRole('table', { name: 'Miss rate by topic' })).toHaveTextContent('Fractions75%4');

    // The page's own switch (the navigation bar has one too).
    await user.click(within(screen.getByRole('main')).getByRole('switch', { name: /Hide student names/ }));
    expect(await screen.findByText('Brave Wombat')).toBeInTheDocument();
    expect(screen.queryByText(/Amy Zanetti/)).not.toBeInTheDocument();
  }, 30_000);
});
