import type { ClassListPreview, UploaderClass } from '@banksia/contracts/classes';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ClassListUploaderPage } from './class-list-uploader-page';

const classes: UploaderClass[] = [
  {
    id: 3,
    title: '9MAT1',
    school_id: 1,
    school_name: 'Acacia College',
    course_title: 'Maths 9',
    calendar_year: 2026,
    student_count: 24,
  },
];

const FILE = 'first_name,last_name,email\nNina,New,nina@example.test\nBad,Email,not-an-email\n';

const withError: ClassListPreview = {
  class_id: 3,
  class_title: '9MAT1',
  rows: [
    { line: 2, first_name: 'Nina', last_name: 'New', email: 'nina@example.test', action: 'new_account', errors: [] },
    {
      line: 3,
      first_name: 'Bad',
      last_name: 'Email',
      email: 'not-an-email',
      action: null,
      errors: ['Email is not a valid email address.'],
    },
  ],
  counts: { rows: 2, errors: 1, new_account: 1, existing_account: 0, already_in_class: 0 },
  can_apply: false,
};

const clean: ClassListPreview = {
  ...withError,
  rows: [
    withError.rows[0]!,
    { ...withError.rows[1]!, email: 'bad@example.test', action: 'already_in_class', errors: [] },
  ],
  counts: { rows: 2, errors: 0, new_account: 1, existing_account: 0, already_in_class: 1 },
  can_apply: true,
};

async function chooseClassAndFile(user: ReturnType<typeof renderWithProviders>['user'], text = FILE) {
  await user.click(await screen.findByRole('combobox', { name: /Class/ }));
  await user.click(await screen.findByRole('option', { name: /9MAT1/ }));
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File([text], 'class.csv', { type: 'text/csv' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Check the list' })).toBeEnabled());
}

describe('ClassListUploaderPage', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
    document.cookie = 'csrftoken=test-csrf-token; path=/';
  });

  it('previews each row with its errors and offers no apply until the file is fixed', async () => {
    const seen = stubFetch({
      'GET /api/v1/class-list-uploader/classes/': { status: 200, body: classes },
      'POST /api/v1/classes/3/class-list/preview/': { status: 200, body: withError },
    });
    const { user } = renderWithProviders(<ClassListUploaderPage />);
    await chooseClassAndFile(user);
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    const table = await screen.findByRole('table', { name: 'Preview of the class list for 9MAT1' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Nina');
    expect(rows[1]).toHaveTextContent('New account');
    expect(rows[2]).toHaveTextContent('Email is not a valid email address.');
    expect(screen.getByText('1 with errors')).toBeInTheDocument();
    expect(screen.getByText('Fix the file first')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
    const previewCall = apiCalls(seen).find((r) => r.path === '/api/v1/classes/3/class-list/preview/');
    expect(previewCall?.body).toEqual({ csv: FILE });
  }, 30_000);

  it('applies a clean list and shows what changed', async () => {
    const seen = stubFetch({
      'GET /api/v1/class-list-uploader/classes/': { status: 200, body: classes },
      'POST /api/v1/classes/3/class-list/preview/': { status: 200, body: clean },
      'POST /api/v1/classes/3/class-list/apply/': {
        status: 200,
        body: { class_id: 3, created_accounts: 1, joined: 0, already_in_class: 1 },
      },
    });
    const { user } = renderWithProviders(<ClassListUploaderPage />);
    await chooseClassAndFile(user);
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    await user.click(await screen.findByRole('button', { name: 'Apply to 9MAT1' }));
    expect(await screen.findByText('The class list was applied')).toBeInTheDocument();
    expect(
      screen.getByText(/1 new account created, 0 existing accounts added, 1 already in the class/),
    ).toBeInTheDocument();
    expect(
      apiCalls(seen)
        .filter((r) => r.path === '/api/v1/classes/3/class-list/apply/')
        .map((r) => r.body),
    ).toEqual([{ csv: FILE }]);
  }, 30_000);

  it("lists the server's reasons when the file cannot be read", async () => {
    stubFetch({
      'GET /api/v1/class-list-uploader/classes/': { status: 200, body: classes },
      'POST /api/v1/classes/3/class-list/preview/': {
        status: 400,
        body: {
          detail: 'The first row must be a header.',
          code: 'validation_failed',
          errors: {
            csv: ['The first row must be a header naming the columns first_name, last_name and email; missing: email.'],
          },
        },
      },
    });
    const { user } = renderWithProviders(<ClassListUploaderPage />);
    await chooseClassAndFile(user, 'Nina,New\n');
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    expect(await screen.findByText(/missing: email/)).toBeInTheDocument();
  }, 30_000);
});
