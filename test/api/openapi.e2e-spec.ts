/**
 * The OpenAPI document (/api/docs-json) describes what clients must send and what they get back: no
 * request body and no 2xx answer is an untyped object, the status codes are the ones the routes answer,
 * and a client generated from the document (openapi-typescript) type-checks calls against it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createTestApp, type TestApp } from '../support/app.js';

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
}
type Content = Record<string, { schema?: Schema }>;
interface Operation {
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.http().get('/api/docs-json');
    expect(res.status).toBe(200);
    doc = res.body as OpenApi;
  });
  afterAll(async () => {
    await t.close();
  });

  const resolve = (s: Schema): Schema => {
    const name = s.$ref?.split('/').pop();
    return name ? (doc.components?.schemas?.[name] ?? {}) : s;
  };
  /** Why a schema says nothing about its value (an object without properties, no schema at all), or null. */
  const untyped = (s: Schema | undefined, seen = new Set<string>()): string | null => {
    if (!s) return 'no schema';
    if (s.$ref) {
      if (seen.has(s.$ref)) return null;
      if (!doc.components?.schemas?.[s.$ref.split('/').pop()!]) return `missing ${s.$ref}`;
      return untyped(resolve(s), new Set([...seen, s.$ref]));
    }
    const parts = s.oneOf ?? s.anyOf ?? s.allOf;
    if (parts) return parts.map((p) => untyped(p, seen)).find((r) => r !== null) ?? null;
    if (s.type === 'array') return s.items ? untyped(s.items, seen) : 'an array of anything';
    if (s.type === 'object' || s.type === undefined) {
      const extra = s.additionalProperties;
      if (s.properties && Object.keys(s.properties).length > 0) {
        // every field typed too: a field that is an untyped object (or has no schema) says nothing either
        for (const [field, f] of Object.entries(s.properties)) {
          const why = untyped(f, seen);
          if (why) return `${field}: ${why}`;
        }
        return null;
      }
      if (typeof extra === 'object') return untyped(extra, seen);
      return 'an untyped object';
    }
    return null;
  };
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it('types every request body', () => {
    const problems = operations().flatMap(({ name, op }) =>
      Object.entries(op.requestBody?.content ?? {}).flatMap(([type, c]) => {
        const why = untyped(c.schema);
        return why ? [`${name} (${type}): ${why}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('types every 2xx answer', () => {
    const problems = operations().flatMap(({ name, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([code]) => /^2\d\d$/.test(code) && code !== '204')
        .flatMap(([code, answer]) => {
          const why = answer.content
            ? Object.values(answer.content)
                .map((c) => untyped(c.schema))
                .find((r) => r !== null)
            : 'no content';
          return why ? [`${name} ${code}: ${why}`] : [];
        }),
    );
    expect(problems.filter((p) => !FREE_FORM.includes(p))).toEqual([]);
  });

  it('documents a send: the idempotency key is required, a list answers 200 and a send 201', () => {
    const send = doc.paths['/api/chair/users/sendEmailstoUsers']!.post!;
    const sendBody = resolve(send.requestBody!.content!['application/json']!.schema!);
    expect(sendBody.required).toEqual(expect.arrayContaining(['recipients', 'idempotencyKey']));
    expect(Object.keys(send.responses!)).toEqual(['200']);

    const preview = doc.paths['/api/cochair/mail/preview']!.post!;
    const previewBody = resolve(preview.requestBody!.content!['application/json']!.schema!);
    expect(Object.keys(previewBody.properties!)).toEqual(
      expect.arrayContaining(['recipients', 'subject', 'text', 'exclude', 'cp', 'pg']),
    );
    expect(
      resolve(preview.responses!['200']!.content!['application/json']!.schema!).properties,
    ).toHaveProperty('page');

    const listOrSend = doc.paths['/api/chair/mail']!.post!;
    const bodies = listOrSend.requestBody!.content!['application/json']!.schema!.oneOf!.map(resolve);
    expect(bodies.map((b) => b.required ?? [])).toContainEqual(
      expect.arrayContaining(['recipients', 'idempotencyKey']),
    );
    expect(listOrSend.responses!['200']!.content!['application/json']!.schema!.type).toBe('array');
    expect(
      resolve(listOrSend.responses!['201']!.content!['application/json']!.schema!).properties,
    ).toHaveProperty('sendId');
  });

  it('generates a typed client whose calls type-check against the routes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'symposium-openapi-'));
    try {
      const ast = await openapiTS(doc as never);
      writeFileSync(join(dir, 'api.d.ts'), astToString(ast));
      writeFileSync(join(dir, 'client.ts'), CLIENT);
      const program = ts.createProgram([join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: false,
        types: [],
        lib: ['lib.es2022.d.ts'],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A small typed client over the generated `paths`, and calls to a few routes of each module. Each answer is
 * used through its fields, so an untyped answer (unknown) fails to compile; the @ts-expect-error lines fail
 * (unused directive) when a body type is not real.
 */
const CLIENT = `
import type { paths } from './api';

type Json<C> = C extends { content: { 'application/json': infer B } } ? B : never;
type BodyOf<O> = O extends { requestBody: infer R } ? Json<R> : O extends { requestBody?: infer R } ? Json<R> | undefined : undefined;
type AnswerOf<O> = O extends { responses: infer R }
  ? { [K in keyof R]: K extends 200 | 201 | 202 ? Json<R[K]> : never }[keyof R]
  : never;
type Method<P extends keyof paths> = { [M in keyof paths[P]]: paths[P][M] extends undefined | never ? never : M }[keyof paths[P]] & ('get' | 'post' | 'put' | 'patch' | 'delete');

declare function call<P extends keyof paths, M extends Method<P>>(
  method: M,
  path: P,
  body: BodyOf<paths[P][M]>,
): Promise<AnswerOf<paths[P][M]>>;

export async function calls(): Promise<unknown[]> {
  const out: unknown[] = [];
  // mail
  const preview = await call('post', '/api/chair/mail/preview', {
    recipients: { kind: 'papers', who: 'authors', ids: [1, 2] },
    emailId: 3,
    exclude: ['4:1'],
    cp: 1,
    pg: 20,
  });
  const firstKey: string | undefined = preview.page[0]?.key;
  const skipped: number = preview.skipped.length + preview.count;
  out.push(firstKey, skipped);
  const sent = await call('post', '/api/cochair/users/sendEmailstoUsers', {
    recipients: { kind: 'users', ids: [7] },
    subject: 'Hello',
    text: 'Dear {{recipient.firstName}}',
    idempotencyKey: 'compose-1',
  });
  const repeated: boolean = sent.repeated;
  out.push(repeated, sent.sendId + sent.count);
  // @ts-expect-error a send needs its idempotency key
  out.push(await call('post', '/api/chair/users/sendEmailstoUsers', { recipients: { kind: 'users' } }));
  // @ts-expect-error the page of a preview is a number
  out.push(await call('post', '/api/chair/mail/preview', { recipients: { kind: 'users' }, cp: 'first' }));
  const history = await call('post', '/api/chair/mail', { cp: 1, pg: 100, filter: { state: 'failed' } });
  if (Array.isArray(history)) out.push(history.map((m) => m.state + m.to.join(',')));
  else out.push(history.sendId);
  // programme
  const room = await call('post', '/api/chair/rooms', { name: 'Aula Magna', capacity: 300 });
  const rooms = await call('get', '/api/chair/rooms', undefined);
  out.push(room._id, rooms.map((r) => r.name + (r.capacity ?? 0)));
  // @ts-expect-error a capacity is a number
  out.push(await call('post', '/api/chair/rooms', { name: 'Hall', capacity: 'large' }));
  // tracks (statuses)
  const status = await call('post', '/api/chair/status', { text: 'Accept', isAccepted: true });
  const statuses = await call('get', '/api/cochair/status', undefined);
  out.push(status.isDefault, statuses.map((st) => st.text));
  // jobs (reminders)
  const rules = await call('get', '/api/chair/reminders', undefined);
  out.push(rules.map((r) => r.kind + r.offsets.join(',') + String(r.lastRunAt)));
  const paused = await call('post', '/api/chair/reminders/{ruleId}/pause', undefined);
  out.push(paused.message.length);
  const rule = await call('post', '/api/chair/reminders', { name: 'Camera ready', kind: 'cameraReadyNotSubmitted', offsets: [7], templateId: 1, sendHour: 9, recipients: 'primary' });
  out.push(rule.sendHour + rule.recipients);
  const dry = await call('post', '/api/chair/reminders/{ruleId}/dry-run', undefined);
  out.push(dry.toSend + dry.candidates.length, dry.closedTracks.map((t) => t.trackName + t.message));
  const runs = await call('get', '/api/chair/reminders/{ruleId}/history', undefined);
  out.push(runs.map((r) => r.trigger + r.queued));
  // @ts-expect-error a send hour is a number
  out.push(await call('post', '/api/chair/reminders', { name: 'x', kind: 'notRegistered', offsets: [1], templateId: 1, sendHour: 'nine' }));
  // mail (templates, settings)
  const template = await call('post', '/api/chair/emailTemplate', { subject: 'Decision', text: 'Dear {{recipient.firstName}}' });
  const templates = await call('get', '/api/cochair/emailTemplate', undefined);
  const settings = await call('get', '/api/cochair/emailSettings', undefined);
  out.push(template.position, templates.map((x) => x.subject), settings.bcc.concat(settings.cc));
  // programme (days)
  const days = await call('get', '/api/chair/days', undefined);
  out.push(days.flatMap((d) => d.events.map((e) => d.date + e.type + e.start)));
  // letters (verification)
  const verified = await call('get', '/api/verify/{code}', undefined);
  out.push(verified.revoked ? verified.revokeReason : verified.kind + verified.sha256);
  // health
  const health = await call('get', '/api/health', undefined);
  out.push(health.status === 'ok' ? health.latencyMs : health.checkedAt);
  // activity
  const activity = await call('post', '/api/chair/activity', { cp: 1, pg: 100 });
  out.push(activity.count, activity.data.map((e) => e.actor?.email ?? e.action));
  // papers
  const mine = await call('get', '/api/author/papers', undefined);
  out.push(mine.map((p) => p.title + (p.cameraReady.files.pdf?.name ?? '') + String(p.actions.canEdit)));
  const page = await call('post', '/api/chair/papers', { cp: 1, pg: 100 });
  out.push(page.count, page.data.map((p) => p.trackName + (p.statusText ?? '') + (p.registration?.id ?? '')));
  // conference
  const conference = await call('get', '/api/author/conference', undefined);
  const utils = await call('get', '/api/utils', undefined);
  out.push(conference.timeZone + (conference.banner ?? ''));
  out.push(utils.filters.user.map((f) => f.name + f.operators.join()));
  // letters, reports
  const documents = await call('get', '/api/chair/documents', undefined);
  out.push(documents.map((d) => d.kind + (d.numberLabel ?? '') + String(d.revokedAt)));
  const report = await call('post', '/api/chair/reports/generate', { category: 'Paper' });
  out.push(Object.values(report.summary.counts).flatMap((series) => series.map((c) => c.label + c.count)));
  return out;
}
`;

/**
 * Fields that are free-form on purpose, with why: an activity entry's details differ with its action (what each
 * action records is in its summary and the activity log's documentation); a client reads them as a record.
 */
const FREE_FORM = ['POST /api/chair/activity 200: data: details: an untyped object'];
