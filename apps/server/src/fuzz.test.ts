import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createClass,
  createLesson,
  createSection,
  createStudent,
  createTeacher,
  createUser,
  createExamWithQuestions,
} from '../test/factories';
import { useTestApp } from '../test/harness';

/**
 * Bad input over every route: huge, negative, fractional and non-numeric ids in the path; NUL characters, out of
 * range numbers and wrong types in every body field the OpenAPI document describes; malformed multipart bodies.
 * Whoever asks (signed out, student, teacher, staff), the answer is never a 5xx. The probes are a fixed list, so a
 * failure always reproduces.
 */
const ctx = useTestApp();

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  format?: string;
  minimum?: number;
  minLength?: number;
  additionalProperties?: boolean | JsonSchema;
};
type Mode = 'nul' | 'huge' | 'plain';

interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const actors = ['anonymous', 'student', 'teacher', 'staff'] as const;
const ID_PROBES = ['2147483648', '99999999999999999999', '-1', '1.5', 'abc', '%00', '1e3', '0x10'];
/** Probes that are no id at all: a 400 for them must name the parameter. */
const NOT_AN_ID = ['2147483648', '99999999999999999999', '-1', '1.5', 'abc'];
const NUL = 'a\u0000b';

let users: Record<(typeof actors)[number], number | undefined>;
let ids: Record<string, string>;
let doc: OpenApi;

beforeAll(async () => {
  const { createSchool } = await import('../test/factories');
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school);
  const teacher = await createTeacher(ctx.db, school, [klass], { roles: ['teacher', 'school_admin'] });
  const student = await createStudent(ctx.db, school, [klass]);
  const staff = await createUser(ctx.db, { roles: ['content_admin', 'roster_admin', 'payments_admin'] });
  const { lesson, chunks } = await createLesson(ctx.db, { id: klass.courseId });
  const topic = await createSection(ctx.db, { id: klass.courseId });
  const { exam, questions } = await createExamWithQuestions(
    ctx.db,
    { id: klass.courseId },
    { questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }] },
  );
  users = { anonymous: undefined, student: student.user.id, teacher: teacher.user.id, staff: staff.id };
  ids = {
    classId: String(klass.id),
    userId: String(student.user.id),
    courseId: String(klass.courseId),
    lessonId: String(lesson.id),
    chunkId: String(chunks[0]!.id),
    profileId: String(student.profile.id),
    schoolId: String(school.id),
    schoolSlug: school.slug,
    examId: String(exam.id),
    questionId: String(questions[0]!.id),
    topicId: String(topic.section.id),
  };
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
});

/** The route's URL with each parameter filled from the fixture (1 for ids it has none of). */
function fill(url: string, override?: [string, string]): string {
  return url.replace(/:(\w+)/g, (_, name: string) =>
    override && override[0] === name ? override[1] : (ids[name] ?? (name.endsWith('Id') ? '1' : 'x')),
  );
}

function resolve(schema: JsonSchema | undefined, depth: number): JsonSchema {
  if (!schema) return {};
  if (schema.$ref && depth < 6) {
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc.components?.schemas?.[name], depth + 1);
  }
  return schema;
}

/** A body shaped like the schema, with every string carrying NUL (or every number out of PostgreSQL's range). */
function sample(raw: JsonSchema | undefined, mode: Mode, depth = 0): unknown {
  const schema = resolve(raw, depth);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (option) return sample(option, mode, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, mode, depth + 1);
      return out;
    }
    case 'array':
      return [sample(schema.items, mode, depth + 1)];
    case 'string':
      if (mode !== 'nul') return schema.format === 'email' ? 'someone@example.test' : 'text';
      return schema.format === 'email' ? 'some\u0000one@example.test' : NUL;
    case 'integer':
    case 'number':
      return mode === 'huge' ? 2147483648 : Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return mode === 'nul' ? NUL : 1;
  }
}

function bodySchema(method: string, url: string): { schema: JsonSchema | undefined; multipart: boolean } {
  const openApiPath = url.replace(/:(\w+)/g, '{$1}');
  const content = doc.paths[openApiPath]?.[method.toLowerCase()]?.requestBody?.content ?? {};
  return { schema: content['application/json']?.schema, multipart: 'multipart/form-data' in content };
}

const MALFORMED_MULTIPART: { payload: string | Buffer; headers: Record<string, string> }[] = [
  { payload: 'not multipart at all', headers: { 'content-type': 'multipart/form-data; boundary=xyz' } },
  {
    payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nPDF',
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
  },
  { payload: '--xyz--\r\n', headers: { 'content-type': 'multipart/form-data' } },
  {
    payload: `--xyz\r\nContent-Disposition: form-data; name="assetId"\r\n\r\n${NUL}\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="${NUL}.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--xyz--\r\n`,
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
  },
  {
    payload: `--xyz\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--xyz--\r\n`,
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
  },
];

const WRONG_BODIES: unknown[] = [[], 'a string', 12, { a: { b: { c: [NUL, -1, 1e308] } } }];

/** Parameters that are opaque tokens rather than numbers (a long digit string is a well-formed one). */
const TOKEN_PARAMS = ['uploadId'];

function routes() {
  const seen = new Set<string>();
  return ctx.app.routeTable.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (r.method === 'HEAD' || r.method === 'OPTIONS' || seen.has(key) || !r.url.startsWith('/api/v1/')) return false;
    seen.add(key);
    return true;
  });
}

describe('bad input never causes a server error', () => {
  it('ids out of range or not numbers, in every route parameter, as every actor', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((p) => p !== 'schoolSlug');
      for (const actor of actors) {
        const client = await ctx.client(users[actor]);
        for (const param of params) {
          for (const probe of ID_PROBES) {
            const url = fill(route.url, [param, probe]);
            const { schema } = bodySchema(route.method, route.url);
            const response = await client.request({
              method: route.method as 'GET',
              url,
              ...(route.method === 'GET' || route.method === 'DELETE'
                ? {}
                : { payload: sample(schema, 'plain') as object }),
            });
            if (response.statusCode >= 500) failures.push(`${route.method} ${url} as ${actor}: ${response.statusCode}`);
            else if (
              response.statusCode === 400 &&
              NOT_AN_ID.includes(probe) &&
              /Id$/.test(param) &&
              !TOKEN_PARAMS.includes(param)
            ) {
              const fields = Object.keys((response.json() as { errors?: object }).errors ?? {});
              if (!fields.includes(param)) failures.push(`${route.method} ${url} as ${actor}: 400 on ${fields.join()}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('NUL characters, numbers beyond PostgreSQL integers and wrong types in every body, as every actor', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      const { schema, multipart } = bodySchema(route.method, route.url);
      if (multipart) continue;
      for (const actor of actors) {
        const bodies = [sample(schema, 'nul'), sample(schema, 'huge'), ...WRONG_BODIES];
        for (const body of bodies) {
          const client = await ctx.client(users[actor]);
          const response = await client.request({
            method: route.method as 'POST',
            url: fill(route.url),
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          if (response.statusCode >= 500) {
            failures.push(
              `${route.method} ${route.url} as ${actor} with ${JSON.stringify(body).slice(0, 80)}: ${response.statusCode}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('NUL in text is a 400 naming the field, and nothing is stored', async () => {
    const client = await ctx.client();
    const response = await client.post('/api/v1/support/requests/', {
      email: 'parent@example.test',
      message: `Help ${NUL}`,
      page: '/',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain('message');
  });

  it('malformed multipart bodies on every upload route are a 400, and leave no file behind', async () => {
    const failures: string[] = [];
    const uploads = routes().filter((r) => bodySchema(r.method, r.url).multipart || /upload|asset/.test(r.url));
    expect(uploads.length).toBeGreaterThan(0);
    const before = listFiles(ctx.config.dataDir);
    for (const route of uploads) {
      if (route.method === 'GET') continue;
      for (const actor of actors) {
        for (const body of MALFORMED_MULTIPART) {
          const client = await ctx.client(users[actor]);
          const response = await client.request({ method: route.method as 'POST', url: fill(route.url), ...body });
          if (response.statusCode >= 500)
            failures.push(`${route.method} ${route.url} as ${actor}: ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(listFiles(ctx.config.dataDir)).toEqual(before);
  });
});

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
}
