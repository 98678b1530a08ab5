import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { makeMe } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { StaffHome } from './staff-home';

const year = new Date().getFullYear();

describe('StaffHome', () => {
  it('gives a payments admin the payment tools, and nothing of content administration', async () => {
    stubFetch({});
    renderWithProviders(<StaffHome me={makeMe({ roles: ['payments_admin'] })} />);
    expect(await screen.findByRole('link', { name: /Class prices and due dates/ })).toHaveAttribute(
      'href',
      `/content/admin/school-class-product-editor/${year}/`,
    );
    expect(screen.getByRole('link', { name: /Students owing/ })).toHaveAttribute(
      'href',
      `/content/admin/students-owing-report/${year}/`,
    );
    expect(screen.getByRole('link', { name: /Refunds owed and refund runs/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Content administration/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Roster reconciliation/ })).not.toBeInTheDocument();
  });

  it('gives a roster admin the roster tools', async () => {
    stubFetch({});
    renderWithProviders(<StaffHome me={makeMe({ roles: ['roster_admin'] })} />);
    expect(await screen.findByRole('link', { name: /Roster reconciliation/ })).toHaveAttribute(
      'href',
      '/content/admin/enrolinator/',
    );
    expect(screen.getByRole('link', { name: /School roster uploaders/ })).toHaveAttribute('href', '/school-uploader/');
    expect(screen.queryByRole('link', { name: /Class prices/ })).not.toBeInTheDocument();
  });
});
