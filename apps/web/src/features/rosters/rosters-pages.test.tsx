import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const admin = makeMe({ roles: ['teacher', 'school_admin'] });
const session = { 'GET /api/v1/auth/session/': { status: 200, body: { me: admin } } };
const sources = {
  'GET /api/v1/rosters/sources/': {
    status: 200,
    body: {
      sources: [
        { source: 'edval', name: 'Edval', page: 'edval-upload' },
        { source: 'product', name: 'Banksia roster template', page: 'banksia-upload' },
      ],
      template_url: '/api/v1/rosters/template.csv',
    },
  },
};
const schools = { 'GET /api/v1/schools/': { status: 200, body: [{ id: 7, name: 'Wattle Creek College' }] } };

const dataset = {
  id: 5,
  school_id: 7,
  school_name: 'Wattle Creek College',
  calendar_year: 2026,
  source: 'edval',
  file_names: ['classlist.csv'],
  status: 'held',
  counts: { rows: 40, errors: 0, classes: 2, teachers: 2, students: 30, enrolments: 37 },
  errors: [],
  summary: { student_reconciliation: { remove: 5, match: 25 } },
  holds: [{ kind: 'students', reason: 'removes', count: 5, of: 30 }],
  failure: null,
  mapping: null,
  mapping_confirmed: true,
  already_uploaded: false,
  created_at: '2026-03-02T09:00:00.000Z',
  applied_at: null,
  rolled_back_at: null,
  approved: false,
  can_rollback: false,
  apply: null,
  can_retry: false,
};

describe('school roster uploaders', () => {
  it('offers one uploader per source the server reads, and the template on the Banksia page', async () => {
    stubFetch({ ...session, ...sources, ...schools });
    renderApp('/school-uploader/');
    expect(await screen.findByRole('link', { name: 'Edval' })).toHaveAttribute(
      'href',
      '/school-uploader/edval-upload/',
    );
    expect(screen.getByRole('link', { name: 'Banksia roster template' })).toHaveAttribute(
      'href',
      '/school-uploader/banksia-upload/',
    );
  });

  it('has no page for a source the server cannot read yet', async () => {
    stubFetch({ ...session, ...sources, ...schools });
    renderApp('/school-uploader/griddle-upload/');
    expect(
      await screen.findByRole('heading', { name: "We can't find the resources you're looking for" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload and check' })).not.toBeInTheDocument();
  });

  it('chooses the only school of a school admin and links the template', async () => {
    stubFetch({ ...session, ...sources, ...schools });
    renderApp('/school-uploader/banksia-upload/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Banksia roster template upload' }),
    ).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Wattle Creek College')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the roster template (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/rosters/template.csv',
    );
  });
});

describe('enrolinator', () => {
  it('shows why a dataset is held and offers to approve it', async () => {
    stubFetch({ ...session, 'GET /api/v1/rosters/datasets/5/': { status: 200, body: dataset } });
    renderApp('/content/admin/enrolinator/datasets/5/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wattle Creek College 2026 roster' }),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('It would remove 5 of 30 students (more than 10%).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve and apply' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('shows how a header-mapped upload was read, and applies only after a person confirms it', async () => {
    const mapped = {
      ...dataset,
      source: 'griddle',
      status: 'reviewing',
      holds: [],
      mapping: [
        {
          file: 'griddle-export.csv',
          columns: [
            { header: 'Student Code', field: 'student code' },
            { header: 'Notes', field: null },
          ],
        },
      ],
      mapping_confirmed: false,
    };
    let current = mapped;
    const seen = stubFetch({
      ...session,
      'GET /api/v1/rosters/datasets/5/': () => jsonAnswer(current),
      'POST /api/v1/rosters/datasets/5/confirm-mapping/': () => {
        current = { ...mapped, mapping_confirmed: true };
        return jsonAnswer(current);
      },
    });
    const { user } = renderApp('/content/admin/enrolinator/datasets/5/');
    const table = await screen.findByRole('table', { name: 'griddle-export.csv' });
    expect(within(table).getByRole('row', { name: 'Student Code student code' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Notes Not used' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'These columns are right' }));
    expect(await screen.findByText('Columns confirmed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(seen.some((r) => r.method === 'POST' && r.path === '/api/v1/rosters/datasets/5/confirm-mapping/')).toBe(
      true,
    );
  });
});

describe('a roster apply', () => {
  it('offers to retry a failed apply, then shows how far the new one has got', async () => {
    const failed = {
      ...dataset,
      status: 'failed',
      holds: [],
      failure: 'canceling statement due to statement timeout',
      can_retry: true,
    };
    const applying = {
      ...failed,
      status: 'applying',
      failure: null,
      can_retry: false,
      apply: {
        state: 'running',
        done: 3000,
        total: 6000,
        attempt: 1,
        attempts: 3,
        message: 'Applied 3,000 of 6,000 records (attempt 1 of 3).',
      },
    };
    let current: object = failed;
    const seen = stubFetch({
      ...session,
      'GET /api/v1/rosters/datasets/5/': () => jsonAnswer(current),
      'POST /api/v1/rosters/datasets/5/retry/': () => {
        current = applying;
        return jsonAnswer({ status: 'applying', changes: {}, holds: [] });
      },
    });
    const { user } = renderApp('/content/admin/enrolinator/datasets/5/');
    expect(await screen.findByText('canceling statement due to statement timeout')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry apply' }));
    expect(await screen.findByText('Applied 3,000 of 6,000 records (attempt 1 of 3).')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Applied 3000 of 6000 records' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.queryByRole('button', { name: 'Retry apply' })).not.toBeInTheDocument();
    const posts = seen.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/rosters/'));
    expect(posts.map((r) => r.path)).toEqual(['/api/v1/rosters/datasets/5/retry/']);
  });
});

function jsonAnswer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}
