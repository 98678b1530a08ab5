import { progressBands, type ProgressBand } from '@banksia/contracts/rules/progress';
import { Group, Text } from '@mantine/core';
import { progressBandColors } from '../../../components/progress-colors';
import classes from './progress-grid.module.css';

/** What each band covers (spec §4 "Progress link bar"), as text beside its colour. */
export const bandLabels: Record<ProgressBand, string> = {
  zero: '0%',
  'very-low': '1–20%',
  low: '21–40%',
  medium: '41–60%',
  high: '61–80%',
  'very-high': '81–99%',
  complete: '100%',
  na: 'N/A: nothing to measure',
};

/** The colour legend of a grid's bands; every cell also prints its percent, so colour is never the only cue. */
export function GridLegend() {
  return (
    <Group gap="xs" component="ul" aria-label="Colour legend" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {progressBands.map((band) => (
        <li key={band}>
          <span className={classes.badge} style={{ background: progressBandColors[band] }}>
            {bandLabels[band]}
          </span>
        </li>
      ))}
      <li>
        <Text span size="sm" className={classes.state}>
          Not started, In progress, Awaiting marking: no score yet
        </Text>
      </li>
    </Group>
  );
}
