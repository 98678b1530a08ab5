import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { SchoolSelector } from './school-selector';

const schools = [
  { id: 1, name: 'Banksia High School' },
  { id: 2, name: 'Wattle College' },
];

describe('SchoolSelector', () => {
  it("says 'Loading schools...' until the list arrives, then 'Select a school'", async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({ 'GET /api/v1/schools/': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<SchoolSelector label="School" value={null} onChange={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'School' });
    expect(input).toHaveAttribute('placeholder', 'Loading schools...');
    expect(input).toBeDisabled();
    answer(jsonResponse(200, schools));
    expect(await screen.findByPlaceholderText('Select a school')).toBeEnabled();
  });

  it('reports the chosen school', async () => {
    stubFetch({ 'GET /api/v1/schools/': { status: 200, body: schools } });
    const onChange = vi.fn();
    const { user } = renderWithProviders(<SchoolSelector label="School" value={null} onChange={onChange} />);
    const input = await screen.findByPlaceholderText('Select a school');
    await user.type(input, 'watt');
    await user.click(screen.getByRole('option', { name: 'Wattle College' }));
    expect(onChange).toHaveBeenCalledWith(2, { id: 2, name: 'Wattle College' });
  });

  it('says when the list could not be loaded', async () => {
    stubFetch({ 'GET /api/v1/schools/': { status: 403, body: { detail: 'No.' } } });
    renderWithProviders(<SchoolSelector label="School" value={null} onChange={() => {}} />);
    expect(await screen.findByText("Couldn't load the schools. Reload the page to try again.")).toBeInTheDocument();
  });
});
