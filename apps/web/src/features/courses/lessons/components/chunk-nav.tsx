import type { Chunk } from '@banksia/contracts/courses';
import { Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatClock } from './format-clock';
import classes from './chunk-player.module.css';

interface ChunkNavProps {
  chunks: readonly Chunk[];
  currentIndex: number;
  visited: ReadonlySet<number>;
  watched: ReadonlySet<number>;
  hrefFor: (index: number) => string;
}

/** The lesson's parts in order: the current one marked, opened ones ticked, watched ones with an eye. */
export function ChunkNav({ chunks, currentIndex, visited, watched, hrefFor }: ChunkNavProps) {
  return (
    <nav aria-label="Lesson parts">
      <ol className={classes.chunkList}>
        {chunks.map((chunk) => {
          const current = chunk.index === currentIndex;
          const opened = visited.has(chunk.id);
          const seen = watched.has(chunk.id);
          return (
            <li key={chunk.id}>
              <Link to={hrefFor(chunk.index)} className={classes.chunkLink} aria-current={current ? 'page' : undefined}>
                <span className={`${classes.chunkNumber} ${opened && !current ? classes.visited : ''}`} aria-hidden>
                  {opened && !current ? <IconCheck size={14} stroke={3} /> : chunk.index}
                </span>
                <span style={{ minWidth: 0, flex: 1 }}>
                  <Text component="span" size="sm" fw={current ? 700 : 500} display="block">
                    <VisuallyHidden>Part {chunk.index}: </VisuallyHidden>
                    {chunk.title}
                  </Text>
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {formatClock(chunk.total_duration)}
                    {seen && (
                      <>
                        {' · '}
                        <IconEye size={12} aria-hidden style={{ verticalAlign: '-1px' }} /> watched
                      </>
                    )}
                    {opened && !seen && ' · opened'}
                    {current && <VisuallyHidden> (current part)</VisuallyHidden>}
                  </Text>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
