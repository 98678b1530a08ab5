import { AccessStatus, type RawClassDetail, type RawEnrolment } from '@banksia/contracts/classes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { makeClass } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TeacherClasses } from './teacher-classes';

let nextId = 100;
function enrolment(first: string, last: string, access: AccessStatus, name = `${first} ${last}`): RawEnrolment {
  const id = nextId++;
  return {
    id,
    access_status: access,
    profile: { id, user: id + 1000, name, first_name: first, last_name: last, is_active: true },
  };
}

const raw: RawClassDetail = {
  id: 11,
  title: '9MAT1',
  course_id: 3,
  course_title: 'Year 9 Mathematics',
  class_type: 'N',
  features: 'EXTENDED',
  calendar_year: 2026,
  expiration_date: '2026-12-31',
  activation_link: null,
  // Deliberately not in roster order.
  enrolments: [
    enrolment('Zoe', 'Campbell', AccessStatus.UPLOADED),
    enrolment('Oliver', 'Bennett', AccessStatus.ADDED_VIA_ADMIN),
    enrolment('Evie', 'Morrison', AccessStatus.LOCKED),
    enrolment('Kai', 'Tanaka', AccessStatus.REMOVED),
    enrolment('Amelia', 'Chen', AccessStatus.LEGACY),
    enrolment('Bea', 'Chen', AccessStatus.UPLOADED, 'Abby Chen'),
    enrolment('Ghost', 'Aardvark', AccessStatus.UNKNOWN),
  ],
};

describe('TeacherClasses', () => {
  it('lists a class’s students in roster order when opened, without removed ones, marking locked ones', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
      'GET /api/v1/classes/11/': { status: 200, body: raw },
    });
    const { user } = renderWithProviders(
      <TeacherClasses classes={[makeClass({ role: 'teacher' })]} schools={['Banksia Demo High School']} />,
    );

    expect(screen.getByRole('heading', { name: 'Your classes' })).toBeInTheDocument();
    expect(screen.getByText('Teaching at Banksia Demo High School')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: '9MAT1' });
    expect(within(card).getByText('Year 9 Mathematics')).toBeInTheDocument();
    // Nothing is fetched until the list is opened.
    expect(apiCalls(seen).some((r) => r.path === '/api/v1/classes/11/')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Students' }));

    const list = await within(card).findByRole('list', { name: 'Students of 9MAT1' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Oliver Bennett',
      'Zoe Campbell',
      'Abby Chen',
      'Amelia Chen',
      'Evie MorrisonLocked: fees unpaid',
    ]);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Students (5)' })).toBeInTheDocument());
  });

  it('says so when the students cannot be loaded', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: null } },
      'GET /api/v1/classes/11/': { status: 403, body: { detail: 'No.', code: 'forbidden' } },
    });
    const { user } = renderWithProviders(<TeacherClasses classes={[makeClass({ role: 'teacher' })]} schools={[]} />);

    await user.click(screen.getByRole('button', { name: 'Students' }));
    expect(await screen.findByText('The students could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('No.')).toBeInTheDocument();
  });
});
