import { ANONYMISER_COOKIE, anonymisedNames } from '@banksia/contracts/rules/anonymiser';
import { describe, expect, it } from 'vitest';
import { createClass, createSchool, createStudent, createTeacher } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const ctx = useTestApp();

/** The anonymiser (spec §4) seen from the server: the teacher's cookie decides what every response names. */
describe('anonymizeStudentData cookie', () => {
  async function classWithStudents() {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school);
    const { user: teacher } = await createTeacher(ctx.db, school, [klass]);
    const zed = await createStudent(ctx.db, school, [klass], { firstName: 'Zed', lastName: 'Adams' });
    const amy = await createStudent(ctx.db, school, [klass], { firstName: 'Amy', lastName: 'Brown' });
    return { klass, teacher, zed, amy };
  }

  it('replaces every real name in class detail and classmates with the day’s pseudonyms, and only while set', async () => {
    const { klass, teacher, zed, amy } = await classWithStudents();
    const client = await ctx.client(teacher.id);
    const detail = `/api/v1/classes/${klass.id}/`;
    const classmates = `/api/v1/classes/${klass.id}/classmates/`;

    const named = await client.get(detail);
    expect(named.body).toContain('Zed');

    client.cookies[ANONYMISER_COOKIE] = '1';
    const hidden = await client.get(detail);
    const mates = await client.get(classmates);
    for (const body of [hidden.body, mates.body]) {
      for (const real of ['Zed', 'Adams', 'Amy', 'Brown']) expect(body).not.toContain(real);
    }
    const pseudonyms = anonymisedNames([zed.profile.id, amy.profile.id], ctx.clock.now());
    const zedName = pseudonyms.get(zed.profile.id)!;
    expect(hidden.json().enrolments).toContainEqual(
      expect.objectContaining({
        profile: expect.objectContaining({
          id: zed.profile.id,
          first_name: zedName.firstName,
          last_name: zedName.lastName,
          name: zedName.fullName,
        }),
      }),
    );
    // Adjective and animal share a first letter (spec §4).
    expect(zedName.firstName[0]).toBe(zedName.lastName[0]);
    // Classmates come in pseudonym order, so the list's order gives nobody away.
    const shown = (mates.json() as { display_name: string }[]).map((m) => m.display_name);
    expect(shown).toEqual(
      [...shown].sort((a, b) => a.split(' ').reverse().join(' ').localeCompare(b.split(' ').reverse().join(' '))),
    );

    delete client.cookies[ANONYMISER_COOKIE];
    expect((await client.get(detail)).body).toContain('Zed');
  });

  it('gives other pseudonyms the next day', async () => {
    const { klass, teacher, zed } = await classWithStudents();
    const nameOf = async () => {
      // A new sign-in each day: sessions end long before a week is out.
      const client = await ctx.client(teacher.id);
      client.cookies[ANONYMISER_COOKIE] = '1';
      const detail = (await client.get(`/api/v1/classes/${klass.id}/`)).json() as {
        enrolments: { profile: { id: number; name: string } }[];
      };
      return detail.enrolments.find((e) => e.profile.id === zed.profile.id)!.profile.name;
    };
    const today = await nameOf();
    ctx.clock.advance(60 * 60 * 1000);
    expect(await nameOf()).toBe(today);
    // Over a week of days, the name changes (a single day may repeat a pseudonym by chance).
    const days: string[] = [];
    for (let day = 0; day < 7; day += 1) {
      ctx.clock.advance(86_400_000);
      days.push(await nameOf());
    }
    expect(new Set([today, ...days]).size).toBeGreaterThan(3);
  });

  it('ignores any other cookie value', async () => {
    const { klass, teacher } = await classWithStudents();
    const client = await ctx.client(teacher.id);
    client.cookies[ANONYMISER_COOKIE] = 'no';
    expect((await client.get(`/api/v1/classes/${klass.id}/`)).body).toContain('Zed');
  });
});
