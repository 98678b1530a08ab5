import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { LazyCourseJumper, LazyUserMenu } from './lazy-shell';

describe('LazyUserMenu', () => {
  it('is a stand-in button, announced as opening a menu, until clicked; the click loads the menu and opens it', async () => {
    const me = makeMe();
    renderWithProviders(<LazyUserMenu me={me} />);

    const standIn = screen.getByRole('button', { name: 'Ava Nguyen', expanded: false });
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    // Nothing loads the menu by itself (it waits for its user).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.click(standIn);

    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ava Nguyen' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens and closes like any menu once loaded', async () => {
    const me = makeMe();
    const { user } = renderWithProviders(<LazyUserMenu me={me} />);

    await user.click(screen.getByRole('button', { name: 'Ava Nguyen', expanded: false }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/account/profile/');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Ava Nguyen', expanded: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ava Nguyen', expanded: false }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('LazyCourseJumper', () => {
  it('answers alt+J pressed before the jumper has loaded: it loads and takes the focus', async () => {
    stubFetch({ 'GET /api/v1/courses/mine/': { status: 200, body: [] } });
    renderWithProviders(<LazyCourseJumper />);

    // At once: only the stand-in is there.
    expect(screen.queryByRole('combobox', { name: 'Jump to course' })).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: '∆', code: 'KeyJ', altKey: true });

    const jumper = await screen.findByRole('combobox', { name: 'Jump to course' });
    await waitFor(() => expect(jumper).toHaveFocus());
  });

  it('stands in as a button named like the search box; tabbing to it brings the jumper in, focused', async () => {
    stubFetch({ 'GET /api/v1/courses/mine/': { status: 200, body: [] } });
    const { user } = renderWithProviders(<LazyCourseJumper />);

    expect(screen.getByRole('button', { name: 'Jump to course' })).toHaveTextContent('Jump to course');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.tab();

    const jumper = await screen.findByRole('combobox', { name: 'Jump to course' });
    await waitFor(() => expect(jumper).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Jump to course' })).not.toBeInTheDocument();
  });
});
