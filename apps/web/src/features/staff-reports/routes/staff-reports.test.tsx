import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const staff = makeMe({ roles: ['content_admin'] });
const session = { 'GET /api/v1/auth/session/': { status: 200, body: { me: staff } } };
const schools = { 'GET /api/v1/schools/': { status: 200, body: [{ id: 7, name: 'Wattle Creek College' }] } };

const emailReport = {
  year: 2026,
  schools: [
    {
      school_id: 7,
      school_name: 'Wattle Creek College',
      email_domains: ['wattlecreek.vic.edu.au'],
      time_zone: 'Australia/Sydney',
      profiles_checked: 12,
      profiles: [
        {
          profile_id: 40,
          user_id: 41,
          kind: 'student',
          first_name: 'Tom',
          last_name: 'Harris',
          email: 'student@wattle.test',
          problem: 'other_domain',
        },
      ],
    },
  ],
};

describe('profiles without a school email', () => {
  it('lists the profiles per school, links each to its user, and offers the CSV of the same filters', async () => {
    stubFetch({
      ...session,
      ...schools,
      'GET /api/v1/reports/profiles-without-email-at-domain/?year=2026': { status: 200, body: emailReport },
    });
    renderApp('/content/admin/profiles-without-email-at-domain-report/?year=2026');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profiles without a school email' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 of 12 profiles')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Harris, Tom/ });
    expect(within(row).getByRole('link', { name: 'Harris, Tom' })).toHaveAttribute(
      'href',
      '/content/admin/users/edit/41/',
    );
    expect(within(row).getByText('Other domain')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/v1/reports/profiles-without-email-at-domain/csv/?year=2026',
    );
  });

  it('saves a school’s domains, and shows the server’s message for a bad one', async () => {
    let attempt = 0;
    const seen = stubFetch({
      ...session,
      ...schools,
      'GET /api/v1/reports/profiles-without-email-at-domain/?year=2026': { status: 200, body: emailReport },
      'PUT /api/v1/schools/7/email-domains/': () => {
        attempt += 1;
        return attempt === 1
          ? new Response(
              JSON.stringify({
                detail: 'Check the fields marked.',
                code: 'invalid',
                errors: { 'email_domains.1': ['Not a domain, e.g. school.vic.edu.au.'] },
              }),
              { status: 400, headers: { 'Content-Type': 'application/json' } },
            )
          : new Response(JSON.stringify({ school_id: 7, email_domains: ['wattlecreek.vic.edu.au', 'wattle.test'] }), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            });
      },
    });
    const { user } = renderApp('/content/admin/profiles-without-email-at-domain-report/?year=2026');

    await user.click(await screen.findByRole('button', { name: 'Edit the email domains of Wattle Creek College' }));
    const input = screen.getByPlaceholderText('school.vic.edu.au');
    await user.type(input, 'Wattle.test{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save domains' }));
    expect(await screen.findByText('Not a domain, e.g. school.vic.edu.au.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save domains' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save domains' })).not.toBeInTheDocument());
    const puts = apiCalls(seen).filter((r) => r.method === 'PUT');
    expect(puts.at(-1)!.body).toEqual({ email_domains: ['wattlecreek.vic.edu.au', 'wattle.test'] });
  });

  it('saves a school’s time zone chosen from the list, and shows the server’s message naming the field', async () => {
    let attempt = 0;
    const seen = stubFetch({
      ...session,
      ...schools,
      'GET /api/v1/reports/profiles-without-email-at-domain/?year=2026': { status: 200, body: emailReport },
      'PUT /api/v1/schools/7/time-zone/': () =>
        (attempt += 1) === 1
          ? new Response(
              JSON.stringify({
                detail: 'Check the fields marked.',
                code: 'invalid',
                errors: { time_zone: ['Not a time zone the server knows.'] },
              }),
              { status: 400, headers: { 'Content-Type': 'application/json' } },
            )
          : new Response(JSON.stringify({ school_id: 7, time_zone: 'Australia/Perth' }), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
    });
    const { user } = renderApp('/content/admin/profiles-without-email-at-domain-report/?year=2026');

    expect(await screen.findByText('Australia/Sydney')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit the time zone of Wattle Creek College' }));
    const select = screen.getByRole('combobox', { name: 'Time zone of Wattle Creek College' });
    await user.clear(select);
    await user.type(select, 'Perth');
    await user.click(await screen.findByRole('option', { name: 'Australia/Perth' }));
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Not a time zone the server knows.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save time zone' })).not.toBeInTheDocument());
    const puts = apiCalls(seen).filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.body)).toEqual([{ time_zone: 'Australia/Perth' }, { time_zone: 'Australia/Perth' }]);
  });

  it('refuses a domain that is not one before sending it', async () => {
    const seen = stubFetch({
      ...session,
      ...schools,
      'GET /api/v1/reports/profiles-without-email-at-domain/?year=2026': { status: 200, body: emailReport },
    });
    const { user } = renderApp('/content/admin/profiles-without-email-at-domain-report/?year=2026');
    await user.click(await screen.findByRole('button', { name: 'Edit the email domains of Wattle Creek College' }));
    await user.type(screen.getByPlaceholderText('school.vic.edu.au'), 'not_a_domain{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save domains' }));
    expect(await screen.findByText('"not_a_domain" is not a domain, e.g. school.vic.edu.au.')).toBeInTheDocument();
    expect(apiCalls(seen).filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});

describe('teacher trial leads', () => {
  it('shows each trial with its use and whether it converted, for the year in the address', async () => {
    stubFetch({
      ...session,
      'GET /api/v1/reports/sales-leads/?year=2026': {
        status: 200,
        body: {
          year: 2026,
          schools: [
            {
              school_id: 1,
              school_name: 'Banksia Demo High School',
              trials: [
                {
                  class_id: 3,
                  class_title: '10SCI Teacher trial',
                  course_title: 'Year 10 Science',
                  teachers: ['Priya Sharma'],
                  teacher_emails: ['teacher@banksia.test'],
                  started_on: '2026-02-01',
                  expires_on: '2026-03-01',
                  expired: true,
                  classes_made: 3,
                  students_active: 8,
                  lessons_opened: 5,
                  exams_sat: 2,
                  converted: true,
                },
              ],
            },
          ],
        },
      },
    });
    renderApp('/sales-lead/report/?year=2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher trial leads' })).toBeInTheDocument();
    expect(await screen.findByText('1 trial at 1 school; 1 converted.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /10SCI Teacher trial/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Priya Sharmateacher@banksia.test', 'From 01/02/2026Expired 01/03/2026', '3', '8', '5', '2', 'Yes']);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/v1/reports/sales-leads/csv/?year=2026',
    );
  });

  it('asks for the current year when the address names none', async () => {
    const year = dayjs().year();
    const seen = stubFetch({
      ...session,
      [`GET /api/v1/reports/sales-leads/?year=${year}`]: { status: 200, body: { year, schools: [] } },
    });
    renderApp('/sales-lead/report/');
    expect(await screen.findByText(`No teacher trials in ${year}.`)).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.url === `/api/v1/reports/sales-leads/?year=${year}`)).toBe(true);
  });
});
