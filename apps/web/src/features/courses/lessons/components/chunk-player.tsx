import type { Lesson } from '@banksia/contracts/courses';
import { Anchor, Button, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useHotkeys } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconArrowRight,
  IconFlag,
  IconMessageQuestion,
  IconNotes,
  IconPuzzle,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { LessonColumns } from '../../../../components/lesson-columns';
import { Link, useNavigate } from 'react-router';
import { ChunkNav } from './chunk-nav';
import { useDemoMode } from './demo-mode';
import { LazyDemoNotice } from './lazy-lesson-notices';
import { SelfRatingControl } from './self-rating-control';
import { useChunkVisit } from './use-chunk-visit';
import { useWatchTracker } from './use-watch-tracker';
import { VideoPanel } from './video-panel';
import classes from './chunk-player.module.css';

const noChunks: ReadonlySet<number> = new Set();

export interface ChunkPlayerProps {
  lesson: Lesson;
  /** The chunk shown: its 1-based index. The page checks it exists before showing the player. */
  index: number;
  /** The class the lesson is opened in, where visits and watch time are recorded; null in a demo. */
  classId: number | null;
  /** The address of another chunk of this lesson. */
  hrefFor: (index: number) => string;
  /** Where "next" leads from the last chunk. */
  finish: { href: string; label: string };
  /** Links above the title back to the course. */
  breadcrumbs?: ReactNode;
  visitedChunkIds?: ReadonlySet<number>;
  watchedChunkIds?: ReadonlySet<number>;
  onVisitRecorded?: (chunkId: number) => void;
  onWatched?: (chunkId: number) => void;
  /** The student's rating of the lesson; absent for teachers (and ignored in a demo). */
  rating?: { value: number | null; onChange: (rating: number) => void } | null;
  /** The student's notes page for this lesson; absent when notes are off (and ignored in a demo). */
  notesHref?: string | null;
  /** The lesson's question set, when the class has lesson questions. */
  questionSet?: { href: string; title: string } | null;
  /** The lesson's files, already gated by the class's plan. */
  attachments?: ReactNode;
  /** The lesson's activities, where they can be opened (in a class). */
  activities?: { href: string; title: string }[];
}

/**
 * THE chunk player: one part of a lesson with its video, the list of parts, previous and next, and the lesson's
 * rating, notes, question set and files. In a class it records the visit and the time watched; in a demo
 * (DemoModeProvider) it records nothing and offers no rating or notes.
 */
export function ChunkPlayer(props: ChunkPlayerProps) {
  const { lesson, index, classId, hrefFor, finish, breadcrumbs, attachments, questionSet, activities = [] } = props;
  const demo = useDemoMode();
  const navigate = useNavigate();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const chunks = [...lesson.chunks].sort((a, b) => a.index - b.index);
  const position = chunks.findIndex((c) => c.index === index);
  const chunk = chunks[position];
  const previous = position > 0 ? chunks[position - 1] : undefined;
  const next = chunks[position + 1];
  const rating = demo ? null : props.rating;
  const notesHref = demo ? null : props.notesHref;
  const recordingClass = demo ? null : classId;

  useDocumentTitle(chunk ? `${chunk.title} · ${lesson.title} · Banksia` : `${lesson.title} · Banksia`);
  useChunkVisit(recordingClass, chunk?.id ?? 0, props.onVisitRecorded);
  useWatchTracker(video, recordingClass, chunk?.id ?? 0, props.onWatched);
  useHotkeys([
    ['[', () => previous && navigate(hrefFor(previous.index))],
    [']', () => navigate(next ? hrefFor(next.index) : finish.href)],
  ]);

  if (!chunk) return null;
  const hasResources = !!attachments || !!questionSet || !!notesHref || activities.length > 0;

  return (
    <Stack gap="md">
      {demo && <LazyDemoNotice />}
      {breadcrumbs}
      <div>
        <Title order={1}>{lesson.title}</Title>
        <Text c="dimmed" mt={4}>
          Part {chunk.index} of {chunks.length}
        </Text>
      </div>
      <LessonColumns
        main={
          <Stack gap="sm">
            <Title order={2} size="h3">
              {chunk.title}
            </Title>
            <VideoPanel chunk={chunk} videoRef={setVideo} />
            <Group justify="space-between" gap="sm">
              {previous ? (
                <Button
                  component={Link}
                  to={hrefFor(previous.index)}
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                >
                  Previous part
                </Button>
              ) : (
                <Button variant="default" disabled leftSection={<IconArrowLeft size={16} aria-hidden />}>
                  Previous part
                </Button>
              )}
              {next ? (
                <Button
                  component={Link}
                  to={hrefFor(next.index)}
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                >
                  Next part
                </Button>
              ) : (
                <Button component={Link} to={finish.href} rightSection={<IconFlag size={16} aria-hidden />}>
                  {finish.label}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed" visibleFrom="sm">
              Tip: press <Kbd size="xs">[</Kbd> for the previous part and <Kbd size="xs">]</Kbd> for the next.
            </Text>
          </Stack>
        }
        side={
          <Stack gap="md">
            <Paper withBorder p="sm" component="section" aria-labelledby="lesson-parts-heading">
              <Title order={2} size="h5" px="sm" pt={4} pb="xs" id="lesson-parts-heading">
                Parts of this lesson
              </Title>
              <ChunkNav
                chunks={chunks}
                currentIndex={chunk.index}
                visited={demo ? noChunks : (props.visitedChunkIds ?? noChunks)}
                watched={demo ? noChunks : (props.watchedChunkIds ?? noChunks)}
                hrefFor={hrefFor}
              />
            </Paper>
            {rating && (
              <Paper withBorder p="md" component="section" aria-label="Rate this lesson">
                <SelfRatingControl value={rating.value} onChange={rating.onChange} />
              </Paper>
            )}
            {hasResources && (
              <Paper withBorder p="md" component="section" aria-labelledby="lesson-resources-heading">
                <Title order={2} size="h5" mb="xs" id="lesson-resources-heading">
                  With this lesson
                </Title>
                <Stack gap="xs">
                  {questionSet && (
                    <Anchor component={Link} to={questionSet.href} fw={600} className={classes.resourceLink}>
                      <IconMessageQuestion size={18} aria-hidden className={classes.resourceIcon} />
                      <span>Questions: {questionSet.title}</span>
                    </Anchor>
                  )}
                  {activities.map((activity) => (
                    <Anchor
                      key={activity.href}
                      component={Link}
                      to={activity.href}
                      fw={600}
                      className={classes.resourceLink}
                    >
                      <IconPuzzle size={18} aria-hidden className={classes.resourceIcon} />
                      <span>Activity: {activity.title}</span>
                    </Anchor>
                  ))}
                  {notesHref && (
                    <Anchor component={Link} to={notesHref} fw={600} className={classes.resourceLink}>
                      <IconNotes size={18} aria-hidden className={classes.resourceIcon} />
                      <span>Notes</span>
                    </Anchor>
                  )}
                  {attachments}
                </Stack>
              </Paper>
            )}
          </Stack>
        }
      />
    </Stack>
  );
}
