import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../../test/fetch-stub';
import { renderWithProviders } from '../../../../test/render';
import { ReleaseControl } from './release-control';

const RELEASE_URL = '/api/v1/classes/3/exams/8/release/';
const params = { classId: 3, examId: 8 };
const releases = (seen: Parameters<typeof apiCalls>[0]) => apiCalls(seen).filter((r) => r.path === RELEASE_URL);

describe('ReleaseControl', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=test-csrf-token; path=/';
  });

  it('asks first while answers wait for marking, and sends nothing when the teacher keeps holding', async () => {
    const seen = stubFetch({});
    const { user } = renderWithProviders(<ReleaseControl params={params} releasedAt={null} waiting={2} />);
    await user.click(screen.getByRole('button', { name: 'Release results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release results now?' });
    expect(dialog).toHaveTextContent('2 answers still wait for marking.');
    await user.click(screen.getByRole('button', { name: 'Keep holding' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(releases(seen)).toHaveLength(0);
  });

  it('releases once confirmed', async () => {
    const seen = stubFetch({
      [`POST ${RELEASE_URL}`]: {
        status: 200,
        body: { class_id: 3, exam_id: 8, released_at: '2026-06-03T04:00:00.000Z' },
      },
    });
    const { user } = renderWithProviders(<ReleaseControl params={params} releasedAt={null} waiting={1} />);
    await user.click(screen.getByRole('button', { name: 'Release results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release results now?' });
    expect(dialog).toHaveTextContent('1 answer still waits for marking.');
    await user.click(screen.getAllByRole('button', { name: 'Release results' }).at(-1)!);
    await waitFor(() => expect(releases(seen).map((r) => r.body)).toEqual([{ released: true }]));
  });

  it('releases at once when nothing waits for marking', async () => {
    const seen = stubFetch({
      [`POST ${RELEASE_URL}`]: {
        status: 200,
        body: { class_id: 3, exam_id: 8, released_at: '2026-06-03T04:00:00.000Z' },
      },
    });
    const { user } = renderWithProviders(<ReleaseControl params={params} releasedAt={null} waiting={0} />);
    await user.click(screen.getByRole('button', { name: 'Release results' }));
    await waitFor(() => expect(releases(seen).map((r) => r.body)).toEqual([{ released: true }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows when the results were released, holds them again, and says so when that fails', async () => {
    const seen = stubFetch({ [`POST ${RELEASE_URL}`]: { status: 500, body: { detail: 'Server error.' } } });
    const { user } = renderWithProviders(
      <ReleaseControl params={params} releasedAt="2026-06-03T04:00:00.000Z" waiting={3} />,
    );
    expect(screen.getByRole('heading', { name: 'Results released' })).toBeInTheDocument();
    expect(screen.getByText(/^Released \d+ Jun, \d+:\d\d [ap]m\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hold results' }));
    await waitFor(() => expect(releases(seen).map((r) => r.body)).toEqual([{ released: false }]));
    expect(await screen.findByText('The results were not held')).toBeInTheDocument();
  });
});
