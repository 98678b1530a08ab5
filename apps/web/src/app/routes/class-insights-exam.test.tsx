import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeClassAssemblage } from '../../test/course-fixtures';
import { apiCalls, stubFetch } from '../../test/fetch-stub';
import { makeClass, makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.mock('../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const student = makeMe({ roles: ['student'], classes: [makeClass({ id: 11, role: 'student' })] });

describe('insights routes', () => {
  it('gives a student the 403 page and never asks for the class’s insights', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/me/': { status: 200, body: student },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
    });
    renderApp('/class/11/topic/100/exam/401/em-insights/');
    expect(
      await screen.findByText(/you don't have permission to access this page/, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.path.includes('/insights/'))).toBe(false);
  });

  it('gives a student the 403 page for one question too', async () => {
    stubFetch({
      'GET /api/v1/auth/me/': { status: 200, body: student },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
    });
    renderApp('/class/11/topic/100/progress/em/401/question/7/');
    expect(
      await screen.findByText(/you don't have permission to access this page/, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
