import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeClassAssemblage, makeClass, makeMe } from '../../test/fixtures';
import { apiCalls, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

vi.mock('../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const student = makeMe({ roles: ['student'], classes: [makeClass({ id: 11, role: 'student' })] });

describe('insights routes', () => {
  it('gives a student the unauthorized page and never asks for the class’s insights', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: student } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
    });
    renderApp('/class/11/topic/100/exam/401/em-insights/');
    expect(
      await screen.findByRole('heading', { name: 'What are you doing here?' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.path.includes('/insights/'))).toBe(false);
  });

  it('gives a student the unauthorized page for one question too', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: student } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
    });
    renderApp('/class/11/topic/100/progress/em/401/question/7/');
    expect(
      await screen.findByRole('heading', { name: 'What are you doing here?' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
