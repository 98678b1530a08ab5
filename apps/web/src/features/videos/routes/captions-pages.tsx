import {
  captionStates,
  type CaptionReviewQueue,
  type CaptionState,
  type CourseCaptionVideo,
} from '@banksia/contracts/videos';
import { Alert, Anchor, Badge, Button, FileButton, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorDetailOf, formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { RequestFailure } from '../../../components/request-failure';
import { isRecord } from '../../../lib/json-body';
import { urlFor } from '../../../lib/named-routes';
import { useMe } from '../../accounts/api/get-me';
import { useCaptionCourses } from '../api/get-caption-courses';
import { useReviewCourses } from '../api/get-caption-review-courses';
import { useReviewQueue } from '../api/get-caption-review-queue';
import { useCourseCaptions } from '../api/get-course-captions';
import { useOrderCaptions } from '../api/order-captions';
import { useReviewCaptions } from '../api/review-captions';
import { useSaveCaptions } from '../api/save-captions';
import { useSubmitCaptions } from '../api/submit-captions';
import { CaptionEditor } from '../components/caption-editor';
import { CAPTION_STATE_LABELS, CaptionStateBadge, formatDuration } from '../components/caption-state';

/** Every problem the server listed for the caption text ("Line 6: …"), or the request's own failure. */
function captionProblems(error: unknown): string[] {
  if (!error) return [];
  if (error instanceof RequestFailure && isRecord(error.body) && isRecord(error.body.errors)) {
    const list = Object.values(error.body.errors).flat();
    if (list.length) return list.filter((m): m is string => typeof m === 'string');
  }
  return [errorDetailOf(error) ?? formErrorOf(error)];
}

function useCourseIdParam(): number {
  const { courseId } = useParams();
  return Number(courseId);
}

const ORDER_LABELS = { requested: 'Requested', drafted: 'Drafted', in_review: 'In review', published: 'Published' };

/** /content/admin/captions/: every course that plays videos, with its videos counted by caption state. */
export function CaptionCoursesRoute() {
  useDocumentTitle('Captions · Banksia');
  const courses = useCaptionCourses();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Captions</Title>
        <Text c="dimmed" mt={4}>
          Courses and the caption state of their videos. Students see only captions a second person has approved:{' '}
          <Anchor component={Link} to={urlFor('content-admin-caption-review')}>
            review captions
          </Anchor>
          .
        </Text>
      </div>
      {courses.isPending ? (
        <LoadingState label="Loading courses" />
      ) : courses.isError ? (
        <Alert color="red" title="The courses could not be loaded">
          {formErrorOf(courses.error)}
        </Alert>
      ) : courses.data.courses.length === 0 ? (
        <Text>No course plays a video yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Course</Table.Th>
                <Table.Th>Videos</Table.Th>
                {captionStates.map((s) => (
                  <Table.Th key={s}>{CAPTION_STATE_LABELS[s].label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {courses.data.courses.map((c) => (
                <Table.Tr key={c.course_id}>
                  <Table.Td>
                    <Anchor component={Link} to={urlFor('content-admin-course-captions', { courseId: c.course_id })}>
                      {c.course_title}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      ({c.year_published})
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.video_count}</Table.Td>
                  {captionStates.map((s) => (
                    <Table.Td key={s}>{c.counts[s] || ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

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

/** /content/admin/captions/review/: courses with captions waiting for review. */
export function CaptionReviewCoursesRoute() {
  useDocumentTitle('Review captions · Banksia');
  const courses = useReviewCourses();
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={urlFor('content-admin-captions')} size="sm">
          ← Captions
        </Anchor>
        <Title order={1}>Review captions</Title>
        <Text c="dimmed" mt={4}>
          Captions someone sent for review. You cannot approve captions you wrote.
        </Text>
      </div>
      {courses.isPending ? (
        <LoadingState label="Loading courses" />
      ) : courses.isError ? (
        <Alert color="red" title="The courses could not be loaded">
          {formErrorOf(courses.error)}
        </Alert>
      ) : courses.data.courses.length === 0 ? (
        <Text>Nothing is waiting for review.</Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0 }}>
          {courses.data.courses.map((c) => (
            <li key={c.course_id}>
              <Anchor component={Link} to={urlFor('content-admin-course-caption-review', { courseId: c.course_id })}>
                {c.course_title}
              </Anchor>{' '}
              <Badge color="orange" variant="light">
                {c.in_review} to review
              </Badge>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ReviewItem({ item, myId }: { item: CaptionReviewQueue['items'][number]; myId: number | undefined }) {
  const review = useReviewCaptions();
  const [comment, setComment] = useState('');
  const { video, track } = item;
  const mine = track.author_user_id === myId;
  // The working copy, served to staff only (the version keeps a reloaded copy from being cached).
  const trackUrl = `${urlFor('api:admin-caption-track-vtt', { trackId: track.id })}?v=${track.version}`;
  return (
    <Stack
      component="section"
      gap="sm"
      aria-labelledby={`review-${track.id}`}
      p="md"
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
    >
      <Title order={2} size="h4" id={`review-${track.id}`}>
        {video.title}
      </Title>
      <Text size="sm" c="dimmed">
        {track.cue_count} captions by {track.author_name ?? 'someone'} ({track.label})
      </Text>
      <Group align="flex-start" grow wrap="wrap">
        {video.url && (
          <video
            controls
            src={video.url}
            style={{ maxWidth: 480, background: '#000' }}
            aria-label={`Video: ${video.title}`}
          >
            <track kind="captions" src={trackUrl} srcLang={track.srclang} label={track.label} default />
          </video>
        )}
        <Table withTableBorder style={{ maxWidth: 560 }}>
          <Table.Caption>The captions</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Caption</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {track.cues.map((c, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {formatDuration(c.start)}–{formatDuration(c.end)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-line' }}>{c.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Group>
      {mine && (
        <Alert color="yellow" title="You wrote these captions">
          Someone else must approve them. You can still send them back to yourself.
        </Alert>
      )}
      <Textarea
        label="Comment (needed to send back)"
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={2}
      />
      <Group>
        <Button
          color="teal"
          disabled={mine}
          loading={review.isPending && review.variables?.body.decision === 'approve'}
          onClick={() => review.mutate({ trackId: track.id, body: { decision: 'approve', version: track.version } })}
        >
          Approve
        </Button>
        <Button
          variant="default"
          disabled={!comment.trim()}
          loading={review.isPending && review.variables?.body.decision === 'send_back'}
          onClick={() =>
            review.mutate({
              trackId: track.id,
              body: { decision: 'send_back', version: track.version, comment: comment.trim() },
            })
          }
        >
          Send back
        </Button>
      </Group>
      {review.error && (
        <Alert color="red" title="Not saved">
          {errorDetailOf(review.error) ?? formErrorOf(review.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** /content/admin/captions/review/{courseId}/: approve or send back each of the course's captions in review. */
export function CourseCaptionReviewRoute() {
  const courseId = useCourseIdParam();
  const queue = useReviewQueue(courseId);
  const { data: me } = useMe();
  useDocumentTitle(`Review captions: ${queue.data?.course.title ?? 'course'} · Banksia`);
  if (queue.isError) throw queue.error;
  if (queue.isPending) return <LoadingState label="Loading captions to review" />;
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={urlFor('content-admin-caption-review')} size="sm">
          ← Courses to review
        </Anchor>
        <Title order={1}>Review captions: {queue.data.course.title}</Title>
      </div>
      {queue.data.items.length === 0 ? (
        <Text>Nothing of this course is waiting for review.</Text>
      ) : (
        queue.data.items.map((item) => <ReviewItem key={item.track.id} item={item} myId={me?.user.id} />)
      )}
    </Stack>
  );
}
