import { Box, Group, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import grids from '../../components/grids.module.css';
import { LessonColumns } from '../../components/lesson-columns';
import type { ReactNode } from 'react';

/** A placeholder with the shape of what is loading; screen readers hear only `label`. */
function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      <div aria-hidden>{children}</div>
    </Box>
  );
}

/** A page of cards: a title, then a few bordered panels of lines. */
export function CardsSkeleton({ label, cards = 3 }: { label: string; cards?: number }) {
  return (
    <Loading label={label}>
      <Stack gap="lg">
        {Array.from({ length: cards }, (_, i) => (
          <Paper key={i} withBorder p="lg">
            <Skeleton h={22} w="40%" mb="md" />
            <Skeleton h={8} w="30%" mb="lg" radius="xl" />
            <Stack gap="sm">
              <Skeleton h={14} w="85%" />
              <Skeleton h={14} w="70%" />
              <Skeleton h={14} w="78%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Loading>
  );
}

/** A grid of course or class cards. */
export function GridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <Loading label={label}>
      <div className={grids.cards}>
        {Array.from({ length: count }, (_, i) => (
          <Paper key={i} withBorder p="lg">
            <Skeleton h={20} w="70%" mb="sm" />
            <Skeleton h={12} w="40%" mb="lg" />
            <Group gap="xs">
              <Skeleton h={18} w={60} radius="xl" />
              <Skeleton h={18} w={90} radius="xl" />
            </Group>
          </Paper>
        ))}
      </div>
    </Loading>
  );
}

/** The chunk player: a title, the video frame, and the side column. */
export function PlayerSkeleton({ label = 'Loading the lesson' }: { label?: string }) {
  return (
    <Loading label={label}>
      <Stack gap="md">
        <Skeleton h={32} w="50%" />
        <Skeleton h={14} w={120} />
        <LessonColumns
          main={
            <>
              <Skeleton h={22} w="40%" mb="sm" />
              <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" />
            </>
          }
          side={
            <Paper withBorder p="md">
              <Stack gap="sm">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} h={30} />
                ))}
              </Stack>
            </Paper>
          }
        />
      </Stack>
    </Loading>
  );
}

/** A header line and a table. */
export function TableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <Loading label={label}>
      <Paper withBorder p="md">
        <Stack gap="sm">
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} h={18} w={i === 0 ? '60%' : '100%'} />
          ))}
        </Stack>
      </Paper>
    </Loading>
  );
}
