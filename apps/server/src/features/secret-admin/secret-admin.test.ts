import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, auditLog, exams, lessons, schoolClasses, sections } from '../../db/schema/index';
import {
  createAttachment,
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createUser,
  createExamWithQuestions,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';

const ctx = useTestApp();

let staff: TestClient;
let staffId: number;
let teacher: TestClient;
let student: TestClient;
let ids: {
  course: number;
  lesson: number;
  exam: number;
  klass: number;
  school: number;
  sectionNode: number;
  section: number;
  attachmentNode: number;
  lessonNode: number;
  activity: number;
};

/** A urlencoded form body, as a browser posts it. */
function form(fields: Record<string, string | number | undefined>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, String(v));
  return { payload: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** Posts a form the way a browser does: the token in the `_csrf` field, no X-CSRFToken header. */
async function postForm(client: TestClient, url: string, fields: Record<string, string | number | undefined>) {
  const { payload, headers } = form({ _csrf: client.cookies.csrftoken, ...fields });
  return client.request({ method: 'POST', url, payload, headers: { ...headers, 'x-csrftoken': '' } });
}

async function auditRows(entityType: string, entityId: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))));
}

beforeAll(async () => {
  const course = await createCourse(ctx.db, { title: 'Secret Maths' });
  const school = await createSchool(ctx.db, { name: 'Acacia High' });
  const klass = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT1', calendarYear: 2026 });
  const teacherRow = await createTeacher(ctx.db, school, [klass]);
  const studentRow = await createStudent(ctx.db, school, [klass]);
  const topic = await createSection(ctx.db, course);
  const { lesson, node: lessonNode } = await createLesson(ctx.db, course, { title: 'Fractions of a whole' });
  await createLesson(ctx.db, course, { title: 'Decimals' });
  const { exam } = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'Term 1 test', isPublished: false },
    questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
  });
  const { node: attachmentNode } = await createAttachment(ctx.db, course, { title: 'Worksheet A' });
  const [activity] = await ctx.db
    .insert(activities)
    .values({ title: 'Sorting shapes', courseId: course.id, blocks: [], updatedAt: new Date() })
    .returning();
  const staffUser = await createUser(ctx.db, { roles: ['content_admin'], firstName: 'Sam', lastName: 'Staff' });
  staffId = staffUser.id;
  staff = await ctx.client(staffUser.id);
  teacher = await ctx.client(teacherRow.user.id);
  student = await ctx.client(studentRow.user.id);
  ids = {
    course: course.id,
    lesson: lesson.id,
    exam: exam.id,
    klass: klass.id,
    school: school.id,
    sectionNode: topic.node.id,
    section: topic.section.id,
    attachmentNode: attachmentNode.id,
    lessonNode: lessonNode.id,
    activity: activity!.id,
  };
});

describe('/secret/ access', () => {
  it('shows content staff the index with a section per model', async () => {
    const response = await staff.get('/secret/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    for (const name of ['Exams', 'School classes', 'Lessons', 'Branches', 'Activities']) {
      expect(response.body).toContain(`>${name}</a>`);
    }
    // No script at all: the pages work without JavaScript and under the strict CSP.
    expect(response.body).not.toMatch(/<script/i);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each(['/secret/', '/secret/lessons/', `/secret/lessons/1/`])(
    'refuses teachers and students %s with a 403 page',
    async (url) => {
      for (const client of [teacher, student]) {
        const response = await client.get(url.replace('/1/', `/${ids.lesson}/`));
        expect(response.statusCode).toBe(403);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toContain('What are you doing here?');
      }
    },
  );

  it('sends a signed-out visitor to sign in, coming back afterwards', async () => {
    const anonymous = await ctx.client();
    const response = await anonymous.get('/secret/lessons/?q=frac');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/account/?next=${encodeURIComponent('/secret/lessons/?q=frac')}`);
  });

  it('refuses a teacher posting a form', async () => {
    const response = await postForm(teacher, `/secret/lessons/${ids.lesson}/`, { title: 'Hacked', version: 1 });
    expect(response.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(lessons).where(eq(lessons.id, ids.lesson));
    expect(row!.title).not.toBe('Hacked');
  });

  it('answers an unknown record or a bad id with a not-found page', async () => {
    for (const url of ['/secret/lessons/999999/', '/secret/lessons/abc/']) {
      const response = await staff.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('We can&#39;t find the resources you&#39;re looking for');
    }
  });
});

describe('CSRF on the forms', () => {
  it('refuses a form without the token (403) and changes nothing', async () => {
    const response = await staff.request({
      method: 'POST',
      url: `/secret/lessons/${ids.lesson}/`,
      ...form({ title: 'No token', version: 1 }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': '' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('CSRF Failed: CSRF token missing.');
    const [row] = await ctx.db.select().from(lessons).where(eq(lessons.id, ids.lesson));
    expect(row!.title).toBe('Fractions of a whole');
  });

  it('refuses a token of another session', async () => {
    const other = await ctx.client(staffId);
    // The staff client's own token passes the check (the empty title is then refused, 400).
    const own = await postForm(staff, `/secret/lessons/${ids.lesson}/`, { title: '', version: 1 });
    expect(own.statusCode).toBe(400);
    const forged = await other.request({
      method: 'POST',
      url: `/secret/lessons/${ids.lesson}/`,
      ...form({ _csrf: staff.cookies.csrftoken, title: 'Forged', version: 1 }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': '' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('CSRF Failed: CSRF token incorrect.');
  });

  it('the JSON API takes the token from the header only, never from a body field', async () => {
    const response = await staff.request({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      payload: { _csrf: staff.cookies.csrftoken },
      headers: { 'x-csrftoken': '' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('CSRF Failed: CSRF token missing.');
  });
});

describe('lessons', () => {
  it('lists, searches and filters', async () => {
    const all = await staff.get(`/secret/lessons/?course=${ids.course}`);
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('Fractions of a whole');
    expect(all.body).toContain('Decimals');
    const found = await staff.get(`/secret/lessons/?q=fraction&course=${ids.course}`);
    expect(found.body).toContain('Fractions of a whole');
    expect(found.body).not.toContain('Decimals');
    expect(found.body).toContain('1 lesson matches.');
    const byId = await staff.get(`/secret/lessons/?q=%23${ids.lesson}`);
    expect(byId.body).toContain('Fractions of a whole');
    const unpublished = await staff.get(`/secret/lessons/?course=${ids.course}&published=no`);
    expect(unpublished.body).not.toContain('Fractions of a whole');
  });

  it('saves the title through the lesson service, audited, and shows it in the history', async () => {
    const detail = await staff.get(`/secret/lessons/${ids.lesson}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('name="_csrf"');
    const [before] = await ctx.db.select().from(lessons).where(eq(lessons.id, ids.lesson));
    const response = await postForm(staff, `/secret/lessons/${ids.lesson}/`, {
      version: before!.version,
      title: 'Fractions, parts of a whole',
      is_published: 'on',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/secret/lessons/${ids.lesson}/?saved=1`);
    const [after] = await ctx.db.select().from(lessons).where(eq(lessons.id, ids.lesson));
    expect(after).toMatchObject({ title: 'Fractions, parts of a whole', isPublished: true, isPremium: false });
    const audits = await auditRows('lesson', ids.lesson);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: staffId, action: 'update_lesson' });
    expect(audits[0]!.before).toMatchObject({ title: 'Fractions of a whole' });
    expect(audits[0]!.after).toMatchObject({ title: 'Fractions, parts of a whole' });

    const page = await staff.get(response.headers.location as string);
    expect(page.body).toContain('Saved.');
    expect(page.body).toContain('<del>Fractions of a whole</del> → <ins>Fractions, parts of a whole</ins>');
    expect(page.body).toContain('Sam Staff');
  });

  it('answers bad input with a 400 page naming the field, keeping what was typed', async () => {
    const [row] = await ctx.db.select().from(lessons).where(eq(lessons.id, ids.lesson));
    const response = await postForm(staff, `/secret/lessons/${ids.lesson}/`, {
      version: row!.version,
      title: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<a href="#field-title">Title</a>: This field may not be blank.');
    expect(response.body).toContain('id="field-title-error"');
    expect(response.body).toContain('aria-invalid="true"');
    const [unchanged] = await ctx.db.select().from(lessons).where(eq(lessons.id, ids.lesson));
    expect(unchanged!.title).toBe(row!.title);
  });

  it('answers an edit made on an old version with 409, writing nothing', async () => {
    const response = await postForm(staff, `/secret/lessons/${ids.lesson}/`, { version: 1, title: 'Stale' });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('Your changes were not saved.');
    const [row] = await ctx.db.select().from(lessons).where(eq(lessons.id, ids.lesson));
    expect(row!.title).not.toBe('Stale');
  });

  it('escapes what it prints', async () => {
    const { lesson } = await createLesson(ctx.db, { id: ids.course }, { title: '<img src=x onerror=alert(1)>' });
    const response = await staff.get(`/secret/lessons/${lesson.id}/`);
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('exams', () => {
  it('lists and searches', async () => {
    const response = await staff.get(`/secret/exams/?q=term%201&kind=exam`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Term 1 test');
  });

  it('saves the details and publishes in one go, through the exam authoring service', async () => {
    const detail = await staff.get(`/secret/exams/${ids.exam}/`);
    const revision = /name="revision" value="([^"]+)"/.exec(detail.body)![1]!;
    const response = await postForm(staff, `/secret/exams/${ids.exam}/`, {
      revision: revision.replaceAll('&#34;', '"').replaceAll('&quot;', '"'),
      title: 'Term 1 test (revised)',
      is_published: 'on',
      is_submittable: 'on',
      time_limit_minutes: '45',
      additional_materials: 'A calculator',
    });
    expect(response.statusCode).toBe(303);
    const [row] = await ctx.db.select().from(exams).where(eq(exams.id, ids.exam));
    expect(row).toMatchObject({
      title: 'Term 1 test (revised)',
      isPublished: true,
      timeLimitMinutes: 45,
      additionalMaterials: 'A calculator',
    });
    const actions = (await auditRows('exam', ids.exam)).map((a) => a.action).sort();
    expect(actions).toEqual(['exam.publish', 'exam.update']);
  });

  it('names the time limit when it is not a number', async () => {
    const detail = await staff.get(`/secret/exams/${ids.exam}/`);
    const revision = /name="revision" value="([^"]+)"/.exec(detail.body)![1]!;
    const response = await postForm(staff, `/secret/exams/${ids.exam}/`, {
      revision,
      title: 'Term 1 test',
      time_limit_minutes: 'soon',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<a href="#field-time_limit_minutes">Time limit (minutes)</a>');
  });
});

describe('school classes', () => {
  it('lists with the school filter and search by school name', async () => {
    const response = await staff.get(`/secret/school-classes/?school=${ids.school}&q=acacia`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('9MAT1');
  });

  it('saves the title and expiry date, audited with the school', async () => {
    const response = await postForm(staff, `/secret/school-classes/${ids.klass}/`, {
      title: '9MAT1 (Term 2)',
      expiration_date: '2026-12-18',
    });
    expect(response.statusCode).toBe(303);
    const [row] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.id, ids.klass));
    expect(row).toMatchObject({ title: '9MAT1 (Term 2)', expirationDate: '2026-12-18', courseId: ids.course });
    const [entry] = await auditRows('school_class', ids.klass);
    expect(entry).toMatchObject({ action: 'update_class', schoolId: ids.school, actorUserId: staffId });
  });

  it('names a bad date', async () => {
    const response = await postForm(staff, `/secret/school-classes/${ids.klass}/`, {
      title: '9MAT1',
      expiration_date: '31/02/2026',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('<a href="#field-expiration_date">Expires on</a>');
  });
});

describe('branches', () => {
  it('lists the tree nodes with their titles, filtered by type', async () => {
    const response = await staff.get(`/secret/branches/?course=${ids.course}&type=attachment`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Worksheet A');
    expect(response.body).not.toContain('Decimals');
  });

  it('renames and publishes a topic through the course authoring service', async () => {
    const detail = await staff.get(`/secret/branches/${ids.sectionNode}/`);
    const version = /name="version" value="(\d+)"/.exec(detail.body)![1]!;
    const response = await postForm(staff, `/secret/branches/${ids.sectionNode}/`, {
      version,
      title: 'Number',
      is_published: 'on',
    });
    expect(response.statusCode).toBe(303);
    const [row] = await ctx.db.select().from(sections).where(eq(sections.id, ids.section));
    expect(row).toMatchObject({ title: 'Number', isPublished: true });
    expect(await auditRows('section', ids.section)).toHaveLength(1);
    const page = await staff.get(`/secret/branches/${ids.sectionNode}/`);
    expect(page.body).toContain('<ins>Number</ins>');
  });

  it('edits an attachment branch, and sends a lesson branch to the lessons section', async () => {
    const detail = await staff.get(`/secret/branches/${ids.attachmentNode}/`);
    const version = /name="version" value="(\d+)"/.exec(detail.body)![1]!;
    const saved = await postForm(staff, `/secret/branches/${ids.attachmentNode}/`, {
      version,
      title: 'Worksheet A (answers)',
      is_premium: 'on',
    });
    expect(saved.statusCode).toBe(303);
    const lessonBranch = await staff.get(`/secret/branches/${ids.lessonNode}/`);
    expect(lessonBranch.body).toContain(`href="/secret/lessons/${ids.lesson}/"`);
    expect(lessonBranch.body).not.toContain('name="_csrf"');
    const refused = await postForm(staff, `/secret/branches/${ids.lessonNode}/`, { title: 'x' });
    expect(refused.statusCode).toBe(400);
  });
});

describe('activities', () => {
  it('lists, searches and renames through the activities service', async () => {
    const list = await staff.get(`/secret/activities/?q=sorting&course=${ids.course}`);
    expect(list.body).toContain('Sorting shapes');
    const response = await postForm(staff, `/secret/activities/${ids.activity}/`, {
      version: 1,
      title: 'Sorting 2D shapes',
    });
    expect(response.statusCode).toBe(303);
    const [row] = await ctx.db.select().from(activities).where(eq(activities.id, ids.activity));
    expect(row!.title).toBe('Sorting 2D shapes');
    const [entry] = await auditRows('activity', ids.activity);
    expect(entry).toMatchObject({ action: 'activity.update', actorUserId: staffId });
  });

  it('names an empty title', async () => {
    const response = await postForm(staff, `/secret/activities/${ids.activity}/`, { version: 2, title: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<a href="#field-title">Title</a>');
  });
});

describe('bad input never causes a server error', () => {
  const sections = ['exams', 'school-classes', 'lessons', 'branches', 'activities'];

  it.each(sections)('%s: odd queries, ids and bodies are 4xx pages or empty lists', async (slug) => {
    const NUL = String.fromCharCode(0);
    const queries = [
      '?page=-1',
      '?page=99999&q=x',
      '?page=abc',
      `?q=${'%'.repeat(300)}`,
      '?q=%25_%5C',
      '?course=abc&school=-1&year=1e9&type=zzz&kind=zzz&published=maybe',
      `?q=a${encodeURIComponent(NUL)}b`,
    ];
    for (const query of queries) {
      const response = await staff.get(`/secret/${slug}/${query}`);
      expect(response.statusCode, `${slug} ${query}`).toBeLessThan(500);
    }
    for (const id of ['0', '-1', '2147483648', '1.5', 'abc', '99999999999999999999']) {
      const page = await staff.get(`/secret/${slug}/${id}/`);
      expect(page.statusCode, `${slug} ${id}`).toBe(404);
      const post = await postForm(staff, `/secret/${slug}/${id}/`, { title: 'x' });
      expect(post.statusCode, `POST ${slug} ${id}`).toBe(404);
    }
    const id = { exams: ids.exam, 'school-classes': ids.klass, lessons: ids.lesson, branches: ids.sectionNode }[slug];
    const url = `/secret/${slug}/${id ?? ids.activity}/`;
    for (const fields of [{}, { title: 'x'.repeat(5000), version: '99999999999', revision: '' }]) {
      const response = await postForm(staff, url, fields);
      expect(response.statusCode, `${url} ${JSON.stringify(fields).slice(0, 50)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const json = await staff.request({ method: 'POST', url, payload: { title: ['x'], version: { a: 1 } } });
    expect(json.statusCode).toBe(400);
  });
});
