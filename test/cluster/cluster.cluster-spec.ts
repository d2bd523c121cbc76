/**
 * Three API instances on one PostgreSQL database behind haproxy (issue 24 item 3), started by the same code as
 * `npm run cluster` (scripts/lib/cluster.js) from the built application (`npm run build` first):
 *
 * - a session from one instance is honoured by the others (Bearer token and cookie), directly and through
 *   haproxy;
 * - submissions with files through haproxy, downloaded from every instance with the same bytes;
 * - a bulk e-mail, a reminder run, the discussion digests (issue 25: each participant once, at most once an
 *   hour), a letter batch and a programme publish each happen exactly once while three instances run their
 *   workers (the request fired at two instances at once where that makes sense), the
 *   messages counted at a real SMTP server on loopback;
 * - a stopped instance leaves haproxy's rotation (its /api/health check) and comes back;
 * - a burst of 60 submissions (paper + 1 MB PDF, each request with its own Idempotency-Key) with one instance
 *   killed (SIGKILL) in the middle: the client retries what failed with the same key; every submission ends up
 *   stored exactly once with the right bytes.
 *
 * Files go to S3 when S3_ENDPOINT and the other S3_* settings are set (a new bucket per run), else to one
 * shared DATA_DIR. Needs PostgreSQL (TEST_DATABASE_URL: a scratch database is created and dropped) and haproxy; skipped without
 * them, except under CI, where it must run.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { emptyRoles } from '@symposium/domain';
import { hashPassword } from '../support/passwords.js';
import { loadConfig } from '../../apps/api/src/config/config.js';
import { createFileStore } from '../../apps/api/src/modules/files/create-file-store.js';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/database/database.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { reminderRulesTable } from '../../apps/api/src/modules/jobs/jobs.table.js';
import { emailTemplatesTable } from '../../apps/api/src/modules/mail/mail.table.js';
import {
  paperAuthorsTable,
  paperFilesTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { reviewRequestsTable, reviewsTable } from '../../apps/api/src/modules/reviews/reviews.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { rolesToColumns } from '../../apps/api/src/modules/users/users.mapper.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { findHaproxy, startCluster, until, type Cluster } from '../../scripts/lib/cluster.js';
import { signaturePng } from '../api/letters.helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const CI = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
const HAPROXY = findHaproxy();
const missing = [!ADMIN_URL && 'TEST_DATABASE_URL (PostgreSQL)', !HAPROXY && 'haproxy'].filter(Boolean);
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';
const PASSWORD = 'cluster-password-1';
const DAY = 86_400_000;
/** With an S3 server configured (S3_ENDPOINT …, as .ci/run exports them) the instances store files there. */
const S3 = !!process.env.S3_ENDPOINT;
const AUTHORS = 20;
const BURST = 60;

if (missing.length && CI)
  throw new Error(`The cluster test must run under CI, but ${missing.join(' and ')} is missing`);
if (missing.length) console.log(`cluster test SKIPPED: ${missing.join(' and ')} missing`);
const describeCluster = missing.length ? describe.skip : describe;

/** A Blob of a Buffer's bytes, for FormData. */
const blob = (b: Buffer, type: string) => new Blob([new Uint8Array(b)], { type });
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A PDF of about `size` bytes whose content is unique to `label`. */
const pdf = (label: string, size = 1024 * 1024) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n`), randomBytes(size), Buffer.from('\n%%EOF\n')]);

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * A multipart upload sent as a slow client does (64 KB every 20 ms), so that uploads are in progress at every
 * instance while the burst runs and a kill cuts some of them off.
 */
function slowUpload(
  base: string,
  path: string,
  token: string,
  key: string,
  file: { name: string; bytes: Buffer },
): Promise<Answer> {
  const boundary = `----cluster${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const u = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + file.bytes.length + tail.length),
        },
      },
      (res) => {
        const got: Buffer[] = [];
        res.on('data', (d: Buffer) => got.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(got).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body, headers: new Headers() });
        });
      },
    );
    req.on('error', reject);
    void (async () => {
      req.write(head);
      for (let at = 0; at < file.bytes.length && !req.destroyed; at += 64 * 1024) {
        req.write(file.bytes.subarray(at, at + 64 * 1024));
        await new Promise((r) => setTimeout(r, 20));
      }
      req.end(tail);
    })();
  });
}

async function signIn(base: string, email: string): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`sign-in ${email}: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { token: ((await res.json()) as { accessToken: string }).accessToken, cookie };
}

const download = async (base: string, path: string, token: string) => {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
};

describeCluster('three API instances behind haproxy', () => {
  let dbName: string;
  let handle: DatabaseHandle;
  let smtp: TestSmtpServer;
  let cluster: Cluster;
  let storeEnv: Record<string, string>;
  let chair: { id: number; email: string; token: string };
  let authors: { id: number; email: string; token: string }[] = [];
  let trackId: number;
  let acceptedId: number;
  const db = () => handle.db;
  const count = async (query: string) => {
    const res = (await handle.db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] };
    return Number(res.rows[0]!.n);
  };
  const base = () => cluster.url;
  /** How many objects the cluster's file store holds (disk or S3, as the instances are configured). */
  const storedObjects = async () => {
    const store = await createFileStore(
      loadConfig({ ...process.env, ...storeEnv, DATA_DIR: cluster.dataDir, JWT_SECRET: cluster.jwtSecret }),
    );
    try {
      return (await store.keysOlderThan(0)).length;
    } finally {
      (store as { close?: () => void }).close?.();
    }
  };
  const direct = (i: number) => cluster.instances[i]!.url;

  beforeAll(async () => {
    dbName = `cluster_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${dbName}`;
    handle = await openDatabase({ databaseUrl: url.toString() }); // migrates before the instances start
    const passwordHash = await hashPassword(PASSWORD);
    const person = (email: string, i: number) => ({
      firstName: `Person${i}`,
      lastName: 'Cluster',
      email,
      passwordHash,
      organization: 'Example University',
      country: 'Portugal',
    });
    const [chairRow] = await db()
      .insert(usersTable)
      .values({
        ...person('chair@cluster.example.org', 0),
        ...rolesToColumns({ ...emptyRoles(), chair: { is: true } }),
      })
      .returning();
    const authorRows = await db()
      .insert(usersTable)
      .values(Array.from({ length: AUTHORS }, (_, i) => person(`author${i}@cluster.example.org`, i + 1)))
      .returning();
    const [track] = await db()
      .insert(tracksTable)
      .values({ name: 'Cluster track', canSubmitPaper: true, canEditPaper: true, minFilesLimit: 0 })
      .returning();
    trackId = track!.id;
    const [accepted] = await db()
      .insert(statusesTable)
      .values({ text: 'Accept', isAccepted: true, position: 1 })
      .returning();
    acceptedId = accepted!.id;

    smtp = await startSmtpServer();
    storeEnv = S3
      ? { FILE_STORE: 's3', S3_BUCKET: `cluster-${process.pid}-${Date.now()}` }
      : { FILE_STORE: 'disk' };
    cluster = await startCluster({
      instances: 3,
      databaseUrl: url.toString(),
      jwtSecret: 'cluster-test-secret-cluster-test-secret-0123',
      env: {
        ...storeEnv,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: 'Symposium <noreply@cluster.example.org>',
        JOBS_TICK_MS: '500',
        SHUTDOWN_DRAIN_MS: '2000',
      },
    });
    chair = { ...chairRow!, token: (await signIn(base(), chairRow!.email)).token };
    authors = await Promise.all(
      authorRows.map(async (a) => ({ ...a, token: (await signIn(base(), a.email)).token })),
    );
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await smtp?.stop();
    await handle?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    }
  });

  it('a session from one instance is honoured by the others, directly and through haproxy', async () => {
    const author = authors[0]!;
    const { token, cookie } = await signIn(direct(0), author.email);
    for (const where of [direct(1), direct(2), base()]) {
      expect((await call(where, 'GET', '/api/author/papers', { token })).status).toBe(200);
      const byCookie = await call(where, 'GET', '/api/author/papers', { headers: { cookie } });
      expect(byCookie.status).toBe(200);
    }
    // haproxy gives each request an id the instances keep and send back (the logs' request id)
    const through = await call(base(), 'GET', '/api/author/papers', { token });
    expect(through.headers.get('x-request-id')).toMatch(/^[0-9A-F]{20,}$/);
    // a forged token is refused everywhere alike
    expect((await call(direct(2), 'GET', '/api/author/papers', { token: `${token}x` })).status).toBe(401);
  });

  it('three instances enforce one rate limit: sign-in failures and reset e-mails are counted in the database', async () => {
    const [user] = await db()
      .insert(usersTable)
      .values({
        firstName: 'Limited',
        lastName: 'Cluster',
        email: 'limited@cluster.example.org',
        passwordHash: await hashPassword(PASSWORD),
        organization: 'Example University',
        country: 'Portugal',
      })
      .returning();
    // 30 wrong passwords for one account, 10 at each instance at once, each from its own client address (the
    // instances believe X-Forwarded-For from loopback): one limit of 10 failures per e-mail for all three
    let ip = 0;
    const nextIp = () => `198.51.100.${++ip}`;
    const logins = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(direct(i % 3), 'POST', '/api/auth/login', {
          json: { email: user!.email, password: `wrong-${i}` },
          headers: { 'x-forwarded-for': nextIp() },
        }),
      ),
    );
    const statuses = logins.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // the right password is refused too while the account is limited, on every instance
    for (const i of [0, 1, 2]) {
      const right = await call(direct(i), 'POST', '/api/auth/login', {
        json: { email: user!.email, password: PASSWORD },
        headers: { 'x-forwarded-for': nextIp() },
      });
      expect(right.status).toBe(429);
    }
    // 12 forgot-password requests, 4 at each instance at once: exactly 3 reset e-mails (3 per e-mail)
    const forgot = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(direct(i % 3), 'POST', '/api/auth/password/forgot', {
          json: { email: user!.email },
          headers: { 'x-forwarded-for': nextIp() },
        }),
      ),
    );
    expect(forgot.filter((r) => r.status === 200)).toHaveLength(3);
    expect(forgot.filter((r) => r.status === 429)).toHaveLength(9);
    expect(
      await count(`SELECT count(*)::int AS n FROM password_resets WHERE user_id = ${Number(user!.id)}`),
    ).toBe(3);
  });

  it('submissions with files through haproxy; every instance downloads the same bytes', async () => {
    const author = authors[1]!;
    const files = [pdf('first', 200_000), pdf('second', 300_000)];
    const ids: number[] = [];
    for (const [i, file] of files.entries()) {
      const form = new FormData();
      form.append(
        'paper',
        JSON.stringify({
          track: trackId,
          title: `Balanced paper ${i}`,
          abstract: { text: ABSTRACT, questions: [] },
          authors: [author.id],
          primaryAuthor: author.id,
        }),
      );
      form.append('files', blob(file, 'application/pdf'), `paper${i}.pdf`);
      const res = await call(base(), 'POST', '/api/author/papers', { token: author.token, form });
      expect(res.status).toBe(201);
      ids.push(res.body._id);
      const fileId = res.body.abstract.files[0]._id as number;
      for (const where of [direct(0), direct(1), direct(2), base()]) {
        const bytes = await download(
          where,
          `/api/author/papers/${res.body._id}/download/${fileId}`,
          author.token,
        );
        expect(sha256(bytes)).toBe(sha256(file));
      }
    }
    expect(new Set(ids).size).toBe(2);
  });

  it('a bulk e-mail fired at two instances at once reaches every recipient exactly once', async () => {
    const recipients = authors.slice(0, 10);
    const before = smtp.messages.length;
    const body = {
      recipients: { kind: 'users', ids: recipients.map((a) => a.id) },
      subject: 'Cluster news for {{recipient.firstName}}',
      text: 'Dear {{recipient.firstName}}, the deadline is near.',
      idempotencyKey: 'cluster-bulk-1',
    };
    const answers = await Promise.all(
      [direct(0), direct(1)].map((where) =>
        call(where, 'POST', '/api/chair/users/sendEmailstoUsers', { token: chair.token, json: body }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]!.body.sendId).toBe(answers[0]!.body.sendId);
    const news = () =>
      smtp.messages.slice(before).filter((m) => /^Cluster news/.test(m.parsed.subject ?? ''));
    await until(
      `${recipients.length} messages and an empty outbox`,
      async () =>
        news().length >= recipients.length &&
        (await count(`select count(*)::int as n from outbox where state in ('pending', 'sending')`)) === 0,
    );
    const to = news().flatMap((m) => m.envelope.to);
    expect(to.sort()).toEqual(recipients.map((a) => a.email).sort());
  });

  it('a reminder run fired at two instances at once (and their schedulers) reminds each author once', async () => {
    const [track] = await db()
      .insert(tracksTable)
      .values({ name: 'Reminder track', canSubmitCameraReadyDeadline: new Date(Date.now() + 3 * DAY) })
      .returning();
    const reminded = authors.slice(0, 12);
    const papers = await db()
      .insert(papersTable)
      .values(
        reminded.map((a, i) => ({
          title: `Reminder paper ${i}`,
          abstractText: ABSTRACT,
          trackId: track!.id,
          statusId: acceptedId,
          primaryAuthorId: a.id,
        })),
      )
      .returning({ id: papersTable.id });
    await db()
      .insert(paperAuthorsTable)
      .values(papers.map((p, i) => ({ paperId: p.id, userId: reminded[i]!.id, position: 0 })));
    const [tpl] = await db()
      .insert(emailTemplatesTable)
      .values({
        subject: 'Camera-ready reminder {{paper.id}}',
        text: 'Dear {{recipient.firstName}}.',
        position: 1,
      })
      .returning();
    const [rule] = await db()
      .insert(reminderRulesTable)
      .values({
        name: 'Cluster camera ready',
        kind: 'cameraReadyNotSubmitted',
        offsets: [7],
        templateId: tpl!.id,
        trackIds: [track!.id],
        enabled: true,
      })
      .returning();
    const runs = await Promise.all(
      [direct(1), direct(2)].map((where) =>
        call(where, 'POST', `/api/chair/reminders/${rule!.id}/run`, { token: chair.token }),
      ),
    );
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    const reminders = () =>
      smtp.messages.filter((m) => /^Camera-ready reminder/.test(m.parsed.subject ?? ''));
    await until(
      `${reminded.length} reminders and an empty outbox`,
      async () =>
        reminders().length >= reminded.length &&
        (await count(`select count(*)::int as n from outbox where state in ('pending', 'sending')`)) === 0,
    );
    // a few more scheduler ticks of every instance add nothing
    const seen = new Set<string>();
    await until('three more scheduler ticks', async () => {
      const [r] = await db()
        .select({ at: sql<string>`last_run_at::text` })
        .from(reminderRulesTable)
        .where(eq(reminderRulesTable.id, rule!.id));
      if (r?.at) seen.add(r.at);
      return seen.size >= 4;
    });
    expect(
      reminders()
        .flatMap((m) => m.envelope.to)
        .sort(),
    ).toEqual(reminded.map((a) => a.email).sort());
    expect(
      await count(`select count(*)::int as n from reminder_deliveries where rule_id = ${rule!.id}`),
    ).toBe(reminded.length);
  });

  it('discussion digests: each participant once, at most once an hour, while three instances tick', async () => {
    // People of their own organizations and domains (the cluster's others share one: all in conflict).
    const passwordHash = await hashPassword(PASSWORD);
    const who = (key: string, roles: Parameters<typeof rolesToColumns>[0] = emptyRoles()) => ({
      firstName: key.toUpperCase(),
      lastName: 'Discussant',
      email: `${key}@${key}-inst.example`,
      passwordHash,
      organization: `${key.toUpperCase()} Institute`,
      ...rolesToColumns(roles),
    });
    const [track] = await db().insert(tracksTable).values({ name: 'Discussion track' }).returning();
    const reviewerRoles = { ...emptyRoles(), reviewer: { is: true, tracks: [track!.id], count: 0 } };
    const people = await db()
      .insert(usersTable)
      .values([
        who('writer'),
        who('rone', reviewerRoles),
        who('rtwo', reviewerRoles),
        who('rthree', reviewerRoles),
        who('sentinel', reviewerRoles),
        who('tchair', { ...emptyRoles(), coChair: { is: true, tracks: [track!.id] } }),
      ])
      .returning();
    const [writer, r1, r2, r3, sentinel, trackChair] = people as [
      (typeof people)[0],
      ...(typeof people)[0][],
    ];
    const papers = await db()
      .insert(papersTable)
      .values(
        ['A', 'B'].map((x) => ({
          title: `Discussed paper ${x}`,
          abstractText: ABSTRACT,
          trackId: track!.id,
          primaryAuthorId: writer.id,
        })),
      )
      .returning({ id: papersTable.id });
    const [paperA, paperB] = papers.map((p) => p.id) as [number, number];
    await db()
      .insert(paperAuthorsTable)
      .values(papers.map((p) => ({ paperId: p.id, userId: writer.id, position: 0 })));
    // submitted reviews: r1, r2, r3 on A; r1 and the sentinel on B
    const pairs: [number, { id: number }][] = [
      [paperA, r1!],
      [paperA, r2!],
      [paperA, r3!],
      [paperB, r1!],
      [paperB, sentinel!],
    ];
    const requests = await db()
      .insert(reviewRequestsTable)
      .values(
        pairs.map(([paperId, r]) => ({
          trackId: track!.id,
          paperId,
          reviewerId: r.id,
          waiting: false,
          reviewed: true,
          evaluation: 20,
          replyDueAt: new Date(Date.now() + DAY),
          dueAt: new Date(Date.now() + 14 * DAY),
        })),
      )
      .returning();
    await db()
      .insert(reviewsTable)
      .values(
        requests.map((q) => ({
          requestId: q.id,
          trackId: q.trackId,
          paperId: q.paperId,
          reviewerId: q.reviewerId,
          quality: 7,
          contribution: 7,
          originality: 7,
          final: 2,
          commentsAuthor: 'Fine.',
          commentsChair: 'Fine.',
          draft: false,
          submittedAt: new Date(),
        })),
      );
    const tokens = new Map<number, string>();
    for (const r of [r1!, r2!, r3!]) tokens.set(r.id, (await signIn(base(), r.email)).token);
    const comment = async (where: string, by: { id: number }, paperId: number, text: string) => {
      const res = await call(where, 'POST', `/api/reviewer/discussion/${paperId}`, {
        token: tokens.get(by.id)!,
        json: { text, visibility: 'reviewers' },
      });
      expect(res.status).toBe(201);
    };
    const digests = () =>
      smtp.messages.filter((m) => /^\d+ new discussion comments?$/.test(m.parsed.subject ?? ''));
    const digestsTo = () => {
      const n = new Map<string, number>();
      for (const m of digests()) for (const to of m.envelope.to) n.set(to, (n.get(to) ?? 0) + 1);
      return n;
    };
    const settled = (total: number) =>
      until(
        `${total} digests and an empty outbox`,
        async () =>
          digests().length >= total &&
          (await count(`select count(*)::int as n from outbox where state in ('pending', 'sending')`)) === 0,
        90_000,
        () => ` (have ${digests().length})`,
      );
    const stored = () => count(`select count(*)::int as n from outbox where kind = 'discussion-digest'`);
    const before = await stored();

    // Round 1: two comments on A through two instances. Readers of each: the other reviewers, the track
    // chair and the chair (no conflict with the writer) — one digest each, whenever the ticks fall.
    await Promise.all([
      comment(direct(0), r1!, paperA, 'The proof of lemma 2 needs a case more.'),
      comment(direct(1), r2!, paperA, 'Agreed; the experiments are convincing though.'),
    ]);
    const round1 = [r1!, r2!, r3!, trackChair!].map((p) => p.email).concat(chair.email);
    await settled(round1.length);
    // Round 2, an hour later: r3 writes through the third instance; r3 is not told of their own comment.
    await db().execute(
      sql`update discussion_digests set last_sent_at = now() - interval '61 minutes' where last_sent_at is not null`,
    );
    await comment(direct(2), r3!, paperA, 'I raise my score after the response.');
    const round2 = [r1!, r2!, trackChair!].map((p) => p.email).concat(chair.email);
    await settled(round1.length + round2.length);
    // The sentinel: a comment on B whose only reader without a digest this hour is the sentinel reviewer.
    // Its digest comes after further ticks of the instances; any late duplicate would be counted below.
    await comment(base(), r1!, paperB, 'Paper B is ready for a decision.');
    await settled(round1.length + round2.length + 1);

    const expected = new Map<string, number>();
    for (const e of [...round1, ...round2, sentinel!.email]) expected.set(e, (expected.get(e) ?? 0) + 1);
    expect(Object.fromEntries([...digestsTo()].sort())).toEqual(Object.fromEntries([...expected].sort()));
    expect(digestsTo().has(writer!.email)).toBe(false);
    expect((await stored()) - before).toBe(round1.length + round2.length + 1);
    const sentinelMail = digests().find((m) => m.envelope.to.includes(sentinel!.email))!;
    expect(sentinelMail.parsed.text).toContain('Paper B is ready for a decision.');
    expect(sentinelMail.parsed.text).not.toContain('lemma 2');
  });

  it('a letter batch issues each letter once while three instances run batch workers', async () => {
    await db()
      .update(conferenceTable)
      .set({
        shortName: 'CLUSTER 2027',
        fullName: 'Conference on Clusters',
        dates: '1–3 June 2027',
        city: 'Lisbon',
        country: 'Portugal',
        address: 'Avenida Rovisco Pais 1',
      })
      .where(eq(conferenceTable.id, 1));
    const form = new FormData();
    form.append('signature', blob(signaturePng(), 'image/png'), 'sig.png');
    expect(
      (await call(base(), 'PUT', '/api/chair/letters/settings/signature', { token: chair.token, form }))
        .status,
    ).toBe(200);
    const rows = await db()
      .insert(papersTable)
      .values(
        [0, 1, 2, 3, 4].map((i) => ({
          title: `Letter paper ${i}`,
          abstractText: ABSTRACT,
          trackId,
          statusId: acceptedId,
          primaryAuthorId: authors[i]!.id,
        })),
      )
      .returning({ id: papersTable.id });
    await db()
      .insert(paperAuthorsTable)
      .values(rows.map((p, i) => ({ paperId: p.id, userId: authors[i]!.id, position: 0 })));
    const ids = rows.map((r) => r.id);
    const res = await call(base(), 'POST', '/api/chair/documents/batches', {
      token: chair.token,
      json: { kind: 'acceptance', ids },
    });
    expect(res.status).toBe(202);
    let state: Answer | undefined;
    let n = 0;
    await until(
      'the batch to finish',
      async () => {
        state = await call(direct(n++ % 3), 'GET', `/api/chair/documents/batches/${res.body._id}`, {
          token: chair.token,
        });
        return state.body?.state === 'done' || state.body?.state === 'failed';
      },
      120_000,
    );
    expect(state!.body).toMatchObject({ state: 'done', total: 5, done: 5, failed: 0 });
    const issued = (await handle.db.execute(
      sql`select paper_id, count(*)::int as n from issued_documents where paper_id in (${sql.join(ids, sql`, `)}) group by paper_id`,
    )) as unknown as { rows: { paper_id: number; n: number }[] };
    expect(issued.rows.map((r) => r.n)).toEqual([1, 1, 1, 1, 1]);
  }, 150_000);

  it('two programme publishes at once on two instances make versions 1 and 2, never two of one', async () => {
    const answers = await Promise.all(
      [direct(0), direct(2)].map((where) =>
        call(where, 'POST', '/api/chair/programme/publish', { token: chair.token, json: {} }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers.map((a) => a.body.version).sort()).toEqual([1, 2]);
    expect(await count('select count(*)::int as n from programme_versions')).toBe(2);
    expect(
      (await call(direct(1), 'GET', '/api/author/programme', { token: authors[0]!.token })).body.version,
    ).toBe(2);
  });

  it('a stopped instance leaves the rotation after its health checks fail, and comes back', async () => {
    const victim = cluster.instances[2]!;
    await victim.stop('SIGTERM');
    await cluster.settled(); // haproxy marks it DOWN
    expect((await cluster.statuses())[victim.name]).toBe('DOWN');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(base(), 'GET', '/api/author/papers', { token: authors[0]!.token }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await victim.start();
    await cluster.settled(); // UP again
    expect(Object.values(await cluster.statuses())).toEqual(['UP', 'UP', 'UP']);
  });

  it('a burst of 60 submissions with one instance killed: each stored exactly once with its bytes', async () => {
    const victim = cluster.instances[1]!;
    const stats = { retries: 0, statuses: new Map<string, number>() };
    const note = (what: string) => stats.statuses.set(what, (stats.statuses.get(what) ?? 0) + 1);
    /** Sends until a 2xx answer, again with the same request (and so the same Idempotency-Key) when it fails. */
    let refused: Error | undefined;
    const retrying = async (send: () => Promise<Answer>): Promise<Answer> => {
      for (let attempt = 0; ; attempt++) {
        if (refused) throw refused; // another request was refused: the test fails, stop sending
        let res: Answer | undefined;
        try {
          res = await send();
        } catch (e) {
          note(`network: ${(e as Error).message}`);
        }
        if (res && res.status < 300) return res;
        if (res) {
          note(String(res.status));
          if (![409, 502, 503, 504].includes(res.status))
            throw (refused = new Error(`refused: ${res.status} ${JSON.stringify(res.body)}`));
        }
        stats.retries++;
        if (attempt > 200) throw new Error('gave up after 200 attempts');
        await new Promise((r) => setTimeout(r, Math.min(1000, 100 * (attempt + 1))));
      }
    };
    // the submissions start 25 ms apart and upload slowly; the victim is killed when the upload of the
    // submission in the middle starts, with uploads streaming to every instance
    let started = 0;
    const killAt = BURST / 2;
    let killed: Promise<void> | undefined;
    const submissions = Array.from({ length: BURST }, (_, i) => ({
      i,
      author: authors[i % AUTHORS]!,
      title: `Burst paper ${i}`,
      file: pdf(`burst ${i}`),
      createKey: `burst-create-${i}-${randomBytes(8).toString('hex')}`,
      uploadKey: `burst-upload-${i}-${randomBytes(8).toString('hex')}`,
    }));
    const results = await Promise.all(
      submissions.map(async (s) => {
        await new Promise((r) => setTimeout(r, s.i * 25));
        const created = await retrying(() =>
          call(base(), 'POST', '/api/author/papers', {
            token: s.author.token,
            headers: { 'idempotency-key': s.createKey },
            json: {
              track: trackId,
              title: s.title,
              abstract: { text: ABSTRACT, questions: [] },
              authors: [s.author.id],
              primaryAuthor: s.author.id,
            },
          }),
        );
        const paperId = created.body._id as number;
        if (++started === killAt) setTimeout(() => (killed = victim.stop('SIGKILL')), 100);
        const uploaded = await retrying(() =>
          slowUpload(base(), `/api/author/papers/${paperId}/upload?p=abstract`, s.author.token, s.uploadKey, {
            name: `burst${s.i}.pdf`,
            bytes: s.file,
          }),
        );
        return { ...s, paperId, fileId: uploaded.body.file._id as number, sha: uploaded.body.file.sha256 };
      }),
    );
    await killed;
    expect(victim.running).toBe(false);
    // the kill cut requests off (uploads streaming to the victim): the retries below were needed
    const cutOff = [...stats.statuses].reduce((n, [what, c]) => (/^(network|50)/.test(what) ? n + c : n), 0);
    expect(cutOff).toBeGreaterThan(0);

    // every submission acknowledged, each stored exactly once, with one file of the right bytes
    expect(results).toHaveLength(BURST);
    const titles = submissions.map((s) => s.title);
    const rows = await db().select().from(papersTable).where(inArray(papersTable.title, titles));
    expect(rows).toHaveLength(BURST);
    expect(new Set(rows.map((r) => r.title)).size).toBe(BURST);
    const files = await db()
      .select()
      .from(paperFilesTable)
      .where(
        and(
          inArray(
            paperFilesTable.paperId,
            rows.map((r) => r.id),
          ),
          eq(paperFilesTable.part, 'abstract'),
        ),
      );
    expect(files).toHaveLength(BURST);
    for (const r of results) {
      expect(r.sha).toBe(sha256(r.file));
      const bytes = await download(
        base(),
        `/api/author/papers/${r.paperId}/download/${r.fileId}`,
        r.author.token,
      );
      expect(sha256(bytes)).toBe(sha256(r.file));
    }
    // no object was left behind by a replayed retry: besides at most one per request the kill cut off, every
    // stored object is a row's
    const objects = await storedObjects();
    const allFiles = await count('select count(*)::int as n from paper_files');
    expect(objects).toBeGreaterThanOrEqual(allFiles);
    // a replayed or refused (409) retry discards its bytes: only requests cut off by the kill may leave one
    expect(objects - allFiles).toBeLessThanOrEqual(cutOff);
    console.log(
      `${storeEnv.FILE_STORE} file store: burst of ${BURST} submissions, ${victim.name} killed when ${killAt} had started: ` +
        `${results.length} stored once each, ${stats.retries} retries (${JSON.stringify(Object.fromEntries(stats.statuses))}), ` +
        `${objects - allFiles} stored object(s) without a row (the killed instance's uploads in progress; swept after an hour)`,
    );
    // the survivors answer; haproxy has taken the killed instance out
    await cluster.settled();
  }, 180_000);
});
