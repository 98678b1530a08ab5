import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ContactSupportButton } from './contact-support-button';

const signedOut = { 'GET /api/v1/auth/session/': { status: 200, body: { me: null } } };
const signedIn = { 'GET /api/v1/auth/session/': { status: 200, body: { me: makeMe() } } };

beforeEach(() => {
  window.history.pushState({}, '', '/account/profile/');
});
afterEach(() => {
  window.history.pushState({}, '', '/');
  document.head.querySelectorAll('script[src]').forEach((s) => s.remove());
});

describe('support dialog', () => {
  it('sends the message, the email and the page when signed out, then thanks the sender', async () => {
    const seen = stubFetch({ ...signedOut, 'POST /api/v1/support/requests/': { status: 201, body: { id: 7 } } });
    const { user } = renderWithProviders(<ContactSupportButton />);

    await user.click(await screen.findByRole('button', { name: 'Contact support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    await user.click(within(dialog).getByLabelText('How can we help?'));
    await user.paste('The lesson video will not play.');
    await user.click(within(dialog).getByLabelText('Email'));
    await user.paste('parent@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));

    expect(await within(dialog).findByText(/Thanks — we've got your message/)).toBeInTheDocument();
    const sent = apiCalls(seen).filter((r) => r.path === '/api/v1/support/requests/');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toEqual({
      message: 'The lesson video will not play.',
      email: 'parent@example.com',
      page: '/account/profile/',
    });
  });

  it('does not ask for an email when signed in', async () => {
    const seen = stubFetch({ ...signedIn, 'POST /api/v1/support/requests/': { status: 201, body: { id: 8 } } });
    const { user, queryClient } = renderWithProviders(<ContactSupportButton />);
    await waitFor(() => expect(queryClient.getQueryData(['accounts', 'me'])).toBeTruthy());

    await user.click(await screen.findByRole('button', { name: 'Contact support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('How can we help?'));
    await user.paste('Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));

    expect(await within(dialog).findByText(/Thanks — we've got your message/)).toBeInTheDocument();
    expect(apiCalls(seen).find((r) => r.path === '/api/v1/support/requests/')?.body).toEqual({
      message: 'Hello',
      page: '/account/profile/',
    });
  });

  it('asks for the message and an email before sending', async () => {
    const seen = stubFetch(signedOut);
    const { user } = renderWithProviders(<ContactSupportButton />);

    await user.click(await screen.findByRole('button', { name: 'Contact support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));

    expect(await within(dialog).findByText('Tell us what went wrong.')).toBeInTheDocument();
    expect(within(dialog).getByText('Tell us your email so we can reply.')).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.path === '/api/v1/support/requests/')).toBe(false);
  });

  it("shows the server's message when too many messages were sent, keeping what was written", async () => {
    stubFetch({
      ...signedOut,
      'POST /api/v1/support/requests/': {
        status: 429,
        body: { detail: 'You have sent several messages already. Please try again later.', code: 'too_many_requests' },
      },
    });
    const { user } = renderWithProviders(<ContactSupportButton />);

    await user.click(await screen.findByRole('button', { name: 'Contact support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    await user.click(within(dialog).getByLabelText('How can we help?'));
    await user.paste('Still broken');
    await user.click(within(dialog).getByLabelText('Email'));
    await user.paste('parent@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have sent several messages already. Please try again later.',
    );
    expect(within(dialog).getByLabelText('How can we help?')).toHaveValue('Still broken');
  });

  it("shows a 400's field errors on the fields", async () => {
    stubFetch({
      ...signedOut,
      'POST /api/v1/support/requests/': {
        status: 400,
        body: {
          detail: 'Some fields are not valid.',
          code: 'validation_failed',
          errors: { email: ['Enter a valid email address.'] },
        },
      },
    });
    const { user } = renderWithProviders(<ContactSupportButton />);

    await user.click(await screen.findByRole('button', { name: 'Contact support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    await user.click(within(dialog).getByLabelText('How can we help?'));
    await user.paste('Help');
    await user.click(within(dialog).getByLabelText('Email'));
    await user.paste('parent@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
        expect.stringContaining('Enter a valid email address.'),
      ),
    );
  });

  it('loads the chat widget instead of the dialog when one is configured, and only once', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/v1/config/': {
        status: 200,
        body: { chat_widget_url: 'https://chat.example.com/widget.js', sentry_dsn: null, environment: 'test' },
      },
    });
    const { user, queryClient } = renderWithProviders(<ContactSupportButton />);
    await waitFor(() => expect(queryClient.getQueryData(['support', 'config'])).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Contact support' }));
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src="https://chat.example.com/widget.js"]');
      expect(found).not.toBeNull();
      return found!;
    });
    script.dispatchEvent(new Event('load'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Contact support' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Contact support' }));

    expect(document.head.querySelectorAll('script[src="https://chat.example.com/widget.js"]')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
