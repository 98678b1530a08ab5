import type { ClassManagementSchool, ManagedClass } from '@banksia/contracts/classes';
import type { CourseOption } from '@banksia/contracts/rules/course-selector';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ClassEditorForm } from './class-editor-form';

const school: ClassManagementSchool = {
  id: 4,
  name: 'Acacia College',
  slug: 'acacia',
  is_admin: false,
  my_profile_id: 5,
  teachers: [
    { profile_id: 6, name: 'Al Barker' },
    { profile_id: 5, name: 'Tess Young' },
  ],
};

const courses: CourseOption[] = [
  {
    course_id: 11,
    title: 'Maths 9',
    year_published: 2026,
    default_year_level: 'Year 9',
    curriculum: null,
    has_textbook: false,
  },
];

const saved: ManagedClass = {
  id: 30,
  school_id: 4,
  title: '9MAT3',
  course_id: 11,
  course_title: 'Maths 9',
  class_type: 'TT',
  features: 'STANDARD',
  calendar_year: 2026,
  expiration_date: '2026-12-31',
  activation_link: '/account/?class_code=abc',
  teacher_profile_ids: [5],
  teacher_names: ['Tess Young'],
  student_count: 0,
};

function renderForm(initial: ManagedClass | null = null) {
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <ClassEditorForm
      school={school}
      courseOptions={courses}
      initial={initial}
      defaultYear={2026}
      onSaved={onSaved}
      onCancel={() => {}}
    />,
  );
  return { ...view, onSaved };
}

describe('ClassEditorForm', () => {
  beforeEach(() => {
    // jsdom has no layout; Mantine's option list scrolls the active option into view.
    Element.prototype.scrollIntoView = vi.fn();
    document.cookie = 'csrftoken=test-csrf-token; path=/';
  });

  it('names each missing field and sends nothing', async () => {
    const seen = stubFetch({});
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(screen.getByText('Choose a course.')).toBeInTheDocument();
    expect(apiCalls(seen).filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('creates a class with the date saved as yyyy-MM-dd and the creator as teacher', async () => {
    const seen = stubFetch({ 'POST /api/v1/class-management/schools/4/classes/': { status: 201, body: saved } });
    const { user, onSaved } = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: '9MAT3' } });
    await user.click(screen.getByRole('combobox', { name: /Course/ }));
    await user.click(await screen.findByRole('option', { name: /Maths 9/ }));
    await user.click(screen.getByRole('combobox', { name: /Class type/ }));
    await user.click(await screen.findByRole('option', { name: 'Teacher trial (TT)' }));
    const date = screen.getByLabelText(/Expiration date/);
    fireEvent.change(date, { target: { value: '31/12/2026' } });
    fireEvent.blur(date);
    // The creator is preselected as the class's teacher.
    expect(document.querySelector('.mantine-Pill-label')).toHaveTextContent('Tess Young');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(
      apiCalls(seen)
        .filter((r) => r.method !== 'GET')
        .map((r) => [r.method, r.path, r.body]),
    ).toEqual([
      [
        'POST',
        '/api/v1/class-management/schools/4/classes/',
        {
          title: '9MAT3',
          course_id: 11,
          class_type: 'TT',
          features: 'STANDARD',
          calendar_year: 2026,
          expiration_date: '2026-12-31',
          teacher_profile_ids: [5],
        },
      ],
    ]);
  }, 30_000);

  it("shows the server's field errors under their fields", async () => {
    stubFetch({
      'PATCH /api/v1/class-management/classes/30/': {
        status: 400,
        body: {
          detail: 'Some fields are not valid.',
          code: 'validation_failed',
          errors: { teacher_profile_ids: ['Keep yourself as a teacher of the class.'] },
        },
      },
    });
    const { user, onSaved } = renderForm(saved);
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('9MAT3');
    expect(screen.getByLabelText(/Expiration date/)).toHaveValue('31/12/2026');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Keep yourself as a teacher of the class.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
