/**
 * E-mail templates and e-mail settings (spec §2 /EmailTemplate/, /EditEmailSettings/, §3 EmailTemplate, §7
 * email templates): CRUD, sort, placeholder validation at save, the reminder guard on delete, the
 * conference's and a track chair's settings, and the test e-mail in the outbox.
 */
import { desc, eq } from 'drizzle-orm';
import {
  EMAIL_SETTINGS_MESSAGES as S,
  EMAIL_TEMPLATE_MESSAGES as M,
  TEMPLATE_MESSAGES as T,
  type EmailTemplateDto,
} from '@symposium/domain';
import { sql } from 'drizzle-orm';
import { DemoSeeder } from '../../apps/api/src/modules/demo/demo-seeder.service.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';

type User = Awaited<ReturnType<TestApp['user']>>;

describe('e-mail templates and settings API', () => {
  let t: TestApp;
  let chair: User;
  let cochair: User;
  let author: User;

  const req = (method: 'get' | 'post' | 'put' | 'delete', path: string, u: User, body?: object) => {
    const client = t.http();
    const r = client[method](path).set(...u.auth);
    return body === undefined ? r : r.send(body);
  };

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: chairRoles(), firstName: 'Carla', lastName: 'Chair' });
    const [track] = await t.db.insert(tracksTable).values({ name: 'Main track', position: 0 }).returning();
    cochair = await t.user({ roles: { coChair: { is: true, tracks: [track!.id] } }, firstName: 'Tom' });
    author = await t.user();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('templates', () => {
    let a: EmailTemplateDto;
    let b: EmailTemplateDto;

    it('saves templates at the end of the list and lists them by position, for chairs and track chairs', async () => {
      const r1 = await req('post', '/api/chair/emailTemplate', chair, {
        subject: 'Decision on {{ paper.title }}',
        text: 'Dear {{recipient.firstName}},\n\nyour paper {{paper.id}} is {{paper.status}}.',
      }).expect(201);
      a = r1.body;
      expect(a).toMatchObject({ subject: 'Decision on {{ paper.title }}', position: 1 });
      b = (
        await req('post', '/api/chair/emailTemplate', chair, {
          subject: 'Hello',
          text: 'Hi {{recipient.email}}',
        }).expect(201)
      ).body;
      expect(b.position).toBe(2);
      for (const [prefix, u] of [
        ['chair', chair],
        ['cochair', cochair],
      ] as const) {
        const list = await req('get', `/api/${prefix}/emailTemplate`, u).expect(200);
        expect(list.body.map((x: EmailTemplateDto) => x._id)).toEqual([a._id, b._id]);
        await req('get', `/api/${prefix}/emailTemplate/${a._id}`, u).expect(200);
      }
    });

    it('refuses unknown and malformed placeholders, naming them, and a subject of two lines', async () => {
      const unknown = await req('post', '/api/chair/emailTemplate', chair, {
        subject: 'Hi',
        text: 'Dear {{paper.titel}}',
      }).expect(400);
      expect(unknown.body.message).toBe(T.unknown('{{paper.titel}}'));
      const malformed = await req('post', '/api/chair/emailTemplate', chair, {
        subject: 'About {{ paper title }}',
        text: 'x',
      }).expect(400);
      expect(malformed.body.message).toBe(T.malformed('{{ paper title }}'));
      const open = await req('put', `/api/chair/emailTemplate/${a._id}`, chair, {
        subject: 'ok',
        text: 'Dear {{recipient.firstName',
      }).expect(400);
      expect(open.body.message).toContain('Malformed placeholder {{recipient.firstName');
      const twoLines = await req('post', '/api/chair/emailTemplate', chair, {
        subject: 'a\nb',
        text: 'x',
      }).expect(400);
      expect(twoLines.body.message).toBe(M.subjectOneLine);
      expect(
        (await req('post', '/api/chair/emailTemplate', chair, { subject: ' ', text: 'x' })).body.message,
      ).toBe(M.subjectRequired);
      expect(
        (await req('post', '/api/chair/emailTemplate', chair, { subject: 'x', text: '' })).body.message,
      ).toBe(M.textRequired);
      await req('post', '/api/chair/emailTemplate', chair, { subject: 5, text: 'x' }).expect(400);
      await req('post', '/api/chair/emailTemplate', chair, { subject: 'x', text: 'x', position: 3 }).expect(
        400,
      );
      expect((await req('get', '/api/chair/emailTemplate', chair)).body).toHaveLength(2);
    });

    it('updates a template; a missing or malformed id answers 404', async () => {
      const r = await req('put', `/api/chair/emailTemplate/${b._id}`, chair, {
        subject: 'Hello again',
        text: 'Hi {{recipient.lastName}}',
      }).expect(200);
      expect(r.body).toMatchObject({ _id: b._id, subject: 'Hello again', position: 2 });
      for (const id of ['99999', 'abc', '0'])
        expect((await req('get', `/api/chair/emailTemplate/${id}`, chair).expect(404)).body.message).toBe(
          M.notFound,
        );
      await req('put', '/api/chair/emailTemplate/99999', chair, { subject: 'x', text: 'y' }).expect(404);
    });

    it('sorts with every template once, and refuses anything else', async () => {
      const r = await req('put', '/api/chair/emailTemplate/sort', chair, { ids: [b._id, a._id] }).expect(200);
      expect(r.body.map((x: EmailTemplateDto) => [x._id, x.position])).toEqual([
        [b._id, 1],
        [a._id, 2],
      ]);
      for (const ids of [[b._id], [a._id, a._id], [a._id, b._id, 999], 'x'])
        expect(
          (await req('put', '/api/chair/emailTemplate/sort', chair, { ids }).expect(400)).body.message,
        ).toBe(M.sortIds);
    });

    it('only chairs write templates', async () => {
      await req('post', '/api/cochair/emailTemplate', cochair, { subject: 'x', text: 'y' }).expect(404);
      await req('post', '/api/chair/emailTemplate', cochair, { subject: 'x', text: 'y' }).expect(403);
      await req('get', '/api/chair/emailTemplate', author).expect(403);
      await req('delete', `/api/chair/emailTemplate/${a._id}`, cochair).expect(403);
    });

    it('refuses to delete a template a reminder uses, naming the reminder; deletes otherwise', async () => {
      await t.db.execute(
        sql`insert into reminder_rules (name, kind, offsets, template_id) values ('Camera-ready soon', 'cameraReadyNotSubmitted', '{7}', ${a._id})`,
      );
      const r = await req('delete', `/api/chair/emailTemplate/${a._id}`, chair).expect(409);
      expect(r.body.message).toBe(M.usedByReminder(['Camera-ready soon']));
      await t.db.execute(sql`delete from reminder_rules`);
      expect((await req('delete', `/api/chair/emailTemplate/${a._id}`, chair).expect(200)).body.message).toBe(
        M.deleted,
      );
      await req('delete', `/api/chair/emailTemplate/${a._id}`, chair).expect(404);
      expect((await req('get', '/api/chair/emailTemplate', chair)).body).toHaveLength(1);
    });
  });

  describe('settings', () => {
    it('keeps the conference settings, checking addresses', async () => {
      expect((await req('get', '/api/chair/emailSettings', chair).expect(200)).body).toEqual({
        senderName: '',
        replyTo: '',
        cc: [],
        bcc: [],
        signature: '',
      });
      const r = await req('put', '/api/chair/emailSettings', chair, {
        senderName: 'ICX 2026',
        replyTo: 'Chairs@Example.org ',
        cc: ['cc@example.org'],
        bcc: ['archive@example.org', ''],
        signature: 'The ICX chairs\n<b>Lisbon</b>',
      }).expect(200);
      expect(r.body).toEqual({
        senderName: 'ICX 2026',
        replyTo: 'chairs@example.org',
        cc: ['cc@example.org'],
        bcc: ['archive@example.org'],
        signature: 'The ICX chairs\n<b>Lisbon</b>',
      });
      const bad = await req('put', '/api/chair/emailSettings', chair, { cc: ['nope'] }).expect(400);
      expect(bad.body.message).toBe(S.invalidAddress('nope'));
      expect(
        (await req('put', '/api/chair/emailSettings', chair, { replyTo: 'x@' }).expect(400)).body.message,
      ).toBe(S.invalidAddress('x@'));
      const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.org`);
      expect(
        (await req('put', '/api/chair/emailSettings', chair, { bcc: many }).expect(400)).body.message,
      ).toBe(S.tooManyAddresses);
      expect(
        (await req('put', '/api/chair/emailSettings', chair, { senderName: 'a\nb' }).expect(400)).body
          .message,
      ).toBe(S.senderName);
      await req('put', '/api/chair/emailSettings', chair, { cc: 'x@example.org' }).expect(400);
      await req('put', '/api/chair/emailSettings', chair, { signature: 'x'.repeat(2001) }).expect(400);
      await req('put', '/api/chair/emailSettings', chair, { other: 1 }).expect(400);
      expect((await req('get', '/api/chair/emailSettings', chair)).body.cc).toEqual(['cc@example.org']);
      await req('get', '/api/chair/emailSettings', cochair).expect(403);
    });

    it("gives a track chair their own reply-to and signature beside the conference's sender and copies", async () => {
      expect((await req('get', '/api/cochair/emailSettings', cochair).expect(200)).body).toEqual({
        senderName: 'ICX 2026',
        replyTo: '',
        cc: ['cc@example.org'],
        bcc: ['archive@example.org'],
        signature: '',
      });
      const r = await req('put', '/api/cochair/emailSettings', cochair, {
        replyTo: 'tom@example.org',
        signature: 'Tom, track chair',
      }).expect(200);
      expect(r.body).toMatchObject({
        replyTo: 'tom@example.org',
        signature: 'Tom, track chair',
        senderName: 'ICX 2026',
      });
      await req('put', '/api/cochair/emailSettings', cochair, { cc: ['a@example.org'] }).expect(400);
      expect((await req('get', '/api/chair/emailSettings', chair)).body.replyTo).toBe('chairs@example.org');
    });

    it('queues a test e-mail to the caller with the signature and reply-to of their console', async () => {
      const r = await req('post', '/api/chair/emailSettings/test', chair).expect(200);
      expect(r.body.message).toBe(S.testQueued(chair.email));
      const [row] = await t.db.select().from(outboxTable).orderBy(desc(outboxTable.id)).limit(1);
      expect(row).toMatchObject({ to: [chair.email], replyTo: 'chairs@example.org', createdBy: chair.id });
      expect(row!.text).toContain('\n\n-- \nThe ICX chairs\n<b>Lisbon</b>');
      await req('post', '/api/cochair/emailSettings/test', cochair).expect(200);
      const rows = await t.db.select().from(outboxTable).where(eq(outboxTable.createdBy, cochair.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ to: [cochair.email], replyTo: 'tom@example.org' });
      expect(rows[0]!.text).toContain('-- \nTom, track chair');
    });
  });

  it('the demo conference has acceptance, rejection, camera-ready and review reminder templates', async () => {
    const demo = await createTestApp();
    try {
      expect(await demo.app.get(DemoSeeder).seed()).not.toBeNull();
      const c = await demo.user({ roles: chairRoles() });
      const list = await demo
        .http()
        .get('/api/chair/emailTemplate')
        .set(...c.auth)
        .expect(200);
      const subjects = (list.body as EmailTemplateDto[]).map((x) => x.subject);
      expect(subjects).toHaveLength(4);
      expect(subjects.join(' | ')).toMatch(/accepted.*decision.*camera-ready.*review/is);
      expect(list.body.map((x: EmailTemplateDto) => x.position)).toEqual([1, 2, 3, 4]);
    } finally {
      await demo.close();
    }
  });
});
