import type { ReactNode } from 'react';
import grids from './grids.module.css';

/**
 * The lesson page's layout (and its skeleton's): the video beside the lesson's parts, stacked on small screens. Plain
 * CSS grid rather than Mantine's Grid, whose code every lesson would otherwise load for two columns.
 */
export function LessonColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className={grids.lesson}>
      <div>{main}</div>
      <div>{side}</div>
    </div>
  );
}
