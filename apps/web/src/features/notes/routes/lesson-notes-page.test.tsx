import type { Notes } from '@banksia/contracts/courses';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, jsonResponse, stubFetch, type Answer, type SeenRequest } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { notesDraftKey } from '../hooks/notes-draft';
import { LessonNotesRoute } from './lesson-notes-page';

// The real editor is TipTap, tested in components/; here a textarea stands in so the tests are about autosave.
vi.mock('../../../components/rich-text-editor', () => ({
  RichTextEditor: ({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const params = { classId: 11, lessonId: 5, profileId: 42 };
const PATH = '/class/11/lesson/5/notes/42/';
const NOTES_URL = '/api/v1/classes/11/lessons/5/notes/42/';
const draftKey = notesDraftKey(params);

const profile = (profile_id: number, kind: 'student' | 'teacher') => ({
  profile_id,
  school_id: 5,
  school_name: 'Banksia High',
  school_slug: 'banksia-high',
  kind,
});
const student = makeMe({ profiles: [profile(42, 'student')], roles: ['student'] });
const teacher = makeMe({ profiles: [profile(7, 'teacher')], roles: ['teacher'] });

function notes(overrides: Partial<Notes> = {}): Notes {
  return { lesson_id: 5, profile_id: 42, html: '<p>Server notes</p>', version: 3, updated_at: null, ...overrides };
}

/** A PUT that saves whatever it is sent, one version up. */
function saves(request: SeenRequest): Response {
  const body = request.body as { html: string; version: number };
  return jsonResponse(200, notes({ html: body.html, version: body.version + 1, updated_at: '2026-03-01T10:00:00Z' }));
}

function answers(extra: Record<string, Answer> = {}): Record<string, Answer> {
  return {
    'GET /api/v1/auth/session/': { status: 200, body: { me: student } },
    [`GET ${NOTES_URL}`]: { status: 200, body: notes() },
    [`PUT ${NOTES_URL}`]: saves,
    ...extra,
  };
}

function renderNotes() {
  return renderWithProviders(
    <Routes>
      <Route path="/class/:classId/lesson/:lessonId/notes/:profileId/" element={<LessonNotesRoute />} />
    </Routes>,
    { path: PATH },
  );
}

const puts = (seen: SeenRequest[]) => apiCalls(seen).filter((r) => r.method === 'PUT');
const editor = () => screen.getByRole('textbox', { name: 'Lesson notes' });
const indicator = () => screen.getByRole('status');
const type = (html: string) => fireEvent.change(editor(), { target: { value: html } });
/** Runs timers, and the promise chains they start, up to `ms` from now. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Renders the page with real timers until the editor is there, then switches to fake ones. */
async function openNotes() {
  const view = renderNotes();
  await screen.findByRole('textbox', { name: 'Lesson notes' });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  return view;
}

function storedDraft(): unknown {
  const raw = localStorage.getItem(draftKey);
  return raw === null ? null : JSON.parse(raw);
}

describe('lesson notes page', () => {
  beforeEach(() => {
    // A CSRF cookie up front keeps each save to one request.
    document.cookie = 'csrftoken=test-csrf-token; path=/';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('autosave', () => {
    it('saves 1 s after typing stops, with the version it edited', async () => {
      const seen = stubFetch(answers());
      await openNotes();
      expect(editor()).toHaveValue('<p>Server notes</p>');
      expect(screen.getByRole('heading', { level: 1, name: 'Notes' })).toBeInTheDocument();

      type('<p>A</p>');
      await wait(600);
      type('<p>AB</p>');
      await wait(999);
      expect(puts(seen)).toHaveLength(0);
      await wait(1);
      expect(puts(seen).map((r) => r.body)).toEqual([{ html: '<p>AB</p>', version: 3 }]);

      // The next save builds on the version the server answered with.
      type('<p>ABC</p>');
      await wait(1000);
      expect(puts(seen).map((r) => r.body)).toEqual([
        { html: '<p>AB</p>', version: 3 },
        { html: '<p>ABC</p>', version: 4 },
      ]);
    });

    it("shows 'Saving...' while a change is unsaved and 'Saved' 500 ms after the save", async () => {
      stubFetch(answers());
      await openNotes();
      type('<p>New</p>');
      expect(indicator()).toHaveTextContent('Saving...');
      await wait(1000);
      expect(indicator()).toHaveTextContent('Saving...');
      await wait(499);
      expect(indicator()).toHaveTextContent('Saving...');
      await wait(1);
      expect(indicator()).toHaveTextContent('Saved');
    });

    it('sends a change made during a save in the next one', async () => {
      let release: () => void = () => {};
      const seen = stubFetch(
        answers({
          [`PUT ${NOTES_URL}`]: (request) =>
            puts(seen).length === 1
              ? new Promise<Response>((resolve) => (release = () => resolve(saves(request))))
              : saves(request),
        }),
      );
      await openNotes();
      type('<p>One</p>');
      await wait(1000);
      type('<p>One two</p>');
      await wait(1000);
      expect(puts(seen)).toHaveLength(1);
      release();
      await wait(0);
      expect(puts(seen).map((r) => r.body)).toEqual([
        { html: '<p>One</p>', version: 3 },
        { html: '<p>One two</p>', version: 4 },
      ]);
      await wait(500);
      expect(indicator()).toHaveTextContent('Saved');
      expect(storedDraft()).toBeNull();
    });

    it('shows "Couldn\'t save" when offline, keeps the draft, and re-sends it', async () => {
      let online = false;
      const seen = stubFetch(
        answers({
          [`PUT ${NOTES_URL}`]: (request) =>
            online ? saves(request) : Promise.reject(new TypeError('Failed to fetch')),
        }),
      );
      await openNotes();
      type('<p>Offline</p>');
      await wait(1000);
      expect(indicator()).toHaveTextContent("Couldn't save");
      expect(screen.getByText(/Your changes are kept on this device and will be saved/)).toBeInTheDocument();
      expect(storedDraft()).toMatchObject({ value: '<p>Offline</p>', base_version: 3 });

      online = true;
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      await wait(500);
      expect(puts(seen)).toHaveLength(2);
      expect(indicator()).toHaveTextContent('Saved');
      expect(storedDraft()).toBeNull();
    });

    it('retries on a timer after a server error', async () => {
      let fail = true;
      const seen = stubFetch(
        answers({ [`PUT ${NOTES_URL}`]: (request) => (fail ? jsonResponse(503, {}) : saves(request)) }),
      );
      await openNotes();
      type('<p>Later</p>');
      await wait(1000);
      expect(indicator()).toHaveTextContent("Couldn't save");
      fail = false;
      await wait(5000);
      expect(puts(seen)).toHaveLength(2);
      await wait(500);
      expect(indicator()).toHaveTextContent('Saved');
    });

    it('saves a change still waiting for its debounce when the page is left', async () => {
      const seen = stubFetch(answers());
      const { unmount } = await openNotes();
      type('<p>Leaving</p>');
      unmount();
      await wait(0);
      expect(puts(seen).map((r) => r.body)).toEqual([{ html: '<p>Leaving</p>', version: 3 }]);
      expect(storedDraft()).toBeNull();
    });
  });

  describe('drafts kept on this device', () => {
    it('restores an unsaved change after a reload and sends it', async () => {
      // First visit: the connection drops, so the change never reaches the server.
      let online = false;
      const seen = stubFetch(
        answers({
          [`PUT ${NOTES_URL}`]: (request) =>
            online ? saves(request) : Promise.reject(new TypeError('Failed to fetch')),
        }),
      );
      const first = await openNotes();
      type('<p>Typed before the reload</p>');
      await wait(1000);
      expect(indicator()).toHaveTextContent("Couldn't save");
      first.unmount();
      await wait(0);
      vi.useRealTimers();

      // The reload: a fresh app, the server still on version 3.
      online = true;
      renderNotes();
      expect(await screen.findByRole('textbox', { name: 'Lesson notes' })).toHaveValue(
        '<p>Typed before the reload</p>',
      );
      expect(screen.getByText('Changes you had not saved on this device were put back.')).toBeInTheDocument();
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      expect(puts(seen).at(-1)?.body).toEqual({ html: '<p>Typed before the reload</p>', version: 3 });
      expect(storedDraft()).toBeNull();
    });

    it('forgets a draft the server already has', async () => {
      localStorage.setItem(draftKey, JSON.stringify({ value: '<p>Server notes</p>', base_version: 2, saved_at: 'x' }));
      const seen = stubFetch(answers());
      await openNotes();
      expect(editor()).toHaveValue('<p>Server notes</p>');
      expect(storedDraft()).toBeNull();
      expect(puts(seen)).toHaveLength(0);
    });

    it('removes a corrupt draft', async () => {
      localStorage.setItem(draftKey, '{"html": 12');
      stubFetch(answers());
      await openNotes();
      expect(editor()).toHaveValue('<p>Server notes</p>');
      expect(localStorage.getItem(draftKey)).toBeNull();
    });

    it('does not send a draft older than the saved notes: the person chooses', async () => {
      localStorage.setItem(draftKey, JSON.stringify({ value: '<p>Old draft</p>', base_version: 2, saved_at: 'x' }));
      const seen = stubFetch(answers());
      renderNotes();
      expect(await screen.findByText('These notes were changed somewhere else')).toBeInTheDocument();
      expect(editor()).toHaveValue('<p>Old draft</p>');
      expect(indicator()).toHaveTextContent("Couldn't save");
      expect(puts(seen)).toHaveLength(0);

      fireEvent.click(screen.getByRole('button', { name: 'Load latest' }));
      expect(await screen.findByDisplayValue('<p>Server notes</p>')).toBeInTheDocument();
      expect(screen.queryByText('These notes were changed somewhere else')).toBeNull();
      expect(storedDraft()).toBeNull();
      expect(puts(seen)).toHaveLength(0);
    });
  });

  describe('a save refused because the notes changed elsewhere (409)', () => {
    const conflict = { status: 409, body: { detail: 'These notes were changed elsewhere.', code: 'conflict' } };

    it('says so, keeps the change, and stops saving', async () => {
      const seen = stubFetch(answers({ [`PUT ${NOTES_URL}`]: conflict }));
      await openNotes();
      type('<p>Mine</p>');
      await wait(1000);
      expect(screen.getByRole('alert')).toHaveTextContent('These notes were changed somewhere else');
      expect(indicator()).toHaveTextContent("Couldn't save");
      expect(screen.getByRole('button', { name: 'Load latest' })).toBeInTheDocument();

      type('<p>Mine, more</p>');
      await wait(5000);
      expect(puts(seen)).toHaveLength(1);
      // Still based on version 3, so a reload finds the same conflict rather than overwriting.
      expect(storedDraft()).toMatchObject({ value: '<p>Mine, more</p>', base_version: 3 });
    });

    it("'Load latest' shows the notes saved elsewhere", async () => {
      let server = notes();
      const seen = stubFetch(
        answers({
          [`GET ${NOTES_URL}`]: () => jsonResponse(200, server),
          [`PUT ${NOTES_URL}`]: conflict,
        }),
      );
      await openNotes();
      server = notes({ html: '<p>From the other tab</p>', version: 4 });
      type('<p>Mine</p>');
      await wait(1000);
      vi.useRealTimers();

      fireEvent.click(screen.getByRole('button', { name: 'Load latest' }));
      expect(await screen.findByDisplayValue('<p>From the other tab</p>')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(storedDraft()).toBeNull();
      expect(puts(seen)).toHaveLength(1);
    });

    it("'Keep my version' saves it over the latest version", async () => {
      let server = notes();
      const seen = stubFetch(
        answers({
          [`GET ${NOTES_URL}`]: () => jsonResponse(200, server),
          [`PUT ${NOTES_URL}`]: (request) =>
            (request.body as { version: number }).version === server.version
              ? saves(request)
              : jsonResponse(409, { detail: 'Changed elsewhere.', code: 'conflict' }),
        }),
      );
      await openNotes();
      server = notes({ html: '<p>From the other tab</p>', version: 4 });
      type('<p>Mine</p>');
      await wait(1000);
      vi.useRealTimers();

      fireEvent.click(screen.getByRole('button', { name: 'Keep my version' }));
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      expect(puts(seen).map((r) => r.body)).toEqual([
        { html: '<p>Mine</p>', version: 3 },
        { html: '<p>Mine</p>', version: 4 },
      ]);
      expect(editor()).toHaveValue('<p>Mine</p>');
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  describe('a teacher', () => {
    it('reads the notes without an editor', async () => {
      const seen = stubFetch(
        answers({
          'GET /api/v1/auth/session/': { status: 200, body: { me: teacher } },
          [`GET ${NOTES_URL}`]: {
            status: 200,
            body: notes({
              html: '<h2>Fractions</h2><p>Halves</p><script>x</script>',
              updated_at: '2026-03-01T10:00:00Z',
            }),
          },
        }),
      );
      renderNotes();
      expect(await screen.findByRole('heading', { level: 2, name: 'Fractions' })).toBeInTheDocument();
      expect(screen.getByText('Read only')).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByText(/Saving|Saved|Couldn't save/)).toBeNull();
      expect(document.querySelector('script')).toBeNull();
      expect(puts(seen)).toHaveLength(0);
    });

    it('sees that there are no notes yet', async () => {
      stubFetch(
        answers({
          'GET /api/v1/auth/session/': { status: 200, body: { me: teacher } },
          [`GET ${NOTES_URL}`]: { status: 200, body: notes({ html: '', version: 0 }) },
        }),
      );
      renderNotes();
      expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    });
  });
});
