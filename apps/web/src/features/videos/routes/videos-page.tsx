import { MAX_VIDEO_BYTES, VIDEO_CONTENT_TYPES, type VideoSummary } from '@banksia/contracts/videos';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconSearch, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorDetailOf, fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { uploadVideo, type UploadProgress } from '../api/upload-video';
import { useDeleteVideo } from '../api/delete-video';
import { useVideos } from '../api/get-videos';
import { useRenameVideo } from '../api/rename-video';
import { CaptionStateBadge, formatBytes, formatDuration } from '../components/caption-state';

const ACCEPT = VIDEO_CONTENT_TYPES.join(',');

/** The file's problem before anything is sent, or null. */
function checkFile(file: File): string | null {
  if (!(VIDEO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'Choose an MP4 or WebM video.';
  if (file.size > MAX_VIDEO_BYTES) return 'The file is larger than 2 GB.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

function uploadErrorOf(error: unknown): string {
  const fields = fieldErrorsOf(error);
  return (
    Object.values(fields)[0] ??
    errorDetailOf(error) ??
    (error instanceof Error && !('reason' in error) ? error.message : formErrorOf(error))
  );
}

/** Uploading one file (a new video or a replacement), with its progress. */
function useUpload() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (file: File, options: { title?: string; videoId?: number }) => {
    setError(null);
    setDone(null);
    const problem = checkFile(file);
    if (problem) {
      setError(problem);
      return false;
    }
    setBusy(true);
    setProgress({ sent: 0, total: file.size, resumed: false });
    try {
      const video = await uploadVideo(file, { ...options, onProgress: setProgress });
      setDone(options.videoId ? `The file of “${video.title}” was replaced.` : `“${video.title}” was uploaded.`);
      await queryClient.invalidateQueries({ queryKey: ['videos'] });
      return true;
    } catch (err) {
      setError(uploadErrorOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, progress, error, done, busy };
}

function UploadProgressBar({ progress, label }: { progress: UploadProgress; label: string }) {
  const percent = progress.total ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={label} size="lg" striped={percent < 100} animated={percent < 100} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {formatBytes(progress.sent) || '0 KB'} of {formatBytes(progress.total)} ({percent}%)
        {progress.resumed ? ', resumed from where it stopped' : ''}
      </Text>
    </Stack>
  );
}

function UploadForm() {
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // The file input keeps its file after an upload: without a reset, choosing the same file again (another video
  // from one file, or the same file after a mistake) would change nothing and leave Upload disabled.
  const resetFile = useRef<() => void>(null);
  const upload = useUpload();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (await upload.run(file, { title: title.trim() || file.name.replace(/\.[^.]+$/, '') })) {
      setTitle('');
      setFile(null);
      resetFile.current?.();
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="upload-heading">
      <Title order={2} size="h4" id="upload-heading" mb="sm">
        Upload a video
      </Title>
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Title"
            description="What staff see in the library and the lesson editor."
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={200}
            w={320}
          />
          <FileButton onChange={setFile} accept={ACCEPT} resetRef={resetFile}>
            {(props) => (
              <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} {...props}>
                Choose a file
              </Button>
            )}
          </FileButton>
          <Button type="submit" disabled={!file || upload.busy} loading={upload.busy}>
            Upload
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {file ? `Chosen: ${file.name} (${formatBytes(file.size)})` : 'MP4 or WebM, up to 2 GB.'} If the upload stops,
          choose the same file again to go on from where it stopped.
        </Text>
        {upload.progress && <UploadProgressBar progress={upload.progress} label="Upload progress" />}
        {upload.error && (
          <Alert color="red" title="The video was not uploaded">
            {upload.error}
          </Alert>
        )}
        {upload.done && (
          <Alert color="teal" title="Uploaded">
            {upload.done}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

interface VideoRowProps {
  video: VideoSummary;
  onDelete: (v: VideoSummary) => void;
  onRename: (v: VideoSummary) => void;
}

function VideoRow({ video, onDelete, onRename }: VideoRowProps) {
  const replace = useUpload();
  const resetReplaceFile = useRef<() => void>(null);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{video.title}</Text>
        <Text size="xs" c="dimmed">
          #{video.id} {video.kind === 'file' ? video.file_name : `hosted on ${video.provider ?? 'another site'}`}
        </Text>
      </Table.Td>
      <Table.Td>{formatDuration(video.duration)}</Table.Td>
      <Table.Td>{formatBytes(video.size_bytes)}</Table.Td>
      <Table.Td>
        <CaptionStateBadge state={video.caption_state} />
      </Table.Td>
      <Table.Td>
        {video.used_in.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not used
          </Text>
        ) : (
          <Stack gap={2}>
            {video.used_in.map((u) => (
              <Text size="sm" key={`${u.lesson_id}-${u.chunk_title}`}>
                <Anchor component={Link} to={urlFor('content-admin-lesson-edit', { lessonId: u.lesson_id })}>
                  {u.lesson_title}
                </Anchor>{' '}
                ({u.chunk_title}, {u.course_title}
                {u.lesson_is_published ? '' : ', draft'})
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            {video.kind === 'file' && (
              <FileButton
                onChange={(f) => {
                  // Emptied at once, so the same file can be chosen again (to resume a replacement that stopped).
                  resetReplaceFile.current?.();
                  if (f) void replace.run(f, { videoId: video.id });
                }}
                accept={ACCEPT}
                resetRef={resetReplaceFile}
              >
                {(props) => (
                  <Button
                    size="xs"
                    variant="default"
                    loading={replace.busy}
                    {...props}
                    aria-label={`Replace the file of ${video.title}`}
                  >
                    Replace
                  </Button>
                )}
              </FileButton>
            )}
            <Button size="xs" variant="default" onClick={() => onRename(video)} aria-label={`Rename ${video.title}`}>
              Rename
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => onDelete(video)}
              aria-label={`Delete ${video.title}`}
            >
              Delete
            </Button>
          </Group>
          {replace.busy && replace.progress && (
            <UploadProgressBar progress={replace.progress} label={`Replacing ${video.title}`} />
          )}
          {replace.error && (
            <Text size="sm" c="red">
              {replace.error}
            </Text>
          )}
          {replace.done && (
            <Text size="sm" c="teal.8">
              {replace.done}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /content/admin/videos/: the video library (ADR 034). Upload MP4 or WebM files in resumable chunks with a progress
 * bar, search, see where each video is used and its caption state, replace a file (same video) or delete a video
 * no lesson plays.
 */
export function VideosRoute() {
  useDocumentTitle('Videos · Banksia');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const videos = useVideos(q);
  const remove = useDeleteVideo();
  const [deleting, setDeleting] = useState<VideoSummary | null>(null);
  const rename = useRenameVideo();
  const [renaming, setRenaming] = useState<VideoSummary | null>(null);
  const [newTitle, setNewTitle] = useState('');

  const onSearch = (value: string) => {
    setSearch(value);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Videos</Title>
        <Text c="dimmed" mt={4}>
          Every video a lesson part can play. Lessons pick their videos from here; captions are written and reviewed
          under{' '}
          <Anchor component={Link} to={urlFor('content-admin-captions')}>
            Captions
          </Anchor>
          .
        </Text>
      </div>
      <UploadForm />
      <TextInput
        label="Search videos"
        placeholder="Title, file name, lesson or id"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        maw={420}
      />
      {remove.error && (
        <Alert color="red" title="The video was not deleted" withCloseButton onClose={() => remove.reset()}>
          {errorDetailOf(remove.error) ?? formErrorOf(remove.error)}
        </Alert>
      )}
      {videos.isPending ? (
        <LoadingState label="Loading videos" />
      ) : videos.isError ? (
        <Alert color="red" title="The videos could not be loaded">
          {formErrorOf(videos.error)}
        </Alert>
      ) : videos.data.videos.length === 0 ? (
        <Text>{q ? 'No video matches this search.' : 'No videos yet: upload the first one above.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>
              {videos.data.videos.length} video{videos.data.videos.length === 1 ? '' : 's'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Video</Table.Th>
                <Table.Th>Length</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Captions</Table.Th>
                <Table.Th>Used in</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {videos.data.videos.map((v) => (
                <VideoRow
                  key={v.id}
                  video={v}
                  onDelete={setDeleting}
                  onRename={(video) => {
                    rename.reset();
                    setNewTitle(video.title);
                    setRenaming(video);
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title="Rename the video">
        {renaming && (
          <Stack
            component="form"
            onSubmit={(event: React.FormEvent) => {
              event.preventDefault();
              rename.mutate({ videoId: renaming.id, title: newTitle }, { onSuccess: () => setRenaming(null) });
            }}
          >
            <TextInput
              label="Title"
              value={newTitle}
              onChange={(e) => setNewTitle(e.currentTarget.value)}
              maxLength={200}
              error={rename.error ? (fieldErrorsOf(rename.error).title ?? formErrorOf(rename.error)) : undefined}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={rename.isPending} disabled={!newTitle.trim()}>
                Rename
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this video?">
        {deleting && (
          <Stack>
            <Text>
              “{deleting.title}” and its captions will be deleted for good.
              {deleting.used_in.length > 0 &&
                ' Lessons still play it, so the server will refuse until they no longer do.'}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Keep it
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => {
                  const id = deleting.id;
                  setDeleting(null);
                  remove.mutate(id);
                }}
              >
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
