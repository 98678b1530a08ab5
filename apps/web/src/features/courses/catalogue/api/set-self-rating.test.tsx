import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeClassAssemblage, makeUserProgress, makeClass, makeMe } from '../../../../test/fixtures';
import { apiCalls, jsonResponse, stubFetch, type Answer } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render';

vi.mock('../../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const ava = makeMe({ roles: ['student'], classes: [makeClass({ id: 11, role: 'student' })] });

function answers(selfAssessment: Answer): Record<string, Answer> {
  return {
    'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
    'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
    'GET /api/v1/classes/11/users/1/progress/': { status: 200, body: makeUserProgress() },
    'POST /api/v1/classes/11/chunks/300/visit/': { status: 204 },
    'POST /api/v1/self-assessment/': selfAssessment,
  };
}

/** An answer held back until the test releases it. */
function deferred(response: () => Response) {
  let release = () => {};
  const answer: Answer = () => new Promise<Response>((resolve) => (release = () => resolve(response())));
  return { answer, release: () => release() };
}

describe('lesson self-rating', () => {
  it('shows the new rating at once and keeps it when the server confirms', async () => {
    const pending = deferred(() => jsonResponse(200, { branch_id: 200, rating: 4 }));
    const seen = stubFetch(answers(pending.answer));
    const { user } = renderApp('/class/11/lesson/200/1/');

    const current = await screen.findByRole('radio', { name: '3: I get the main ideas' });
    expect(current).toBeChecked();
    await user.click(screen.getByRole('radio', { name: "4: I've got it" }));

    // Optimistic: shown before the server has answered.
    expect(await screen.findByText("Your rating: 4, I've got it.")).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: "4: I've got it" })).toBeChecked();
    await vi.waitFor(() =>
      expect(apiCalls(seen).find((r) => r.path === '/api/v1/self-assessment/')?.body).toEqual({
        branch_id: 200,
        rating: 4,
      }),
    );
    pending.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('radio', { name: "4: I've got it" })).toBeChecked();
    expect(screen.queryByText('Your rating was not saved')).not.toBeInTheDocument();
  });

  it('puts the previous rating back and says so when saving fails', async () => {
    const pending = deferred(() => jsonResponse(400, { detail: 'Bad request.', errors: {} }));
    stubFetch(answers(pending.answer));
    const { user } = renderApp('/class/11/lesson/200/1/');

    await user.click(await screen.findByRole('radio', { name: '5: I could teach it' }));
    expect(await screen.findByText('Your rating: 5, I could teach it.')).toBeInTheDocument();

    pending.release();
    expect(await screen.findByText('Your rating was not saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: '3: I get the main ideas' })).toBeChecked());
    expect(screen.getByText('Your rating: 3, I get the main ideas.')).toBeInTheDocument();
  });
});
