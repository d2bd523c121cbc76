/**
 * The reminder kind "author response not submitted" (issue 25) and the response placeholders: the authors of
 * papers whose track has an open response window and no submitted response are reminded exactly once, through
 * the outbox to a real SMTP server on loopback; a paper with a submitted response, or in a track whose window
 * has not opened, is not.
 */
import { and, eq } from 'drizzle-orm';
import { REMINDER_MESSAGES as M, type ReminderCandidateDto } from '@symposium/domain';
import { seedPaper } from '../../apps/api/src/database/test-database.js';
import { emailTemplatesTable } from '../../apps/api/src/modules/mail/mail.table.js';
import { OutboxDispatcher } from '../../apps/api/src/modules/outbox/outbox.dispatcher.js';
import { authorResponsesTable, reviewRoundsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

type User = Awaited<ReturnType<TestApp['user']>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';

describe('the author response reminder', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let chair: User;
  const users: Record<string, User> = {};
  const ids: Record<string, number> = {};

  const openRound = (trackId: number, opensAt: Date, closesAt: Date) =>
    t.db
      .update(reviewRoundsTable)
      .set({ responseOpensAt: opensAt, responseClosesAt: closesAt, responseLimit: 500 })
      .where(and(eq(reviewRoundsTable.trackId, trackId), eq(reviewRoundsTable.number, 1)));
  const paper = async (title: string, trackId: number, authors: number[]) =>
    (await seedPaper(t.db, { title, abstractText: ABSTRACT, trackId, primaryAuthorId: authors[0]! }, authors))
      .id;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Symposium <noreply@example.org>' },
    });
    chair = await t.user({ roles: chairRoles() });
    for (const name of ['a1', 'a2', 'b1', 'c1', 'd1'])
      users[name] = await t.user({ firstName: `Name-${name}`, email: `${name}.${Date.now()}@example.org` });
    const now = Date.now();
    const [track] = await t.db.insert(tracksTable).values({ name: 'Main track', position: 0 }).returning();
    const [later] = await t.db.insert(tracksTable).values({ name: 'Later track', position: 1 }).returning();
    ids.track = track!.id;
    await openRound(track!.id, new Date(now - HOUR), new Date(now + 2 * DAY));
    await openRound(later!.id, new Date(now + HOUR), new Date(now + 2 * DAY));
    const u = (n: string) => users[n]!.id;
    ids.p1 = await paper('No response yet', track!.id, [u('a1'), u('a2')]);
    ids.p2 = await paper('Responded', track!.id, [u('b1')]);
    ids.p3 = await paper('Draft only', track!.id, [u('c1')]);
    ids.p4 = await paper('Window not open', later!.id, [u('d1')]);
    await t.db.insert(authorResponsesTable).values([
      {
        paperId: ids.p2,
        trackId: track!.id,
        round: 1,
        text: 'Thanks.',
        submitted: true,
        submittedAt: new Date(),
      },
      { paperId: ids.p3, trackId: track!.id, round: 1, text: 'Draft.', submitted: false },
    ]);
    const [tpl] = await t.db
      .insert(emailTemplatesTable)
      .values({
        subject: 'Paper {{paper.id}}: your response',
        text: 'Dear {{recipient.firstName}},\n\nthe response window closes on {{response.closes}} (it opened on {{response.opens}}). Respond at {{link.response}}.',
        position: 1,
      })
      .returning();
    ids.template = tpl!.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('lists the kind with its label', async () => {
    const res = await t
      .call('post', '/api/chair/reminders', chair.auth)
      .send({ name: 'Response', kind: 'responseNotSubmitted', offsets: [7], templateId: ids.template });
    expect(res.status).toBe(201);
    ids.rule = res.body._id;
    expect(res.body).toMatchObject({ kind: 'responseNotSubmitted' });
  });

  it('reminds the authors of papers without a submitted response exactly once, with the response link', async () => {
    const dry = await t.call('post', `/api/chair/reminders/${ids.rule}/dry-run`, chair.auth);
    expect(dry.status).toBe(200);
    const who = (dry.body.candidates as ReminderCandidateDto[])
      .map((c) => `${c.email} ${c.objectKey}`)
      .sort();
    expect(who).toEqual(
      [
        `${users.a1!.email} paper:${ids.p1}`,
        `${users.a2!.email} paper:${ids.p1}`,
        `${users.c1!.email} paper:${ids.p3}`,
      ].sort(),
    );
    expect(dry.body.candidates[0].reason).toContain('author response not submitted');

    const run = await t.call('post', `/api/chair/reminders/${ids.rule}/run`, chair.auth);
    expect(run.body).toEqual({ queued: 3, message: M.queued(3) });
    const again = await t.call('post', `/api/chair/reminders/${ids.rule}/run`, chair.auth);
    expect(again.body).toEqual({ queued: 0, message: M.queued(0) });

    const dispatcher = t.app.get(OutboxDispatcher);
    await dispatcher.dispatchDue();
    await dispatcher.dispatchDue();
    expect(smtp.messages).toHaveLength(3);
    expect(smtp.messages.every((m) => /your response$/.test(m.parsed.subject ?? ''))).toBe(true);
    expect(smtp.messages.map((m) => m.envelope.to[0]).sort()).toEqual(
      [users.a1!.email, users.a2!.email, users.c1!.email].sort(),
    );
    const toA1 = smtp.messages.find((m) => m.envelope.to[0] === users.a1!.email)!;
    expect(toA1.parsed.text).toContain(`/PaperResponse/${ids.p1}/1`);
    expect(toA1.parsed.text).toMatch(/closes on .+\d{4}.+\(UTC\) \(it opened on .+\(UTC\)\)/);
  });
});
