import { ReviewPage } from '../../features/review/index';
import { Page } from '../components/page';

/** /review/: the signed-in student's review for today, across their classes. */
export function ReviewTodayRoute() {
  return (
    <Page>
      <ReviewPage />
    </Page>
  );
}
