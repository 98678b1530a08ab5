import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { LazyCourseJumper, LazyUserMenu } from './lazy-shell';

describe('LazyUserMenu', () => {
  it('opens the menu when its stand-in button is clicked before the menu has loaded', async () => {
    const me = makeMe();
    renderWithProviders(<LazyUserMenu me={me} />);

    // On the first render the browser has not been idle yet: the button is the stand-in, which opens no menu itself.
    // Clicked in the same tick, before any timer (the idle callback) can run and bring the real menu in.
    const standIn = screen.getByRole('button', { name: 'Ava Nguyen' });
    expect(standIn).not.toHaveAttribute('aria-haspopup');
    fireEvent.click(standIn);

    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ava Nguyen' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens and closes like any menu once loaded', async () => {
    const me = makeMe();
    // A page around it, whose heading shows: the menu loads once that page has settled, not after the 5 s deadline
    // for pages that never settle (which the 5 s of findByRole below would race).
    const { user } = renderWithProviders(
      <main>
        <h1>Home</h1>
        <LazyUserMenu me={me} />
      </main>,
    );

    const loaded = await screen.findByRole('button', { name: 'Ava Nguyen', expanded: false });
    await user.click(loaded);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/account/profile/');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Ava Nguyen', expanded: false })).toBeInTheDocument();
  });
});

describe('LazyCourseJumper', () => {
  it('answers alt+J pressed before the jumper has loaded: it loads and takes the focus', async () => {
    stubFetch({ 'GET /api/v1/courses/mine/': { status: 200, body: [] } });
    renderWithProviders(<LazyCourseJumper />);

    // At once, before the browser has been idle: only the stand-in is there.
    expect(screen.queryByRole('combobox', { name: 'Jump to course' })).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: '∆', code: 'KeyJ', altKey: true });

    const jumper = await screen.findByRole('combobox', { name: 'Jump to course' });
    await waitFor(() => expect(jumper).toHaveFocus());
  });
});
