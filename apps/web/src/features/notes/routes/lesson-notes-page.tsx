import { notesParams, type Notes } from '@banksia/contracts/courses';
import { FailureReason } from '@banksia/contracts/errors';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { AutosaveAlerts } from '../../../components/autosave-alerts';
import { LoadingState } from '../../../components/loading-state';
import { RequestFailure } from '../../../components/request-failure';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { SafeHtml } from '../../../components/safe-html';
import { SaveIndicator } from '../../../components/save-indicator';
import { isBlankHtml } from '../../../components/sanitize-html';
import { useLessonNotes, type LessonNotesParams } from '../api/get-lesson-notes';
import { useNotesAutosave } from '../hooks/use-notes-autosave';
import { useViewerProfileIds } from '../hooks/use-viewer-profile-ids';

/**
 * /class/{classId}/lesson/{lessonId}/notes/{profileId}/: a student's notes on a lesson. The student who owns them
 * edits with autosave; anyone else allowed to see them (their teachers) reads them.
 *
 * Ownership is decided by the session's profiles (see useViewerProfileIds); the server enforces it independently,
 * answering 403 to a save by anyone else.
 */
export function LessonNotesRoute() {
  const parsed = notesParams.safeParse(useParams());
  if (!parsed.success) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  const params = parsed.data;
  return <LessonNotesPage key={`${params.classId}/${params.lessonId}/${params.profileId}`} params={params} />;
}

function LessonNotesPage({ params }: { params: LessonNotesParams }) {
  useDocumentTitle('Notes · Banksia');
  const notes = useLessonNotes(params);
  const viewerProfileIds = useViewerProfileIds();

  // A lesson or student the viewer may not see (403/404) shows the failure page in place of this one.
  if (notes.isError) throw notes.error;
  const isOwner = viewerProfileIds?.includes(params.profileId) ?? false;
  // The owner starts editing from the server's current notes, never a cached copy, so a stale version cannot cause
  // a needless conflict. Readers see the cached copy at once and the refreshed one when it arrives.
  const ready = notes.data !== undefined && viewerProfileIds !== undefined && (!isOwner || notes.isFetchedAfterMount);

  return (
    <Stack gap="md" maw={880}>
      <Title order={1}>Notes</Title>
      {!ready || notes.data === undefined ? (
        <LoadingState label="Loading notes" />
      ) : isOwner ? (
        <NotesEditor params={params} initial={notes.data} />
      ) : (
        <NotesReader notes={notes.data} />
      )}
    </Stack>
  );
}

function NotesReader({ notes }: { notes: Notes }) {
  const empty = isBlankHtml(notes.html);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={500}>Lesson notes</Text>
        <Badge variant="light" color="gray">
          Read only
        </Badge>
      </Group>
      {notes.updated_at && (
        <Text size="sm" c="dimmed">
          Last saved {dayjs(notes.updated_at).format('D MMM YYYY, h:mm a')}
        </Text>
      )}
      <Paper withBorder p="md">
        {empty ? <Text c="dimmed">No notes yet.</Text> : <SafeHtml html={notes.html} />}
      </Paper>
    </Stack>
  );
}

function NotesEditor({ params, initial }: { params: LessonNotesParams; initial: Notes }) {
  const autosave = useNotesAutosave(params, initial);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed">
          Your notes are saved as you type, and kept on this device until they are.
        </Text>
        <SaveIndicator status={autosave.status} />
      </Group>
      <AutosaveAlerts autosave={autosave} noun="notes" />
      <RichTextEditor label="Lesson notes" value={autosave.html} onChange={autosave.onChange} minHeight={320} />
    </Stack>
  );
}
