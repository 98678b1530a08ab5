import { FailureReason } from '@banksia/contracts/errors';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestFailure } from '../components/request-failure';
import { useLoadable } from './use-loadable';

/** Each render's [whether the query had data, the loadable's status], and a way to answer the query. */
function setUp() {
  const renders: [boolean, string][] = [];
  let answer!: { resolve: (v: string) => void; reject: (e: unknown) => void };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Probe() {
    const query = useQuery({
      queryKey: ['probe'],
      queryFn: () => new Promise<string>((resolve, reject) => (answer = { resolve, reject })),
    });
    const loadable = useLoadable(query);
    renders.push([query.data !== undefined, loadable.status]);
    return <p>{loadable.status === 'ready' || loadable.status === 'reloading' ? loadable.data : loadable.status}</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { renders, client, answer: () => answer };
}

describe('useLoadable', () => {
  it('renders the first data in a second, background render: the render the answer causes still shows loading', async () => {
    const { renders, answer } = setUp();
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => answer().resolve('the lesson'));
    expect(await screen.findByText('the lesson')).toBeInTheDocument();
    const first = renders.findIndex(([hasData]) => hasData);
    expect(renders[first]).toEqual([true, 'loading']);
    expect(renders.slice(first + 1)).toContainEqual([true, 'ready']);
  });

  it('shows what comes after the first data at once: reloading, then a failure', async () => {
    const { renders, client, answer } = setUp();
    await act(async () => answer().resolve('the lesson'));
    await screen.findByText('the lesson');

    renders.length = 0;
    await act(async () => void client.refetchQueries({ queryKey: ['probe'] }));
    // TanStack Query tells its observers on the next tick.
    await waitFor(() => expect(renders.length).toBeGreaterThan(0));
    expect(renders[0]).toEqual([true, 'reloading']);
    expect(screen.getByText('the lesson')).toBeInTheDocument();

    renders.length = 0;
    await act(async () => answer().reject(new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null)));
    await waitFor(() => expect(renders.length).toBeGreaterThan(0));
    expect(renders[0]).toEqual([true, 'failure']);
    expect(await screen.findByText('failure')).toBeInTheDocument();
  });
});
