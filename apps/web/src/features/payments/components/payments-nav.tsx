import { FailureReason } from '@banksia/contracts/errors';
import { Anchor, Group, Select } from '@mantine/core';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { RequestFailure } from '../../../components/request-failure';
import { urlFor, type RouteName } from '../../../lib/named-routes';

const yearParam = (v: string | undefined) => (v !== undefined && /^(19|20|21)\d\d$/.test(v) ? Number(v) : null);
const idParam = (v: string | undefined) =>
  v !== undefined && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null;

/** The page's calendar year (and school, when the route has one); a 404 page for anything that is not one. */
export function usePaymentsParams(): { calendarYear: number; schoolId: number | null } {
  const params = useParams();
  const calendarYear = yearParam(params.calendarYear);
  if (calendarYear === null) {
    throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  }
  const schoolId = params.schoolId === undefined ? null : idParam(params.schoolId);
  if (params.schoolId !== undefined && schoolId === null) {
    throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  }
  return { calendarYear, schoolId };
}

/** A year picker that opens the same page for another calendar year. */
export function YearPicker({ calendarYear, route }: { calendarYear: number; route: RouteName }) {
  const navigate = useNavigate();
  const current = dayjs().year();
  const years = new Set([current + 1, current, current - 1, current - 2, calendarYear]);
  return (
    <Select
      label="Calendar year"
      w={160}
      data={[...years].sort((a, b) => b - a).map(String)}
      value={String(calendarYear)}
      onChange={(value) => value && navigate(urlFor(route, { calendarYear: value }))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Links between the payment pages of one year. */
export function PaymentsLinks({ calendarYear }: { calendarYear: number }) {
  const links: Array<[RouteName, string]> = [
    ['content-admin-product-editor', 'Prices and due dates'],
    ['content-admin-students-owing', 'Students owing'],
    ['content-admin-refunds-owed', 'Refunds owed'],
    ['content-admin-refund-processes', 'Refund runs'],
  ];
  return (
    <Group gap="md" component="nav" aria-label="Payments">
      {links.map(([route, label]) => (
        <Anchor key={route} component={Link} to={urlFor(route, { calendarYear })} size="sm">
          {label}
        </Anchor>
      ))}
    </Group>
  );
}
