import type { CaptionState, CourseCaptionVideo } from '@banksia/contracts/videos';
import { Alert, Anchor, Badge, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorDetailOf, formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { RequestFailure } from '../../../components/request-failure';
import { isRecord } from '../../../lib/json-body';
import { urlFor } from '../../../lib/named-routes';
import { useCourseCaptions } from '../api/get-course-captions';
import { useOrderCaptions } from '../api/order-captions';
import { useSaveCaptions } from '../api/save-captions';
import { useSubmitCaptions } from '../api/submit-captions';
import { CaptionEditor } from '../components/caption-editor';
import { CaptionStateBadge, formatDuration } from '../components/caption-state';
import { useCourseIdParam } from '../hooks/use-course-id-param';

/** Every problem the server listed for the caption text ("Line 6: …"), or the request's own failure. */
function captionProblems(error: unknown): string[] {
  if (!error) return [];
  if (error instanceof RequestFailure && isRecord(error.body) && isRecord(error.body.errors)) {
    const list = Object.values(error.body.errors).flat();
    if (list.length) return list.filter((m): m is string => typeof m === 'string');
  }
  return [errorDetailOf(error) ?? formErrorOf(error)];
}

const ORDER_LABELS = { requested: 'Requested', drafted: 'Drafted', in_review: 'In review', published: 'Published' };

function CourseVideoRow({ item, onEdit }: { item: CourseCaptionVideo; onEdit: (item: CourseCaptionVideo) => void }) {
  const save = useSaveCaptions();
  const submit = useSubmitCaptions();
  const { video, track, order } = item;
  const state: CaptionState = video.caption_state;
  const upload = async (file: File | null) => {
    if (!file) return;
    const format = /\.srt$/i.test(file.name) ? 'srt' : 'vtt';
    save.mutate({
      videoId: video.id,
      body: { format, text: await file.text(), ...(track && { version: track.version }) },
    });
  };
  const problems = captionProblems(save.error);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{video.title}</Text>
        <Text size="xs" c="dimmed">
          {formatDuration(video.duration)} ·{' '}
          {item.lessons.map((l) => `${l.lesson_title} (${l.chunk_title})`).join('; ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <CaptionStateBadge state={state} />
          {track && (
            <Text size="xs" c="dimmed">
              {track.cue_count} captions{track.author_name ? `, by ${track.author_name}` : ''}
              {track.has_published && track.status !== 'approved' ? '; students see the last approved copy' : ''}
            </Text>
          )}
          {track?.status === 'changes_requested' && track.review_comment && (
            <Text size="sm" c="red.8">
              Sent back{track.reviewer_name ? ` by ${track.reviewer_name}` : ''}: {track.review_comment}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{order ? <Badge variant="outline">{ORDER_LABELS[order.status]}</Badge> : ''}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={(f) => void upload(f)} accept=".vtt,.srt,text/vtt,application/x-subrip">
              {(props) => (
                <Button
                  size="xs"
                  variant="default"
                  loading={save.isPending}
                  aria-label={`Upload captions for ${video.title}`}
                  {...props}
                >
                  Upload VTT or SRT
                </Button>
              )}
            </FileButton>
            {video.url && (
              <Button
                size="xs"
                variant="default"
                onClick={() => onEdit(item)}
                aria-label={`Edit captions of ${video.title}`}
              >
                Edit
              </Button>
            )}
            {track && (track.status === 'draft' || track.status === 'changes_requested') && (
              <Button
                size="xs"
                loading={submit.isPending}
                onClick={() => submit.mutate({ trackId: track.id, version: track.version })}
                aria-label={`Send captions of ${video.title} for review`}
              >
                Send for review
              </Button>
            )}
          </Group>
          {problems.length > 0 && (
            <Alert color="red" title="The captions were not saved" p="xs">
              <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          )}
          {submit.error && (
            <Text size="sm" c="red">
              {errorDetailOf(submit.error) ?? formErrorOf(submit.error)}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** /content/admin/captions/{courseId}/: every video of the course with its captions; upload, edit, send for review. */
export function CourseCaptionsRoute() {
  const courseId = useCourseIdParam();
  const data = useCourseCaptions(courseId);
  const order = useOrderCaptions();
  const save = useSaveCaptions();
  const [editing, setEditing] = useState<CourseCaptionVideo | null>(null);
  useDocumentTitle(`Captions: ${data.data?.course.title ?? 'course'} · Banksia`);
  if (data.isError) throw data.error;
  if (data.isPending) return <LoadingState label="Loading the course's videos" />;
  const { course, videos } = data.data;
  const without = videos.filter((v) => v.video.caption_state === 'none').length;
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={urlFor('content-admin-captions')} size="sm">
          ← All courses
        </Anchor>
        <Title order={1}>Captions: {course.title}</Title>
        <Text c="dimmed" mt={4}>
          Upload a WebVTT or SRT file, or write captions beside the video. A draft goes to review; once someone else
          approves it, students see it.
        </Text>
      </div>
      <Group>
        <Button
          variant="light"
          disabled={without === 0}
          loading={order.isPending}
          onClick={() => order.mutate({ courseId, videoIds: [], note: '' })}
        >
          Request captions for {without} video{without === 1 ? '' : 's'} without any
        </Button>
        {order.data && (
          <Text size="sm" aria-live="polite">
            {order.data.created} caption request{order.data.created === 1 ? '' : 's'} made.
          </Text>
        )}
        {order.error && <Text c="red">{formErrorOf(order.error)}</Text>}
      </Group>
      {editing && editing.video.url && (
        <CaptionEditor
          key={editing.video.id}
          videoUrl={editing.video.url}
          videoTitle={editing.video.title}
          initialCues={editing.track?.cues ?? []}
          saving={save.isPending}
          problems={captionProblems(save.error)}
          onCancel={() => setEditing(null)}
          onSave={(vtt) => {
            const current = videos.find((v) => v.video.id === editing.video.id);
            save.mutate(
              {
                videoId: editing.video.id,
                body: { format: 'vtt', text: vtt, ...(current?.track && { version: current.track.version }) },
              },
              { onSuccess: () => setEditing(null) },
            );
          }}
        />
      )}
      {videos.length === 0 ? (
        <Text>No lesson of this course plays a video yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Video and lessons</Table.Th>
                <Table.Th>Captions</Table.Th>
                <Table.Th>Caption order</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {videos.map((item) => (
                <CourseVideoRow key={item.video.id} item={item} onEdit={setEditing} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
