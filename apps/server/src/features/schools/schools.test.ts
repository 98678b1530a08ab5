import { describe, expect, it } from 'vitest';
import { createSchool, createTeacher, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

const ctx = useTestApp();

describe('GET /api/v1/schools/', () => {
  it('lists every school for staff and only their own schools for others', async () => {
    const a = await createSchool(ctx.db, { name: 'Acacia College' });
    const b = await createSchool(ctx.db, { name: 'Boronia Secondary' });
    const { user: teacher } = await createTeacher(ctx.db, a);
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    const all = (await (await ctx.client(staff.id)).get('/api/v1/schools/')).json();
    expect(all).toEqual(
      expect.arrayContaining([
        { id: a.id, name: 'Acacia College' },
        { id: b.id, name: 'Boronia Secondary' },
      ]),
    );
    const own = (await (await ctx.client(teacher.id)).get('/api/v1/schools/')).json();
    expect(own).toEqual([{ id: a.id, name: 'Acacia College' }]);
  });
});
