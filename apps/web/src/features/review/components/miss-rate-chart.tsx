import type { ReviewTopic } from '@banksia/contracts/review';
import { ChartWithTable } from '../../../components/chart-with-table';

/** The class's miss rate per topic as bars, or the same figures as a table ("Show as table"). */
export function MissRateChart({ topics }: { topics: ReviewTopic[] }) {
  const reviewed = topics.filter((t) => t.miss_rate !== null);
  return (
    <ChartWithTable
      title="Miss rate by topic"
      order={2}
      description="The share of review answers that were wrong, per topic."
      categoryLabel="Topic"
      data={reviewed.map((t) => ({
        category: t.title,
        missRate: Math.round((t.miss_rate ?? 0) * 100),
        reviews: t.reviews,
      }))}
      series={[{ name: 'missRate', label: 'Miss rate', color: 'red.6' }]}
      tableOnly={[{ name: 'reviews', label: 'Reviews' }]}
      format={(value) => `${value}%`}
      max={100}
      orientation="vertical"
      emptyText="No reviews yet: the chart fills in as students answer their review questions."
    />
  );
}
