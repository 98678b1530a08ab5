import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { stubFetch } from '../test/fetch-stub';
import { notify } from '../lib/notify';

describe('the notifications layer', () => {
  it('mounts the notifications layer with the first notification, which then shows', async () => {
    stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: null } } });
    // As in the app (not the tests' env, which mounts the layer at once).
    render(
      <AppProviders queryClient={createQueryClient()}>
        <button type="button" onClick={() => notify({ message: 'Your notes are saved' })}>
          Save
        </button>
      </AppProviders>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your notes are saved')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
