import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClassAssemblage, makeDemoLesson, makeUserProgress, makeClass, makeMe } from '../../../../test/fixtures';
import { apiCalls, jsonResponse, stubFetch, type Answer, type SeenRequest } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render';

vi.mock('../../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const ava = makeMe({
  roles: ['student'],
  profiles: [
    { profile_id: 8, school_id: 5, school_name: 'Banksia Demo High School', school_slug: 'demo', kind: 'student' },
  ],
  classes: [makeClass({ id: 11, role: 'student', school_id: 5 })],
});
const priya = makeMe({
  user: {
    id: 2,
    first_name: 'Priya',
    last_name: 'Sharma',
    display_name: 'Priya Sharma',
    email: 'teacher@banksia.test',
  },
  roles: ['teacher'],
  profiles: [
    { profile_id: 9, school_id: 5, school_name: 'Banksia Demo High School', school_slug: 'demo', kind: 'teacher' },
  ],
  classes: [makeClass({ id: 11, role: 'teacher', school_id: 5 })],
});

function student(extra: Record<string, Answer> = {}): Record<string, Answer> {
  return {
    'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
    'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
    'GET /api/v1/classes/11/users/1/progress/': { status: 200, body: makeUserProgress() },
    'POST /api/v1/classes/11/chunks/300/visit/': { status: 204 },
    'POST /api/v1/classes/11/chunks/301/visit/': { status: 204 },
    'POST /api/v1/classes/11/chunks/302/visit/': { status: 204 },
    ...extra,
  };
}

const posts = (seen: readonly SeenRequest[], suffix: string) =>
  apiCalls(seen).filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

/** Makes the video report `time` as its playback position and says it moved there. */
function playTo(video: HTMLVideoElement, time: number) {
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time });
  fireEvent.timeUpdate(video);
}

/** Plays from `from` to `to` in quarter seconds, as a browser's timeupdate events would. */
function play(video: HTMLVideoElement, from: number, to: number) {
  for (let t = from + 0.25; t <= to + 1e-9; t += 0.25) playTo(video, Math.round(t * 100) / 100);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('chunk player', () => {
  it('plays a part with its captions, lists the parts and links the lesson’s questions, notes and files', async () => {
    stubFetch(student());
    renderApp('/class/11/lesson/200/1/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Equivalent fractions' })).toBeInTheDocument();
    expect(screen.getByText('Part 1 of 3')).toBeInTheDocument();
    const video = screen.getByLabelText('Video: What makes fractions equal');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/media/videos/300.webm');
    const track = video.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', '/media/captions/300.en.vtt');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveProperty('default', true);

    const parts = screen.getByRole('navigation', { name: 'Lesson parts' });
    const links = within(parts).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).toHaveAttribute('href', '/class/11/lesson/200/2/');

    // EXTENDED classes have lesson questions and notes, but not premium files.
    expect(screen.getByRole('link', { name: /Questions: Equivalent fractions check/ })).toHaveAttribute(
      'href',
      '/class/11/question-set/400/',
    );
    expect(screen.getByRole('link', { name: 'Notes' })).toHaveAttribute('href', '/class/11/lesson/200/notes/8/');
    expect(screen.getByRole('link', { name: /Equivalent fractions worksheet/ })).toHaveAttribute(
      'href',
      '/media/attachments/worksheet.pdf',
    );
    expect(screen.queryByRole('link', { name: /Worked answers/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Premium: not in your class/)).toBeInTheDocument();
  });

  it('moves between parts with previous and next, and shows a hosted video as a link out', async () => {
    stubFetch(student());
    const { router, user } = renderApp('/class/11/lesson/200/1/');

    await screen.findByRole('heading', { level: 1, name: 'Equivalent fractions' });
    expect(screen.getByRole('button', { name: 'Previous part' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Next part' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/class/11/lesson/200/2/'));
    expect(await screen.findByRole('heading', { name: 'Watch this part on Vimeo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Watch on Vimeo/ })).toHaveAttribute('href', 'https://vimeo.com/76979871');
    expect(screen.queryByLabelText(/^Video:/)).not.toBeInTheDocument();

    // The keyboard shortcut goes on to the last part, whose "next" is the next lesson that can be opened.
    await user.keyboard(']');
    await waitFor(() => expect(router.state.location.pathname).toBe('/class/11/lesson/200/3/'));
    // The address changes as the navigation starts; the part shows once its render (a transition) has finished.
    expect(await screen.findByRole('link', { name: 'Next lesson' })).toHaveAttribute('href', '/class/11/lesson/205/');
    await user.click(screen.getByRole('link', { name: 'Previous part' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/class/11/lesson/200/2/'));
  });

  it('records one visit for each part opened, and ticks it', async () => {
    const seen = stubFetch(student());
    const { user } = renderApp('/class/11/lesson/200/1/');

    await screen.findByRole('heading', { level: 1, name: 'Equivalent fractions' });
    await vi.waitFor(() => expect(posts(seen, '/chunks/300/visit/')).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: 'Next part' }));
    await vi.waitFor(() => expect(posts(seen, '/chunks/301/visit/')).toHaveLength(1));

    // The part just left is ticked without reading the progress again.
    const parts = screen.getByRole('navigation', { name: 'Lesson parts' });
    await waitFor(() => expect(within(parts).getAllByText(/· opened|watched/)).toHaveLength(2));
    expect(posts(seen, '/chunks/300/visit/')).toHaveLength(1);
    expect(apiCalls(seen).filter((r) => r.path === '/api/v1/classes/11/users/1/progress/')).toHaveLength(1);
  });

  it('reports the seconds played every 15 seconds and on pause, not counting seeks', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const seen = stubFetch(
      student({
        'POST /api/v1/classes/11/chunks/300/watch/': (r) =>
          jsonResponse(200, {
            chunk_id: 300,
            seconds_watched: (r.body as { seconds: number }).seconds,
            watched: false,
          }),
      }),
    );
    renderApp('/class/11/lesson/200/1/');
    const video = (await screen.findByLabelText('Video: What makes fractions equal')) as HTMLVideoElement;

    fireEvent.play(video);
    play(video, 0, 10);
    act(() => vi.advanceTimersByTime(15_000));
    await vi.waitFor(() => expect(posts(seen, '/chunks/300/watch/')).toHaveLength(1));
    expect(posts(seen, '/chunks/300/watch/')[0]!.body).toEqual({ seconds: 10, position: 10 });

    // A jump ahead is a seek, not watching; playing on from there counts again.
    playTo(video, 60);
    play(video, 60, 64);
    fireEvent.pause(video);
    await vi.waitFor(() => expect(posts(seen, '/chunks/300/watch/')).toHaveLength(2));
    expect(posts(seen, '/chunks/300/watch/')[1]!.body).toEqual({ seconds: 4, position: 64 });

    // Nothing played since: the next interval sends nothing.
    act(() => vi.advanceTimersByTime(15_000));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posts(seen, '/chunks/300/watch/')).toHaveLength(2);
  });

  it('lets a teacher watch without a rating or notes', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: priya } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
    });
    renderApp('/class/11/lesson/200/1/');

    await screen.findByRole('heading', { level: 1, name: 'Equivalent fractions' });
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('says why a premium or coming-soon lesson does not open, and 404s a part that does not exist', async () => {
    stubFetch(student());
    const { router } = renderApp('/class/11/lesson/202/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fractions of amounts is a premium lesson' }),
    ).toBeInTheDocument();

    await act(() => router.navigate('/class/11/lesson/201/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Adding fractions is coming soon' }),
    ).toBeInTheDocument();

    await act(() => router.navigate('/class/11/lesson/200/9/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: "We can't find the resources you're looking for" }),
    ).toBeInTheDocument();
  });

  it('opens a lesson at its first part', async () => {
    stubFetch(student());
    const { router } = renderApp('/class/11/lesson/200/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/class/11/lesson/200/1/'));
  });
});

describe('demo lesson', () => {
  const signedOut: Record<string, Answer> = {
    'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
    'GET /api/v1/demo/lessons/200/': { status: 200, body: makeDemoLesson() },
  };

  it('plays for a signed-out visitor and records nothing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const seen = stubFetch(signedOut);
    const { router, user } = renderApp('/demo/lesson/200/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/lesson/200/1/'));
    expect(await screen.findByText('Demo lesson — nothing you do here is saved.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Equivalent fractions' })).toBeInTheDocument();
    const video = screen.getByLabelText('Video: What makes fractions equal') as HTMLVideoElement;
    expect(video.querySelector('track')).toHaveAttribute('kind', 'captions');

    fireEvent.play(video);
    play(video, 0, 20);
    act(() => vi.advanceTimersByTime(30_000));
    fireEvent.pause(video);
    await user.click(screen.getByRole('link', { name: 'Next part' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/lesson/200/2/'));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(apiCalls(seen).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notes' })).not.toBeInTheDocument();
    // Signed out there is no app navigation, and the way on is to sign in.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Questions: Equivalent fractions check/ })).toHaveAttribute(
      'href',
      '/demo/question-set/400/',
    );
  });

  it('shows the not-found page for a lesson that is not a demo', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/v1/demo/lessons/200/': { status: 404, body: { detail: 'Not found.', code: 'not_found' } },
    });
    renderApp('/demo/lesson/200/1/');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We can't find the resources you're looking for" }),
    ).toBeInTheDocument();
  });
});
