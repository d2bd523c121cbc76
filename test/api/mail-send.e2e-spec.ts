/**
 * Bulk e-mail (spec §2 /SendEmail, §7 mail and /users/sendEmailstoUsers): the full preview (every message
 * rendered, paged, notify-off people skipped, unticked keys excluded, duplicates dropped, render errors
 * refusing the send), the outbox rows a send writes (to, cc, bcc, reply-to, subject, text, html, signature),
 * track chairs' scope, idempotency, 10,000 messages in one request, and bad input answering 400.
 */
import { and, count, eq } from 'drizzle-orm';
import { SEND_MESSAGES as M, TEMPLATE_MESSAGES as T, type PreviewResponse } from '@symposium/domain';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { DEMO_EMAIL_TEMPLATES } from '../../apps/api/src/modules/demo/demo-seeder.service.js';
import { mailSendsTable } from '../../apps/api/src/modules/mail/mail.table.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';
import { seedPaper } from '../../apps/api/src/database/test-database.js';

type User = Awaited<ReturnType<TestApp['user']>>;
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';
const PAPER_TPL = {
  subject: 'About {{paper.title}}',
  text: 'Dear {{recipient.firstName}},\n{{paper.title}} is {{paper.status}} <ok>',
};

describe('bulk e-mail API', () => {
  let t: TestApp;
  let chair: User;
  let cochair: User;
  let ana: User;
  let bob: User;
  let cid: User;
  let dan: User;
  let trackA: number;
  let trackB: number;
  let p1: number;
  let p2: number;
  let p3: number;
  let keyN = 0;
  const key = () => `key-${++keyN}`;

  const post = (path: string, body: unknown, u: User = chair) =>
    t.call('post', path, u.auth).send(body as object);
  const preview = (body: object, u: User = chair, prefix = 'chair') =>
    post(`/api/${prefix}/mail/preview`, body, u).expect(200) as Promise<{ body: PreviewResponse }>;
  const send = (body: object, u: User = chair, prefix = 'chair') =>
    post(`/api/${prefix}/users/sendEmailstoUsers`, body, u);
  const outboxOf = (sendId: number) => t.db.select().from(outboxTable).where(eq(outboxTable.sendId, sendId));
  const outboxCount = async () => (await t.db.select({ n: count() }).from(outboxTable))[0]!.n;

  async function paper(
    title: string,
    track: number,
    statusId: number | null,
    authors: number[],
    reg?: string,
  ) {
    const registration = reg ? { author: authors[0]!, id: reg, amount: null, extra: '' } : null;
    const overrides = { title, abstractText: ABSTRACT, trackId: track, statusId, registration };
    return (await seedPaper(t.db, { ...overrides, primaryAuthorId: authors[0] ?? null }, authors)).id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    chair = await t.user({ roles: chairRoles(), firstName: 'Carla', lastName: 'Chair' });
    const [a] = await t.db.insert(tracksTable).values({ name: 'Track A', position: 0 }).returning();
    const [b] = await t.db.insert(tracksTable).values({ name: 'Track B', position: 1 }).returning();
    trackA = a!.id;
    trackB = b!.id;
    cochair = await t.user({ roles: { coChair: { is: true, tracks: [trackA] } }, firstName: 'Tom' });
    ana = await t.user({ firstName: 'Ana', lastName: 'Alves' });
    bob = await t.user({ firstName: 'Bob', lastName: 'Brown' });
    cid = await t.user({ firstName: 'Cid', lastName: 'Costa' });
    dan = await t.user({ firstName: 'Dan', lastName: 'Dias' });
    await t.db.update(usersTable).set({ notify: false }).where(eq(usersTable.id, cid.id));
    const [accept] = await t.db
      .insert(statusesTable)
      .values({ text: 'Accepted', position: 2, isAccepted: true })
      .returning();
    p1 = await paper('Graph colouring', trackA, accept!.id, [ana.id, bob.id, cid.id]);
    p2 = await paper('Matchings', trackA, accept!.id, [ana.id], 'R-1');
    p3 = await paper('Separators', trackB, null, [dan.id]);
    await t
      .call('put', '/api/chair/emailSettings', chair.auth)
      .send({
        replyTo: 'chairs@example.org',
        cc: ['cc@example.org'],
        bcc: ['archive@example.org'],
        signature: 'The chairs\n<ICX>',
      })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const papers = (extra: object = {}) => ({ kind: 'papers', who: 'authors', ...extra });

  it('previews every message: one per person and paper, paged, notify-off people skipped', async () => {
    const r1 = await preview({ recipients: papers(), ...PAPER_TPL, pg: 2 });
    expect(r1.body).toMatchObject({ count: 4, excluded: 0, duplicates: 0, errors: [], cp: 1, pg: 2 });
    expect(r1.body.skipped).toEqual([
      { userId: cid.id, firstName: 'Cid', lastName: 'Costa', email: cid.email },
    ]);
    expect(r1.body.cc).toEqual(['cc@example.org']);
    expect(r1.body.bc).toEqual(['archive@example.org']);
    expect(r1.body.replyTo).toBe('chairs@example.org');
    const r2 = await preview({ recipients: papers(), ...PAPER_TPL, pg: 2, cp: 2 });
    const all = [...r1.body.page, ...r2.body.page];
    expect(all.map((m) => m.key).sort()).toEqual(
      [`${ana.id}:${p1}`, `${bob.id}:${p1}`, `${ana.id}:${p2}`, `${dan.id}:${p3}`].sort(),
    );
    const bobs = all.find((m) => m.key === `${bob.id}:${p1}`)!;
    expect(bobs.subject).toBe('About Graph colouring');
    expect(bobs.text).toBe('Dear Bob,\nGraph colouring is Accepted <ok>\n\n-- \nThe chairs\n<ICX>');
    expect(bobs.to).toEqual({ firstName: 'Bob', lastName: 'Brown', email: bob.email });
    expect((await preview({ recipients: papers(), ...PAPER_TPL, pg: 2, cp: 3 })).body.page).toEqual([]);
  });

  it('the default acceptance e-mail names the track once and asks for the consent form only while signing is on', async () => {
    const [acceptance] = DEMO_EMAIL_TEMPLATES;
    const tpl = { subject: acceptance!.subject, text: acceptance!.text };
    const off = await preview({ recipients: papers({ ids: [p2] }), ...tpl });
    expect(off.body.errors).toEqual([]);
    const offText = off.body.page[0]!.text;
    expect(offText).toContain('(Track A), has been accepted');
    expect(offText).not.toMatch(/Track A track|SignConsentForm|consent form/);

    await t.db.update(conferenceTable).set({ digitalConsentSigning: true });
    try {
      const on = await preview({ recipients: papers({ ids: [p2] }), ...tpl });
      expect(on.body.page[0]!.text).toContain(
        `Please sign the consent form at http://localhost:3000/SignConsentForm/${p2}`,
      );
    } finally {
      await t.db.update(conferenceTable).set({ digitalConsentSigning: false });
    }
  });

  it('chooses papers by the paper lists filters or ids, and primary or registered authors', async () => {
    const byTrack = await preview({
      recipients: papers({ filters: [{ name: 'track', value: [trackB] }] }),
      ...PAPER_TPL,
    });
    expect(byTrack.body.page.map((m) => m.key)).toEqual([`${dan.id}:${p3}`]);
    const byIds = await preview({ recipients: papers({ ids: [p1] }), ...PAPER_TPL });
    expect(byIds.body.count).toBe(2);
    const primary = await preview({ recipients: papers({ who: 'primaryAuthor' }), ...PAPER_TPL });
    expect(primary.body.page.map((m) => m.key).sort()).toEqual(
      [`${ana.id}:${p1}`, `${ana.id}:${p2}`, `${dan.id}:${p3}`].sort(),
    );
    const registered = await preview({ recipients: papers({ who: 'registered' }), ...PAPER_TPL });
    expect(registered.body.page.map((m) => m.key)).toEqual([`${ana.id}:${p2}`]);
    const search = await preview({ recipients: papers({ search: 'Separ' }), ...PAPER_TPL });
    expect(search.body.count).toBe(1);
  });

  it('drops a second identical message to the same person, and the keys the chair unticked', async () => {
    const r = await preview({ recipients: papers(), subject: 'News', text: 'Hello {{recipient.firstName}}' });
    expect(r.body).toMatchObject({ count: 3, duplicates: 1 });
    const ex = await preview({ recipients: papers(), ...PAPER_TPL, exclude: [`${bob.id}:${p1}`, 'nobody'] });
    expect(ex.body).toMatchObject({ count: 3, excluded: 1 });
    expect(ex.body.page.map((m) => m.key)).not.toContain(`${bob.id}:${p1}`);
  });

  it('lists render errors in the preview and refuses to queue any of them', async () => {
    const body = { recipients: { kind: 'users', ids: [ana.id, bob.id] }, ...PAPER_TPL };
    const r = await preview(body);
    expect(r.body.errors).toHaveLength(2);
    expect(r.body.errors[0]!.message).toBe(T.needsPaper('paper.title'));
    const before = await outboxCount();
    const refused = await send({ ...body, idempotencyKey: key() }).expect(400);
    expect(refused.body.message).toBe(M.renderFailed(2));
    expect(await outboxCount()).toBe(before);
    expect(await t.db.select().from(mailSendsTable)).toHaveLength(0);
  });

  it('queues the messages with copies, reply-to, signature and escaped html, and records the send', async () => {
    const before = await outboxCount();
    const res = await send({
      recipients: { kind: 'users', ids: [bob.id, ana.id, cid.id] },
      subject: 'Hello {{recipient.lastName}}',
      text: 'Dear {{recipient.firstName}} <b>',
      cc: ['extra@example.org'],
      bc: ['hidden@example.org'],
      replyTo: 'Desk@Example.org',
      idempotencyKey: key(),
    }).expect(200);
    expect(res.body).toMatchObject({ result: 'ok', count: 2, repeated: false });
    const rows = await outboxOf(res.body.sendId);
    expect(await outboxCount()).toBe(before + 2);
    const bobs = rows.find((m) => m.userId === bob.id)!;
    expect(bobs).toMatchObject({
      kind: 'bulk',
      to: [bob.email],
      cc: ['cc@example.org', 'extra@example.org'],
      bcc: ['archive@example.org', 'hidden@example.org'],
      replyTo: 'desk@example.org',
      subject: 'Hello Brown',
      text: 'Dear Bob <b>\n\n-- \nThe chairs\n<ICX>',
      createdBy: chair.id,
      paperId: null,
      state: 'pending',
    });
    expect(bobs.html).toBe('Dear Bob &lt;b&gt;<br>\n<br>\n-- <br>\nThe chairs<br>\n&lt;ICX&gt;');
    expect(rows.find((m) => m.userId === cid.id)).toBeUndefined();
    const [sendRow] = await t.db.select().from(mailSendsTable).where(eq(mailSendsTable.id, res.body.sendId));
    expect(sendRow).toMatchObject({
      createdBy: chair.id,
      role: 'chair',
      count: 2,
      subject: 'Hello {{recipient.lastName}}',
    });
    const log = await t.db.select().from(auditLogTable).where(eq(auditLogTable.action, 'mail.send'));
    expect(log.some((l) => l.subjectId === res.body.sendId && l.actorId === chair.id)).toBe(true);
  });

  it('uses a template (emailId), its subject and text unless given', async () => {
    const tpl = await post('/api/chair/emailTemplate', {
      subject: 'Tpl {{paper.id}}',
      text: 'Template {{paper.title}}',
    }).expect(201);
    const r = await preview({ recipients: papers({ ids: [p3] }), emailId: tpl.body._id });
    expect(r.body.page[0]).toMatchObject({ subject: `Tpl ${p3}` });
    expect(r.body.page[0]!.text).toMatch(/^Template Separators/);
    const own = await preview({ recipients: papers({ ids: [p3] }), emailId: tpl.body._id, subject: 'Mine' });
    expect(own.body.page[0]!.subject).toBe('Mine');
    expect(
      (await post('/api/chair/mail/preview', { recipients: papers(), emailId: 99999 }).expect(400)).body
        .message,
    ).toBe(M.templateNotFound);
  });

  it('queues one set per idempotency key, also when the same request comes twice', async () => {
    const body = {
      recipients: { kind: 'users', ids: [dan.id] },
      subject: 'Once',
      text: 'Only once',
      idempotencyKey: 'same',
    };
    const first = await send(body).expect(200);
    const again = await send(body).expect(200);
    expect(again.body).toEqual({ result: 'ok', count: 1, sendId: first.body.sendId, repeated: true });
    const both = await Promise.all([
      send({ ...body, idempotencyKey: 'race' }),
      send({ ...body, idempotencyKey: 'race' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]!.body.sendId).toBe(both[1]!.body.sendId);
    const other = await send({ ...body, idempotencyKey: 'other' }).expect(200);
    expect(other.body.sendId).not.toBe(first.body.sendId);
    const rows = await t.db
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.userId, dan.id), eq(outboxTable.subject, 'Once')));
    expect(rows).toHaveLength(3);
    expect((await send({ ...body, idempotencyKey: undefined }).expect(400)).body.code).toBe(
      'mail.idempotency_key',
    );
  });

  it("keeps a track chair to their tracks' papers and people, with their own reply-to and signature", async () => {
    await t
      .call('put', '/api/cochair/emailSettings', cochair.auth, {
        replyTo: 'tom@example.org',
        signature: 'Tom',
      })
      .expect(200);
    const all = await preview({ recipients: papers(), ...PAPER_TPL }, cochair, 'cochair');
    expect(all.body.count).toBe(3);
    expect(all.body.page.every((m) => m.paperId !== p3)).toBe(true);
    expect(all.body.replyTo).toBe('tom@example.org');
    expect(all.body.page[0]!.text).toMatch(/\n-- \nTom$/);
    const other = await preview({ recipients: papers({ ids: [p3] }), ...PAPER_TPL }, cochair, 'cochair');
    expect(other.body.count).toBe(0);
    const sent = await send(
      { recipients: { kind: 'users', ids: [dan.id] }, subject: 'x', text: 'y', idempotencyKey: key() },
      cochair,
      'cochair',
    ).expect(400);
    expect(sent.body.message).toBe(M.nothingToSend);
    const mine = await preview(
      { recipients: { kind: 'users', ids: [dan.id, ana.id, chair.id] }, subject: 'x', text: 'y' },
      cochair,
      'cochair',
    );
    expect(mine.body.page.map((m) => m.userId)).toEqual([ana.id]);
    await post('/api/chair/mail/preview', { recipients: papers(), subject: 'x', text: 'y' }, cochair).expect(
      403,
    );
  });

  it("limits a track chair's copies to the conference's people and the chair's default copies", async () => {
    const base = { recipients: { kind: 'users', ids: [ana.id] }, subject: 'x', text: 'y' };
    // the chair's defaults (cc@, archive@) and a user of the conference: accepted
    const ok = await preview(
      { ...base, cc: ['cc@example.org', ana.email], bc: ['archive@example.org'] },
      cochair,
      'cochair',
    );
    expect(ok.body.cc).toEqual(expect.arrayContaining(['cc@example.org', ana.email.toLowerCase()]));
    const before = await outboxCount();
    for (const [field, list] of [
      ['cc', { cc: ['outsider@elsewhere.example'] }],
      ['bc', { bc: [ana.email, 'Outsider@Elsewhere.example'] }],
    ] as const) {
      const res = await send({ ...base, ...list, idempotencyKey: key() }, cochair, 'cochair').expect(400);
      expect(res.body.message).toBe(M.outsideCopy('outsider@elsewhere.example'));
      expect(res.body.details).toEqual([{ field, message: M.outsideCopy('outsider@elsewhere.example') }]);
      await post('/api/cochair/mail/preview', { ...base, ...list }, cochair).expect(400);
    }
    expect(await outboxCount()).toBe(before);
    // the chair may still copy anyone
    await preview({ ...base, cc: ['outsider@elsewhere.example'] });
  });

  it('sends to a filtered user list', async () => {
    const r = await send({
      recipients: { kind: 'users', filters: [{ name: 'lastName', operator: '=', value: 'Dias' }] },
      subject: 'Filtered',
      text: 'Hi {{recipient.firstName}}',
      idempotencyKey: key(),
    }).expect(200);
    expect(r.body.count).toBe(1);
    expect((await outboxOf(r.body.sendId))[0]!.to).toEqual([dan.email]);
  });

  it('answers bad input with 400, never 500, and writes nothing', async () => {
    const before = await outboxCount();
    const bad: unknown[] = [
      null,
      [],
      'x',
      {},
      { recipients: 'all', subject: 'x', text: 'y' },
      { recipients: { kind: 'people' }, subject: 'x', text: 'y' },
      { recipients: { kind: 'papers', who: 'everyone' }, subject: 'x', text: 'y' },
      { recipients: papers({ filters: 'x' }), subject: 'x', text: 'y' },
      { recipients: papers({ filters: [{ name: 'nope', value: 1 }] }), subject: 'x', text: 'y' },
      { recipients: papers({ ids: ['a'] }), subject: 'x', text: 'y' },
      { recipients: { kind: 'users', ids: [1.5] }, subject: 'x', text: 'y' },
      {
        recipients: { kind: 'users', filters: [{ name: 'password', operator: '=', value: 1 }] },
        subject: 'x',
        text: 'y',
      },
      { recipients: papers(), subject: '', text: 'y' },
      { recipients: papers(), subject: 'x', text: '  ' },
      { recipients: papers(), subject: 'a\nb', text: 'y' },
      { recipients: papers(), subject: 'x', text: '{{nope}}' },
      { recipients: papers(), subject: 5, text: 'y' },
      { recipients: papers(), subject: 'x', text: 'y', cc: ['bad'] },
      { recipients: papers(), subject: 'x', text: 'y', cc: 'a@example.org' },
      { recipients: papers(), subject: 'x', text: 'y', replyTo: 'bad' },
      { recipients: papers(), subject: 'x', text: 'y', exclude: 'x' },
      { recipients: papers(), subject: 'x', text: 'y', emailId: 'x' },
      { recipients: papers(), subject: 'x', text: 'y', other: 1 },
      { recipients: papers(), subject: 'x', text: 'y', idempotencyKey: 5 },
    ];
    for (const body of bad) {
      const r = await send(body === null ? {} : { ...(body as object), idempotencyKey: key() });
      expect([r.status, JSON.stringify(body)]).toEqual([400, JSON.stringify(body)]);
      const p = await post('/api/chair/mail/preview', body);
      expect([p.status, JSON.stringify(body)]).toEqual([400, JSON.stringify(body)]);
    }
    await post('/api/chair/mail/preview', { recipients: papers(), subject: 'x', text: 'y', pg: 101 }).expect(
      400,
    );
    await post('/api/chair/mail/preview', { recipients: papers(), subject: 'x', text: 'y', cp: 0 }).expect(
      400,
    );
    expect(
      (await send({ recipients: papers(), subject: 'x', text: 'y', idempotencyKey: key() }).expect(400)).body
        .message,
    ).toBe(M.recipients);
    expect(await outboxCount()).toBe(before);
  });

  it('queues 10,000 messages in one request, and none when one of them cannot be rendered', async () => {
    const N = 10_000;
    const values = Array.from({ length: N }, (_, i) => ({
      firstName: `Bulk${i}`,
      lastName: 'Person',
      email: `bulk${i}@example.org`,
      organization: 'Bulk Org',
    }));
    for (let i = 0; i < N; i += 1000) await t.db.insert(usersTable).values(values.slice(i, i + 1000));
    const recipients = {
      kind: 'users',
      filters: [{ name: 'organization', operator: '=', value: 'Bulk Org' }],
    };
    const before = await outboxCount();
    const refused = await send({ recipients, ...PAPER_TPL, idempotencyKey: key() }).expect(400);
    expect(refused.body.message).toBe(M.renderFailed(N));
    expect(await outboxCount()).toBe(before);
    const p = await preview({
      recipients,
      subject: 'Hi {{recipient.firstName}}',
      text: 'Dear {{recipient.firstName}}',
      cp: 100,
    });
    expect(p.body.count).toBe(N);
    expect(p.body.page.at(-1)!.to.email).toMatch(/^bulk\d+@example.org$/);
    const r = await send({
      recipients,
      subject: 'Hi {{recipient.firstName}}',
      text: 'Dear {{recipient.firstName}}',
      idempotencyKey: key(),
    }).expect(200);
    expect(r.body.count).toBe(N);
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(outboxTable)
      .where(eq(outboxTable.sendId, r.body.sendId))) as [{ n: number }];
    expect(n).toBe(N);
    const [one] = await t.db
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.sendId, r.body.sendId), eq(outboxTable.to, ['bulk42@example.org'])));
    expect(one).toMatchObject({ subject: 'Hi Bulk42' });
  }, 120_000);
});
