import { NOTES_MAX_LENGTH, type Notes } from '@banksia/contracts/courses';
import type { SaveStatus } from '../../../components/save-indicator';
import type { LessonNotesParams } from '../api/get-lesson-notes';
import { saveLessonNotes } from '../api/save-lesson-notes';
import { clearNotesDraft, readNotesDraft, writeNotesDraft } from './notes-draft';

/** Quiet time after the last keystroke before the notes are sent. */
export const NOTES_AUTOSAVE_DELAY_MS = 1000;
/** Waits before re-sending after a lost connection or a server error (the request helper has already retried). */
export const NOTES_RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000];
// Browsers refuse keepalive requests with bodies over 64 KB; bigger notes rely on the stored draft instead.
const KEEPALIVE_MAX_CHARS = 60_000;

/**
 * Why the notes are not saved:
 * - conflict: saved elsewhere since this edit began (409, or a stored draft older than the server's notes);
 * - forbidden: the server refuses (403), e.g. a teacher's session; nothing will change that here;
 * - signed-out: the session ended (401);
 * - too-long / invalid: the server would refuse this content (over NOTES_MAX_LENGTH, 400); the next edit retries;
 * - failed: no connection or a server error; retried on a timer, when the browser comes back online, and on edit.
 */
export type NotesProblem = 'conflict' | 'forbidden' | 'signed-out' | 'too-long' | 'invalid' | 'failed';

/** Problems that stop autosave until the person acts (reload, sign in, or choose in the conflict message). */
const BLOCKING: ReadonlySet<NotesProblem> = new Set(['conflict', 'forbidden', 'signed-out']);

export interface NotesAutosaveSnapshot {
  /** What the editor shows: the person's latest text. */
  html: string;
  status: SaveStatus;
  problem: NotesProblem | null;
  /** An unsaved draft from this browser was put back in the editor when the page opened. */
  restoredDraft: boolean;
  /** A "Load latest" or "Keep my version" is under way. */
  resolving: boolean;
  /** The last "Load latest" or "Keep my version" could not fetch the latest notes. */
  resolveFailed: boolean;
}

export interface NotesAutosaverOptions {
  params: LessonNotesParams;
  /** The notes as the server sent them when the page opened. */
  initial: Notes;
  /** Fetches the notes as they are on the server now. */
  fetchLatest: () => Promise<Notes>;
  /** Told about each successful save, e.g. to update the cached query. */
  onSaved: (notes: Notes) => void;
}

/**
 * Autosave that never loses a note. Every change is written to local storage at once (with the server version it
 * was made on) and sent 1 s after typing stops; one request is in flight at a time and a change made meanwhile goes
 * in the next one. The draft is removed only once the server has exactly that text. Failures keep the draft and try
 * again; a conflict (409) stops autosave until the person chooses to load the latest notes or keep their own, so a
 * save never silently overwrites one made elsewhere.
 *
 * A plain object rather than component state because a save started on the page must finish (and clean up its
 * draft) even after the person has navigated away. React reads it through `subscribe`/`getSnapshot`.
 */
export class NotesAutosaver {
  private readonly params: LessonNotesParams;
  private readonly fetchLatest: () => Promise<Notes>;
  private readonly onSaved: (notes: Notes) => void;

  private html: string;
  /** The text the server has, as far as we know. */
  private savedHtml: string;
  /** The server version `savedHtml` is; sent with each save. */
  private version: number;
  private inFlight = false;
  /** A save was asked for while one was in flight. */
  private again = false;
  private problem: NotesProblem | null = null;
  private restoredDraft = false;
  private resendDraftOnStart = false;
  private clearDraftOnStart = false;
  private resolving = false;
  private resolveFailed = false;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private active = false;
  private listeners = new Set<() => void>();
  private snapshot: NotesAutosaveSnapshot;

  constructor({ params, initial, fetchLatest, onSaved }: NotesAutosaverOptions) {
    this.params = params;
    this.fetchLatest = fetchLatest;
    this.onSaved = onSaved;
    this.html = initial.html;
    this.savedHtml = initial.html;
    this.version = initial.version;

    const draft = readNotesDraft(params);
    if (draft && draft.html === initial.html) {
      // The save went through but its answer never arrived: nothing is missing.
      this.clearDraftOnStart = true;
    } else if (draft) {
      this.html = draft.html;
      this.restoredDraft = true;
      if (draft.base_version === initial.version) {
        this.resendDraftOnStart = true;
      } else {
        // The server moved on since this draft began: someone saved elsewhere, so the person decides. The draft
        // keeps its own base version, so a reload before they decide finds the same conflict.
        this.problem = 'conflict';
        this.version = draft.base_version;
      }
    }
    this.snapshot = this.buildSnapshot();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): NotesAutosaveSnapshot => this.snapshot;

  /** Starts listening for the connection coming back and the page closing; re-sends a restored draft. */
  readonly start = (): void => {
    if (this.active) return;
    this.active = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('pagehide', this.onPageHide);
    if (this.clearDraftOnStart) {
      this.clearDraftOnStart = false;
      clearNotesDraft(this.params);
    }
    if (this.resendDraftOnStart) {
      this.resendDraftOnStart = false;
      void this.flush();
    } else if (this.isDirty() && this.problem === null) {
      // Stopped and started again (React's strict mode) with a change still waiting.
      this.schedule(NOTES_AUTOSAVE_DELAY_MS);
    }
  };

  /** Stops timers and listeners; a change still waiting for its debounce is sent now rather than dropped. */
  readonly stop = (): void => {
    if (!this.active) return;
    this.active = false;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('pagehide', this.onPageHide);
    clearTimeout(this.retryTimer);
    const waiting = this.debounceTimer !== undefined;
    clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
    if (waiting || (this.isDirty() && this.problem === 'failed')) void this.flush();
  };

  /** The editor changed: keep the text locally at once and send it after the quiet time. */
  readonly change = (html: string): void => {
    if (html === this.html) return;
    this.html = html;
    if (this.problem !== null && !BLOCKING.has(this.problem)) this.problem = null;
    // While blocked the draft is kept whatever it says: only the person's choice may discard it.
    if (this.isDirty() || this.problem !== null) writeNotesDraft(this.params, html, this.version);
    else clearNotesDraft(this.params);
    if (this.problem === null) this.schedule(NOTES_AUTOSAVE_DELAY_MS);
    this.emit();
  };

  /** Conflict: drop this browser's version and show the notes as saved elsewhere. */
  readonly loadLatest = async (): Promise<void> => {
    const latest = await this.resolve();
    if (!latest) return;
    clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
    this.html = latest.html;
    this.savedHtml = latest.html;
    this.version = latest.version;
    this.problem = null;
    this.restoredDraft = false;
    clearNotesDraft(this.params);
    this.emit();
  };

  /** Conflict: replace the notes saved elsewhere with this browser's version, which the person chose to keep. */
  readonly keepMine = async (): Promise<void> => {
    const latest = await this.resolve();
    if (!latest) return;
    this.savedHtml = latest.html;
    this.version = latest.version;
    this.problem = null;
    if (this.isDirty()) writeNotesDraft(this.params, this.html, this.version);
    this.emit();
    await this.flush();
  };

  /** Sends the current text now if it differs from the server's. */
  readonly flush = async ({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> => {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
    clearTimeout(this.retryTimer);
    if (this.problem !== null && BLOCKING.has(this.problem)) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    const html = this.html;
    if (html === this.savedHtml) {
      this.problem = null;
      clearNotesDraft(this.params);
      this.emit();
      return;
    }
    if (html.length > NOTES_MAX_LENGTH) {
      this.problem = 'too-long';
      this.emit();
      return;
    }

    this.inFlight = true;
    this.again = false;
    this.emit();
    const result = await saveLessonNotes(
      this.params,
      { html, version: this.version },
      { keepalive: keepalive && html.length <= KEEPALIVE_MAX_CHARS },
    );
    this.inFlight = false;

    if (result.ok) {
      this.version = result.body.version;
      this.savedHtml = html;
      this.retries = 0;
      if (this.problem !== null && !BLOCKING.has(this.problem)) this.problem = null;
      this.onSaved(result.body);
      if (this.html === html) clearNotesDraft(this.params);
      // Typed while this save was in flight: the draft now builds on the version just saved.
      else writeNotesDraft(this.params, this.html, this.version);
      this.emit();
      if (this.again) void this.flush();
      return;
    }

    this.problem = problemFor(result.status);
    if (this.problem === 'failed') this.scheduleRetry();
    this.emit();
  };

  private readonly onOnline = (): void => {
    if (this.problem === 'failed') void this.flush();
  };

  private readonly onPageHide = (): void => {
    // The draft is already stored; this is one last try to have the server hold it too.
    if (this.isDirty() && this.problem === null) void this.flush({ keepalive: true });
  };

  private async resolve(): Promise<Notes | null> {
    this.resolving = true;
    this.resolveFailed = false;
    this.emit();
    try {
      return await this.fetchLatest();
    } catch {
      this.resolveFailed = true;
      return null;
    } finally {
      this.resolving = false;
      this.emit();
    }
  }

  private schedule(delay: number): void {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      void this.flush();
    }, delay);
  }

  private scheduleRetry(): void {
    if (!this.active) return;
    const delay = NOTES_RETRY_DELAYS_MS[Math.min(this.retries, NOTES_RETRY_DELAYS_MS.length - 1)];
    this.retries += 1;
    this.retryTimer = setTimeout(() => void this.flush(), delay);
  }

  private isDirty(): boolean {
    return this.html !== this.savedHtml;
  }

  private buildSnapshot(): NotesAutosaveSnapshot {
    const status: SaveStatus = this.problem !== null ? 'error' : this.inFlight || this.isDirty() ? 'saving' : 'saved';
    return {
      html: this.html,
      status,
      problem: this.problem,
      restoredDraft: this.restoredDraft,
      resolving: this.resolving,
      resolveFailed: this.resolveFailed,
    };
  }

  private emit(): void {
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }
}

function problemFor(status: number | null): NotesProblem {
  if (status === 409) return 'conflict';
  if (status === 403) return 'forbidden';
  if (status === 401) return 'signed-out';
  if (status === 400) return 'invalid';
  return 'failed';
}
