import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListParams } from './use-list-params';

function List() {
  const { search, setSearch, query } = useListParams('to');
  return (
    <>
      <label>
        Recipient
        <input value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
      </label>
      <p>Showing: {query || 'all'}</p>
      <Link to="/outbox/7/">Welcome to Banksia</Link>
    </>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return <p>At {`${pathname}${search}`}</p>;
}

/** The list at /outbox/; a message's page loads its code first (as the app's lazy routes do), taking `loadMs`. */
function renderList(loadMs: number, entry = '/outbox/') {
  const router = createMemoryRouter(
    [
      {
        path: '/outbox/',
        element: (
          <>
            <List />
            <Where />
          </>
        ),
      },
      {
        path: '/outbox/:id/',
        lazy: async () => {
          await new Promise((resolve) => setTimeout(resolve, loadMs));
          return { element: <Where /> };
        },
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets `ms` of fake time pass, with React's updates and the router's promises settled along the way. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const typeRecipient = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Recipient' }), { target: { value: text } });

describe('useListParams', () => {
  it('puts the search in the address 300 ms after typing stops, starting again at page 1', async () => {
    const router = renderList(0, '/outbox/?page=3');
    typeRecipient('ava');
    await wait(299);
    expect(router.state.location.search).toBe('?page=3');
    await wait(1);
    expect(router.state.location.search).toBe('?to=ava');
    expect(screen.getByText('Showing: ava')).toBeInTheDocument();
  });

  it('a result clicked before the search reached the address is opened, not undone by the late update', async () => {
    const router = renderList(600);
    typeRecipient('ava');
    // Within the 300 ms: the message's page is still loading when the search would reach the address.
    await wait(100);
    fireEvent.click(screen.getByRole('link', { name: 'Welcome to Banksia' }));
    await wait(300);
    expect(router.state.navigation.location?.pathname).toBe('/outbox/7/');
    await wait(400);
    expect(screen.getByText('At /outbox/7/')).toBeInTheDocument();
    // Well past both the debounce and the load: the address stays on the message.
    await wait(1000);
    expect(router.state.location.pathname).toBe('/outbox/7/');
    expect(router.state.location.search).toBe('');
  });
});
