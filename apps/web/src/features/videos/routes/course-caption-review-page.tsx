import type { CaptionReviewQueue } from '@banksia/contracts/videos';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorDetailOf, formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useMe } from '../../accounts/index';
import { useReviewQueue } from '../api/get-caption-review-queue';
import { useReviewCaptions } from '../api/review-captions';
import { formatDuration } from '../components/caption-state';
import { useCourseIdParam } from '../hooks/use-course-id-param';

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
