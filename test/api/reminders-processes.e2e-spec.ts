/**
 * Scheduled reminders for real, with the built application (`npm run build` first: these tests run
 * apps/api/dist/main.js and apps/api/dist/cli/jobs.js, as `npm start` and `npm run jobs` do).
 *
 * - `npm run jobs` on the embedded database (DATA_DIR) and on PostgreSQL (a fresh database per run).
 * - Exactly once across processes: three API processes on one PostgreSQL database, a due rule with 500
 *   recipients and a real SMTP server on loopback; one process is stopped (SIGTERM) and started again while
 *   the messages go out. Every recipient gets exactly one message, and later ticks add nothing.
 * The PostgreSQL parts run only when TEST_DATABASE_URL is set (npm run test:api:pg).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REMINDER_MESSAGES as M } from '@symposium/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/database/database.js';
import { reminderRulesTable } from '../../apps/api/src/modules/jobs/jobs.table.js';
import { emailTemplatesTable } from '../../apps/api/src/modules/mail/mail.table.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'apps/api/dist/main.js');
const CLI = join(ROOT, 'apps/api/dist/cli/jobs.js');
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const DAY = 86_400_000;
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';
const JWT_SECRET = 'reminders-test-secret-reminders-test-secret-0123';

const describeOnPostgres = ADMIN_URL ? describe : describe.skip;
if (!ADMIN_URL)
  console.log(
    'reminders-processes: the PostgreSQL tests (npm run jobs on PostgreSQL, three processes exactly once) are SKIPPED: set TEST_DATABASE_URL',
  );

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** Polls a condition (no fixed sleeps as assertions): resolves when it holds, fails with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 120_000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - t0 > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function createDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(ADMIN_URL!);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

async function dropDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.end();
}

/**
 * An accepted-papers conference: `n` accepted papers, each with one distinct author, camera-ready not
 * submitted, the track's camera-ready deadline in 3 days; a template and a rule "Camera ready" (7 days,
 * the main track), enabled (as the chair does after its dry run: a new rule starts paused).
 */
async function seed(handle: DatabaseHandle, n: number): Promise<{ ruleId: number; emails: string[] }> {
  const db = handle.db;
  const [status] = await db
    .insert(statusesTable)
    .values({ text: 'Accept', isAccepted: true, position: 1 })
    .returning();
  const [track] = await db
    .insert(tracksTable)
    .values({ name: 'Main track', canSubmitCameraReadyDeadline: new Date(Date.now() + 3 * DAY) })
    .returning();
  const emails = Array.from({ length: n }, (_, i) => `author${i}@reminders.example.org`);
  const users = [];
  for (let i = 0; i < n; i += 250)
    users.push(
      ...(await db
        .insert(usersTable)
        .values(
          emails.slice(i, i + 250).map((email, j) => ({
            firstName: `Author${i + j}`,
            lastName: 'Test',
            email,
            passwordHash: 'x',
            organization: 'Example University',
            country: 'Portugal',
          })),
        )
        .returning({ id: usersTable.id })),
    );
  for (let i = 0; i < n; i += 250) {
    const part = users.slice(i, i + 250);
    const papers = await db
      .insert(papersTable)
      .values(
        part.map((u, j) => ({
          title: `Paper ${i + j}`,
          abstractText: ABSTRACT,
          trackId: track!.id,
          statusId: status!.id,
          primaryAuthorId: u.id,
        })),
      )
      .returning({ id: papersTable.id });
    await db
      .insert(paperAuthorsTable)
      .values(papers.map((p, j) => ({ paperId: p.id, userId: part[j]!.id, position: 0 })));
  }
  const [tpl] = await db
    .insert(emailTemplatesTable)
    .values({
      subject: 'Camera-ready of paper {{paper.id}}',
      text: 'Dear {{recipient.firstName}}, the camera-ready of "{{paper.title}}" is due by {{reminder.deadline}}.',
      position: 1,
    })
    .returning();
  const [rule] = await db
    .insert(reminderRulesTable)
    .values({
      name: 'Camera ready',
      kind: 'cameraReadyNotSubmitted',
      offsets: [7],
      templateId: tpl!.id,
      trackIds: [track!.id],
      enabled: true,
    })
    .returning();
  return { ruleId: rule!.id, emails };
}

function jobs(env: Record<string, string>, ...args: string[]) {
  const res = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('npm run jobs on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'jobs-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens DATA_DIR, lists the rules and explains a bad command', () => {
    expect(existsSync(CLI)).toBe(true); // run `npm run build` before this file alone
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false' };
    const list = jobs(env, 'list');
    expect(list.err).toBe('');
    expect(list.code).toBe(0);
    expect(list.out).toContain('No reminder rules yet');
    const bad = jobs(env, 'dry-run');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("'dry-run' needs a RULE");
    // the help says that the embedded database cannot be shared, and what the tool does about it
    expect(bad.err).toContain('can be opened by one process only');
    expect(bad.err).toContain('asks that server to run the command');
  });

  it('asks the running server (npm start on the same DATA_DIR) to run the command (issue 21 item 20)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jobs-cli-server-'));
    const port = await freePort();
    let output = '';
    const server = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: dir,
        DEMO_DATA: 'false',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((ok) => server.once('exit', () => ok()));
    try {
      await until(
        `the server on port ${port} to answer (output so far:\n${output})`,
        async () => {
          if (server.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
          return fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
        },
        60_000,
      );
      const env = { DATA_DIR: dir, DEMO_DATA: 'false' };
      // the server holds the database; the tool's commands run there, with the same output and exit codes
      const list = jobs(env, 'list');
      expect([list.code, list.err]).toEqual([0, '']);
      expect(list.out).toContain('No reminder rules yet');
      const missing = jobs(env, 'show', 'No such rule');
      expect(missing.code).toBe(1);
      expect(missing.err).toContain(M.notFound);
      const usage = jobs(env, 'pause');
      expect(usage.code).toBe(1);
      expect(usage.err).toContain("'pause' needs a RULE");
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
    // the server removes its socket when it stops; the tool then opens the database itself
    expect(existsSync(join(dir, 'symposium-jobs.sock'))).toBe(false);
    const after = jobs({ DATA_DIR: dir, DEMO_DATA: 'false' }, 'list');
    expect([after.code, after.err]).toEqual([0, '']);

    // a process that holds the database but takes no commands: the tool says what to do
    writeFileSync(join(dir, 'symposium.lock'), String(process.pid));
    const held = jobs({ DATA_DIR: dir, DEMO_DATA: 'false' }, 'list');
    expect(held.code).toBe(1);
    expect(held.err).toContain(`already in use by process ${process.pid}`);
    expect(held.err).toContain('use the chair console (E-mail → Reminders)');
    rmSync(dir, { recursive: true, force: true });
  });
});

describeOnPostgres('npm run jobs on PostgreSQL', () => {
  let db: { name: string; url: string };
  let handle: DatabaseHandle;
  let ruleId: number;
  let emails: string[];
  const run = (...args: string[]) => jobs({ DATABASE_URL: db.url }, ...args);

  beforeAll(async () => {
    expect(existsSync(CLI)).toBe(true); // run `npm run build` before this file alone
    db = await createDatabase('jobs_cli');
    handle = await openDatabase({ databaseUrl: db.url });
    ({ ruleId, emails } = await seed(handle, 2));
  });
  afterAll(async () => {
    await handle?.close();
    if (db) await dropDatabase(db.name);
  });

  it('lists, shows, dry-runs, runs, pauses, resumes and shows the history of a rule', async () => {
    const list = run('list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/ID\s+NAME\s+KIND\s+OFFSETS\s+AT\s+TO\s+TEMPLATE\s+TRACKS/);
    // The template by its subject and the tracks by name, not by id; the send hour and who is reminded.
    expect(list.out).toMatch(
      new RegExp(
        `${ruleId}\\s+Camera ready\\s+cameraReadyNotSubmitted\\s+7d\\s+09:00\\s+all\\s+Camera-ready of paper \\{\\{paper\\.id\\}\\}\\s+Main track\\s+enabled\\s+0`,
      ),
    );
    expect(list.out).toContain("Send hours (AT) are in the conference's time zone, UTC.");

    const dry = run('dry-run', 'camera READY');
    expect(dry.code).toBe(0);
    for (const e of emails) expect(dry.out).toContain(e);
    expect(dry.out).toContain('2 due now, 0 already sent, 2 would be queued. Nothing was sent (dry run).');
    const count = async (table: string) => {
      const res = await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    expect(await count('reminder_deliveries')).toBe(0);

    const first = run('run', String(ruleId));
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Rule ${ruleId} 'Camera ready': ${M.queued(2)}.`);
    expect(await count('reminder_deliveries')).toBe(2);
    expect(await count(`outbox where kind = 'reminder'`)).toBe(2);
    expect(run('run', 'Camera ready').out).toContain(M.queued(0));
    expect(await count('reminder_deliveries')).toBe(2);

    expect(run('pause', 'Camera ready').out).toContain(M.paused);
    const [paused] = await handle.db
      .select()
      .from(reminderRulesTable)
      .where(eq(reminderRulesTable.id, ruleId));
    expect(paused!.enabled).toBe(false);
    expect(run('list').out).toContain('paused');
    expect(run('resume', String(ruleId)).out).toContain(M.resumed);

    const show = run('show', 'Camera ready');
    expect(show.code).toBe(0);
    expect(show.out).toContain(`Rule ${ruleId}: Camera ready`);
    expect(show.out).toContain('When:      7 days before, at 09:00 (UTC)');
    expect(show.out).toContain('To:        All authors of the paper');
    expect(show.out).toMatch(/Template: {2}Camera-ready of paper \{\{paper\.id\}\} \(template \d+\)/);
    expect(show.out).toContain('Tracks:    Main track');
    expect(show.out).toContain('Sent:      2');
    const history = run('history');
    expect(history.code).toBe(0);
    const lines = history.out.trim().split('\n').slice(2);
    expect(lines.map((l) => l.split(/\s{2,}/).slice(1, 3))).toEqual([
      ['Camera ready', 'cli'],
      ['Camera ready', 'cli'],
    ]);

    // A closed camera-ready activity: the dry run names the track and reminds nobody there.
    await handle.db.execute(sql`update tracks set can_submit_camera_ready = false`);
    const closed = run('dry-run', 'Camera ready');
    expect(closed.code).toBe(0);
    expect(closed.out).toContain(
      "Track 'Main track': activity closed: camera-ready submission, nobody there is reminded.",
    );
    expect(closed.out).toContain('0 due now');
    await handle.db.execute(sql`update tracks set can_submit_camera_ready = true`);

    const missing = run('show', 'No such rule');
    expect(missing.code).toBe(1);
    expect(missing.err.trim()).toBe(M.notFound);
    const unknown = run('frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("Unknown command 'frobnicate'");
  }, 300_000); // a dozen runs of the tool, each starting the application (slow on a busy machine)
});

describeOnPostgres('three API processes on one PostgreSQL database', () => {
  const RECIPIENTS = 500;
  let db: { name: string; url: string };
  let handle: DatabaseHandle;
  let smtp: TestSmtpServer;
  const children = new Set<ChildProcess>();
  let output = '';

  beforeAll(async () => {
    expect(existsSync(MAIN)).toBe(true); // run `npm run build` before this file alone
    db = await createDatabase('t_reminders3');
    handle = await openDatabase({ databaseUrl: db.url }); // migrates before the processes start
    await seed(handle, RECIPIENTS);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(
      [...children].map(
        (c) =>
          new Promise<void>((ok) =>
            c.exitCode !== null || c.signalCode !== null ? ok() : c.once('exit', () => ok()),
          ),
      ),
    );
    await smtp?.stop();
    await handle?.close();
    if (db) await dropDatabase(db.name);
  });

  async function start(): Promise<ChildProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATABASE_URL: db.url,
        JWT_SECRET,
        DEMO_DATA: 'false',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: 'Symposium <noreply@reminders.example.org>',
        JOBS_TICK_MS: '500',
        SHUTDOWN_DRAIN_MS: '2000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await until(
      `process on port ${port} to answer (output so far:\n${output})`,
      async () => {
        if (child.exitCode !== null) throw new Error(`a server exited early:\n${output}`);
        return fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      60_000,
    );
    return child;
  }

  const query = async <T>(text: string): Promise<T[]> => {
    const res = (await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] };
    return res.rows;
  };
  const unsent = async () =>
    Number(
      (
        await query<{ n: number }>(
          `select count(*)::int as n from outbox where state in ('pending', 'sending')`,
        )
      )[0]!.n,
    );

  it('sends each of 500 recipients exactly one reminder, through a restart and later ticks', async () => {
    const processes = await Promise.all([start(), start(), start()]);

    // Midway: once some messages have arrived, stop one process (SIGTERM) and start it again.
    await until('the first messages at the SMTP server', () => smtp.messages.length > 0);
    const victim = processes[0]!;
    const exited = new Promise<number | null>((ok) => victim.once('exit', (code) => ok(code)));
    victim.kill('SIGTERM');
    expect(await exited).toBe(0);
    const deliveredAtRestart = smtp.messages.length;
    await start();

    await until(
      `${RECIPIENTS} messages (got ${smtp.messages.length}) and an empty outbox queue`,
      async () => smtp.messages.length >= RECIPIENTS && (await unsent()) === 0,
      150_000,
    );

    const perRecipient = new Map<string, number>();
    for (const m of smtp.messages)
      for (const to of m.envelope.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const duplicated = [...perRecipient.values()].reduce((n, c) => n + (c - 1), 0);
    const deliveries = await query<{ n: number; distinct_keys: number }>(
      `select count(*)::int as n, count(distinct (rule_id, user_id, object_key, occurrence))::int as distinct_keys from reminder_deliveries`,
    );
    expect(perRecipient.size).toBe(RECIPIENTS);
    expect(duplicated).toBe(0);
    expect([...perRecipient.values()].every((c) => c === 1)).toBe(true);
    expect(deliveries[0]).toEqual({ n: RECIPIENTS, distinct_keys: RECIPIENTS });
    const sample = smtp.messages.find((m) => m.envelope.to[0] === 'author7@reminders.example.org')!;
    expect(sample.parsed.subject).toMatch(/^Camera-ready of paper \d+$/);
    expect(sample.parsed.text).toContain('Dear Author7, the camera-ready of "Paper 7" is due by');

    // Later ticks of every process find everything sent: last_run_at moves on, nothing more is queued.
    const seen = new Set<string>();
    await until('three more scheduler ticks', async () => {
      const [r] = await query<{ at: string | null }>(`select last_run_at::text as at from reminder_rules`);
      if (r?.at) seen.add(r.at);
      return seen.size >= 4;
    });
    expect(
      Number((await query<{ n: number }>(`select count(*)::int as n from reminder_deliveries`))[0]!.n),
    ).toBe(RECIPIENTS);
    expect(Number((await query<{ n: number }>(`select count(*)::int as n from outbox`))[0]!.n)).toBe(
      RECIPIENTS,
    );
    expect(smtp.messages.length).toBe(RECIPIENTS);
    const runs = await query<{ trigger: string; queued: number }>(
      `select trigger, queued from reminder_runs order by id`,
    );
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(RECIPIENTS);

    console.log(
      `three processes, one restart (SIGTERM after ${deliveredAtRestart} messages): expected ${RECIPIENTS}, ` +
        `delivered ${perRecipient.size}, duplicated ${duplicated}; reminder_deliveries ${deliveries[0]!.n}; ` +
        `scheduler runs that queued: ${runs.map((r) => r.queued).join(', ')}`,
    );
  }, 300_000);
});
