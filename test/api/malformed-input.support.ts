/**
 * The malformed-input catalogue, shared by test/api/malformed-input*.e2e-spec.ts. Bad input is a 4xx, always: a catalogue of malformed bodies (deep nesting, NUL, nulls, wrong types,
 * huge strings and arrays, prototype keys, broken JSON, empty and non-object bodies) goes to every
 * POST/PUT/PATCH route of the OpenAPI document, and NUL/garbage query and path values to every route,
 * each signed in as a caller the route's prefix admits. Any 5xx fails, naming the route and payload.
 * Routes come from the document the app serves, so a new route is covered without editing these files.
 *
 * The catalogue is sent in SHARDS parts, one per test file, so that jest's workers share it (one file sent
 * the whole catalogue in about 3 minutes, the longest file of the API suite). Operation i of the document
 * (its (path, method) pairs in order, body routes and the others counted apart) goes to part i % SHARDS; the
 * parts together cover every operation.
 */
import { issuedDocumentsTable } from '../../apps/api/src/modules/letters/letters.table.js';
import { createTestApp, type TestApp } from '../support/app.js';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string; type?: string } }> };
}
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
};

const BODY_METHODS = ['post', 'put', 'patch'] as const;
/** How many test files share the catalogue. */
export const SHARDS = 3;
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** Whole-body payloads: raw JSON text sent with a JSON content type. */
const RAW_BODIES: [string, string][] = [
  ['deeply nested arrays (60 kB)', deepArray(30_000)],
  ['deeply nested objects', deepObject(10_000)],
  ['broken JSON', '{"title": '],
  [
    '__proto__ and constructor keys',
    '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
  ],
  ['a NUL in a key', '{"a\\u0000b": "x"}'],
  ['a top-level array', '[1, 2, 3]'],
  ['a top-level string', '"just a string"'],
  ['a top-level null', 'null'],
  ['an empty object', '{}'],
  ['an empty body', ''],
  ['a huge string (1.5 MB)', JSON.stringify({ title: 'x'.repeat(1_500_000) })],
  ['a huge array (200,000 items)', JSON.stringify({ ids: Array.from({ length: 200_000 }, (_, i) => i) })],
  ['a body over the 2 MB limit', JSON.stringify({ text: 'x'.repeat(2_500_000) })],
];

/** Per-field values, each sent alone in an otherwise empty object. */
const FIELD_VALUES: [string, unknown][] = [
  ['null', null],
  ['a NUL in a string', 'abc\u0000def'],
  ['an object', { nested: { deeper: true } }],
  ['an array of objects', [{}, { a: null }]],
  ['a large number', 1e300],
  ['a boolean', true],
  ['a long string (20 kB)', 'x'.repeat(20_000)],
  ['a long array (10,000 items)', Array.from({ length: 10_000 }, (_, i) => i)],
];

/**
 * Part `part` (0 … SHARDS - 1) of the catalogue; part 0 also runs the non-object body and deep/NUL checks,
 * which go over every route themselves.
 */
export function describeMalformedInput(part: number): void {
  describe(`malformed input never answers 5xx (part ${part + 1} of ${SHARDS})`, () => {
    let t: TestApp;
    let doc: OpenApi;
    const tokens: Record<string, string> = {};
    let sent = 0;
    const failures: string[] = [];

    beforeAll(async () => {
      t = await createTestApp();
      // Users 1 and 2 are the objects path ids point at (a payload that happens to be valid may lock or
      // reset them); the callers come after, so their sessions survive the catalogue.
      await t.user();
      await t.user();
      tokens.author = (await t.user()).token;
      tokens.reviewer = (await t.user({ roles: { reviewer: { is: true, tracks: [1], count: 0 } } })).token;
      tokens.cochair = (await t.user({ roles: { coChair: { is: true, tracks: [1] } } })).token;
      tokens.session = (await t.user({ roles: { sessionChair: { sessions: [1] } } })).token;
      tokens.chair = (await t.user({ roles: { chair: { is: true }, admin: { is: true } } })).token;
      const res = await t.http().get('/api/docs-json');
      expect(res.status).toBe(200);
      doc = res.body as OpenApi;
    });
    afterAll(async () => {
      await t.close();
    });

    /** The token a route's prefix admits; none for /api/auth (a real logout would end the session). */
    const tokenFor = (path: string): string | undefined => {
      const m = /^\/api\/(author|reviewer|chair|cochair|session|registered|utils)\b/.exec(path);
      if (!m) return undefined;
      return tokens[m[1] === 'registered' || m[1] === 'utils' ? 'chair' : m[1]!];
    };
    const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

    const fieldsOf = (op: Operation): string[] => {
      const json = op.requestBody?.content?.['application/json']?.schema;
      const ref = json?.$ref?.split('/').pop();
      const props = ref ? doc.components?.schemas?.[ref]?.properties : undefined;
      return Object.keys(props ?? {});
    };

    const record = (method: string, path: string, what: string, status: number, body: unknown) => {
      sent++;
      if (status >= 500)
        failures.push(`${method.toUpperCase()} ${path} with ${what}: ${status} ${JSON.stringify(body)}`);
    };

    const request = (method: string, url: string, token: string | undefined) => {
      let req = t.http()[method as 'post' | 'put' | 'patch' | 'get'](url);
      if (token) req = req.set('Authorization', `Bearer ${token}`);
      return req;
    };

    it('sends the catalogue to every POST/PUT/PATCH route and every GET route, with no 5xx', async () => {
      const operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
        Object.entries(ops).map(([method, op]) => [template, method, op] as const),
      );
      const totalBodyRoutes = operations.filter(([, m]) =>
        (BODY_METHODS as readonly string[]).includes(m),
      ).length;
      let bodyRoutes = 0;
      let getRoutes = 0;
      // body routes and the others are dealt out separately, so every part gets a third of each
      const dealt = { body: 0, other: 0 };
      for (const [template, method, op] of operations) {
        const kind = (BODY_METHODS as readonly string[]).includes(method) ? 'body' : 'other';
        if (dealt[kind]++ % SHARDS !== part) continue;
        {
          const token = tokenFor(template);
          const url = fill(template, '1');
          if ((BODY_METHODS as readonly string[]).includes(method)) {
            bodyRoutes++;
            for (const [what, raw] of RAW_BODIES) {
              const res = await request(method, url, token).set('Content-Type', 'application/json').send(raw);
              record(method, template, what, res.status, res.body);
            }
            for (const field of fieldsOf(op).concat(['unknownField'])) {
              for (const [what, value] of FIELD_VALUES) {
                const res = await request(method, url, token).send({ [field]: value });
                record(method, template, `${field}: ${what}`, res.status, res.body);
              }
            }
          } else if (method === 'get') {
            getRoutes++;
            const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
            for (const name of query.concat(['q'])) {
              for (const [what, value] of [
                ['NUL', '%00'],
                ['an array', '[]'],
                ['nested brackets', 'x&' + name + '[a][b][c]=1'],
                ['a huge value', 'y'.repeat(20_000)],
              ] as const) {
                const res = await request('get', `${url}?${name}=${value}`, token);
                record('get', template, `query ${name}: ${what}`, res.status, res.body);
              }
            }
          }
          if (template.includes('{')) {
            for (const [what, value] of [
              ['a NUL path parameter', '%00'],
              ['a garbage path parameter', '%E0%A4%A'],
              ['a huge path parameter', '9'.repeat(400)],
            ] as const) {
              const res = await request(
                method === 'delete' ? 'get' : method,
                fill(template, value),
                token,
              ).send({});
              record(method, template, what, res.status, res.body);
            }
          }
        }
      }
      console.log(
        `malformed input, part ${part + 1} of ${SHARDS}: ${sent} requests to ${bodyRoutes} POST/PUT/PATCH routes ` +
          `and ${getRoutes} GET routes (${RAW_BODIES.length} whole bodies + ${FIELD_VALUES.length} values per field), ` +
          `${failures.length} answered 5xx`,
      );
      expect(totalBodyRoutes).toBeGreaterThan(50);
      expect(bodyRoutes).toBe(Math.floor((totalBodyRoutes + SHARDS - 1 - part) / SHARDS));
      expect(failures).toEqual([]);
      // The callers' sessions survived the barrage, so the answers above were not all 401s.
      for (const token of Object.values(tokens))
        expect((await t.http().get('/api/author/users').set('Authorization', `Bearer ${token}`)).status).toBe(
          200,
        );
    }, 600_000);

    if (part !== 0) return;

    it('refuses a body that is not an object ([], [{}], a JSON string) on every route with 400, writing nothing', async () => {
      const documents = async () => (await t.db.select().from(issuedDocumentsTable)).length;
      const before = await documents();
      const refused: string[] = [];
      let routes = 0;
      for (const [template, ops] of Object.entries(doc.paths))
        for (const method of Object.keys(ops).filter((m) =>
          (BODY_METHODS as readonly string[]).includes(m),
        )) {
          routes++;
          for (const raw of ['[]', '[{}]', '"a JSON string"']) {
            const res = await request(method, fill(template, '1'), tokenFor(template))
              .set('Content-Type', 'application/json')
              .send(raw);
            if (res.status !== 400)
              refused.push(`${method.toUpperCase()} ${template} with ${raw}: ${res.status}`);
          }
        }
      expect(routes).toBeGreaterThan(50);
      expect(refused).toEqual([]);
      expect(await documents()).toBe(before);
      const res = await t
        .http()
        .post('/api/chair/papers/invoice/1')
        .set('Authorization', `Bearer ${tokens.chair}`)
        .send([]);
      expect(res.body).toMatchObject({
        code: 'request.invalid',
        message: 'The request body must be a JSON object',
      });
    });

    it('answers a deep body with a clear 400, a NUL with a clear 400 and changes nothing', async () => {
      const deep = await t
        .http()
        .post('/api/auth/signup')
        .set('Content-Type', 'application/json')
        .send(deepArray(30_000));
      expect(deep.status).toBe(400);
      expect(deep.body.message).toBe('The request body is nested too deeply (at most 32 levels)');
      const nul = await t
        .http()
        .put('/api/chair/users/1')
        .set('Authorization', `Bearer ${tokens.chair}`)
        .send({ firstName: 'Ana\u0000' });
      expect(nul.status).toBe(400);
      expect(nul.body.message).toBe('The request contains a NUL character, which is not allowed');
      const nulled = await t
        .http()
        .put('/api/chair/users/1')
        .set('Authorization', `Bearer ${tokens.chair}`)
        .send({ firstName: null });
      expect(nulled.status).toBe(400);
      const me = await t.http().get('/api/author/users').set('Authorization', `Bearer ${tokens.author}`);
      expect(me.body.firstName).not.toContain('\u0000');
    });
  });
}
