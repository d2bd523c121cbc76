// Mail benchmark (issue 10 figures), `npm run bench:mail`:
//  (a) 10,000 personalised messages from one template (parseTemplate/renderTemplate of @symposium/domain)
//      queued in the outbox and sent by the real OutboxDispatcher (real OutboxRepository on a PGlite database
//      with the migrations applied, the real pooled transport) against a bare nodemailer pool with the same
//      settings sending the same 10,000 messages directly; ratio = outbox throughput / bare throughput;
//  (b) queueing the 10,000 rows the way the app does (multi-row INSERTs of 500 rows in one transaction)
//      against one bare multi-row INSERT of all of them; ratio = bare time / batched time;
//  (c) the dispatcher's peak memory during (a): rss and heapUsed sampled every 10 ms, peak minus baseline.
// With PostgreSQL reachable at 127.0.0.1:5432 (PGURL to change), (a) and (b) run there too, in a database
// created and dropped for the run. The SMTP server (smtp-server, accepting everything, counting messages
// and recipients) runs in a child process, so the CPU times are those of the sending process alone.
// Wall and CPU (process.cpuUsage: user + system, all threads) are printed; no thresholds (shared machines).
// Options: --messages N (10000), --skip-postgres, --rounds N (1: best of N sends; the queueing is best of max(3, N)).
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { createConnection } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { parseTemplate, renderTemplate } from '../libs/domain/dist/index.js';
import { openDatabase } from '../apps/api/dist/database/database.js';
import { OutboxDispatcher } from '../apps/api/dist/modules/outbox/outbox.dispatcher.js';
import { OutboxRepository } from '../apps/api/dist/modules/outbox/outbox.repository.js';
import { outboxTable } from '../apps/api/dist/modules/outbox/outbox.table.js';
import {
  createSmtpTransport,
  SMTP_POOL,
  smtpPoolOptions,
} from '../apps/api/dist/modules/outbox/mail.transport.js';

// ---------------------------------------------------------------------------------------------------------
// The SMTP server (child process): accepts everything, counts messages and recipients.

async function runSmtpServer() {
  const { SMTPServer } = await import('smtp-server');
  let messages = 0;
  const perRecipient = new Map();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        messages++;
        for (const r of session.envelope.rcptTo)
          perRecipient.set(r.address, (perRecipient.get(r.address) ?? 0) + 1);
        callback(null, 'Ok: queued');
      });
    },
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
  process.on('message', (m) => {
    if (m === 'stats') {
      let duplicated = 0;
      for (const n of perRecipient.values()) duplicated += n - 1;
      const cpu = process.cpuUsage();
      process.send({
        messages,
        recipients: perRecipient.size,
        duplicated,
        cpu: (cpu.user + cpu.system) / 1000,
      });
    } else if (m === 'reset') {
      messages = 0;
      perRecipient.clear();
      process.send({ reset: true });
    } else if (m === 'stop') server.close(() => process.exit(0));
  });
}

function startSmtpChild() {
  const child = fork(new URL(import.meta.url).pathname, ['--smtp-server'], { stdio: 'inherit' });
  const ask = (m) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(m);
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', ({ port }) =>
      resolve({
        port,
        stats: () => ask('stats'),
        reset: () => ask('reset'),
        stop: () => new Promise((r) => (child.once('exit', r), child.send('stop'))),
      }),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------

const { values: opts } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--smtp-server'),
  options: {
    messages: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '1' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const N = Number(opts.messages);
const ROUNDS = Number(opts.rounds);
const FROM = 'Symposium <noreply@bench.example.org>';
const INSERT_BATCH = 500;
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function measure(fn) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000, value };
}
const best = (runs) => ({
  wall: Math.min(...runs.map((r) => r.wall)),
  cpu: Math.min(...runs.map((r) => r.cpu)),
  value: runs[runs.length - 1].value,
});

/** Samples rss and heapUsed every 10 ms while fn runs; peak minus the baseline taken just before. */
async function withMemory(fn) {
  globalThis.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 10);
  try {
    const value = await fn();
    sample();
    return { value, rss: rss - base.rss, heap: heap - base.heapUsed };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The messages: one template, personalised for N recipients.

const TEMPLATE = {
  subject: '{{conference.shortName}}: decision on paper {{paper.id}} "{{paper.title}}"',
  text: `Dear {{recipient.firstName}} {{recipient.lastName}},

we are pleased to inform you that your paper {{paper.id}}, "{{paper.title}}" (track {{paper.track}}),
has the status {{paper.status}}. Authors: {{paper.authors}}.

Please submit the camera-ready version by {{track.cameraReadyDeadline}} at {{link.cameraReady}}
and sign the consent form at {{link.consent}}.

The reviews are below:
{{paper.reviews}}

Best regards,
the chairs of {{conference.fullName}}
{{conference.url}}
`,
};

function renderMessages(n) {
  const subject = parseTemplate(TEMPLATE.subject);
  const text = parseTemplate(TEMPLATE.text);
  const out = [];
  for (let i = 0; i < n; i++) {
    const values = {
      'recipient.firstName': `First${i}`,
      'recipient.lastName': `Last${i % 997}`,
      'recipient.email': `author${i}@bench.example.org`,
      'paper.id': String(1 + (i >> 1)),
      'paper.title': `On the scalability of graph ${i % 113} algorithms in setting ${i}`,
      'paper.track': `Track ${1 + (i % 8)}`,
      'paper.status': i % 3 ? 'Accept' : 'Accept with Revision',
      'paper.authors': `First${i} Last${i % 997}, Second${i} Author, Third${i} Author`,
      'paper.reviews': `Review 1: weak accept. The paper ${i} is sound.\nReview 2: accept. Clear and useful.`,
      'track.cameraReadyDeadline': '2027-04-15 23:59 UTC',
      'link.cameraReady': `https://symposium.example.org/CameraReady/${1 + (i >> 1)}`,
      'link.consent': `https://symposium.example.org/Consent/${1 + (i >> 1)}`,
      'conference.shortName': 'BENCH 2027',
      'conference.fullName': 'The 2027 Benchmark Conference',
      'conference.url': 'https://bench.example.org',
    };
    out.push({
      kind: 'bench',
      to: [values['recipient.email']],
      subject: renderTemplate(subject, values, 'subject'),
      text: renderTemplate(text, values, 'text'),
      userId: i + 1,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Queueing: the app's batched insert and the bare single statement.

async function queueBatched(db, rows) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await tx.insert(outboxTable).values(rows.slice(i, i + INSERT_BATCH));
  });
}
const queueBare = (db, rows) => db.insert(outboxTable).values(rows);
const clearOutbox = (db) => db.execute(sql`truncate outbox restart identity`);
const countSent = async (db) =>
  (await db.execute(sql`select count(*)::int as n from outbox where state = 'sent'`)).rows[0].n;

// ---------------------------------------------------------------------------------------------------------

async function benchDatabase(label, handle, smtp, messages) {
  const { db } = handle;
  const smtpConfig = { host: '127.0.0.1', port: smtp.port, secure: false, from: FROM };
  const config = { smtp: smtpConfig, runJobs: false };
  const scheduler = { doesExist: () => false, deleteInterval: () => {}, addInterval: () => {} };
  const repo = new OutboxRepository(db);
  const figures = { label };

  // (b) queueing
  const batchedRuns = [];
  const bareRuns = [];
  // a warm-up round, then best of max(3, --rounds), alternating which goes first
  for (let r = 0; r <= Math.max(3, ROUNDS); r++) {
    const runs = [];
    for (const [fn, into] of r % 2
      ? [
          [queueBatched, batchedRuns],
          [queueBare, bareRuns],
        ]
      : [
          [queueBare, bareRuns],
          [queueBatched, batchedRuns],
        ]) {
      await clearOutbox(db);
      runs.push([await measure(() => fn(db, messages)), into]);
    }
    if (r > 0) for (const [m, into] of runs) into.push(m);
  }
  figures.queueBatched = best(batchedRuns);
  figures.queueBare = best(bareRuns);

  // (a) sending, with a warm-up of both paths on 300 messages
  const warm = messages.slice(0, 300);
  const bareSend = async (msgs) => {
    const transporter = nodemailer.createTransport(smtpPoolOptions(smtpConfig));
    try {
      await Promise.all(
        msgs.map((m) => transporter.sendMail({ from: FROM, to: m.to, subject: m.subject, text: m.text })),
      );
    } finally {
      transporter.close();
    }
  };
  const outboxSend = async () => {
    const transport = createSmtpTransport(smtpConfig);
    const dispatcher = new OutboxDispatcher(config, transport, repo, scheduler);
    try {
      return await dispatcher.dispatchDue();
    } finally {
      await dispatcher.beforeApplicationShutdown();
    }
  };
  await bareSend(warm);
  await clearOutbox(db);
  await queueBatched(db, warm);
  await outboxSend();

  const outboxRuns = [];
  const bareSendRuns = [];
  let outboxMemory;
  let bareMemory;
  let delivery;
  for (let r = 0; r < ROUNDS; r++) {
    await clearOutbox(db);
    await queueBatched(db, messages);
    await smtp.reset();
    const s0 = await smtp.stats();
    const mem = await withMemory(() => measure(outboxSend));
    const s1 = await smtp.stats();
    outboxRuns.push(mem.value);
    outboxMemory = mem;
    const stored = await countSent(db);
    delivery = {
      expected: messages.length,
      delivered: s1.messages,
      recipients: s1.recipients,
      duplicated: s1.duplicated,
      recordedSent: stored,
      result: mem.value.value,
      serverCpu: s1.cpu - s0.cpu,
    };

    await smtp.reset();
    const b0 = await smtp.stats();
    const bmem = await withMemory(() => measure(() => bareSend(messages)));
    const b1 = await smtp.stats();
    bareSendRuns.push(bmem.value);
    bareMemory = bmem;
    delivery.bareDelivered = b1.messages;
    delivery.bareDuplicated = b1.duplicated;
    delivery.bareServerCpu = b1.cpu - b0.cpu;
  }
  figures.outbox = best(outboxRuns);
  figures.bare = best(bareSendRuns);
  figures.outboxMemory = outboxMemory;
  figures.bareMemory = bareMemory;
  figures.delivery = delivery;
  await clearOutbox(db);
  return figures;
}

function report(f, n) {
  const rate = (ms) => `${Math.round((n / ms) * 1000).toLocaleString('en')} msg/s`;
  const d = f.delivery;
  const row = (name, a, b, c, e) =>
    console.log(
      `  ${name.padEnd(44)}${String(a).padStart(12)}${String(b).padStart(12)}${String(c).padStart(16)}${e ? `  ${e}` : ''}`,
    );
  console.log(`\n${f.label}`);
  row('', 'wall', 'CPU', 'throughput');
  row(
    `(a) outbox: OutboxDispatcher, pool of ${SMTP_POOL.maxConnections}`,
    fmt(f.outbox.wall),
    fmt(f.outbox.cpu),
    rate(f.outbox.wall),
  );
  row(
    `    bare nodemailer pool of ${SMTP_POOL.maxConnections}`,
    fmt(f.bare.wall),
    fmt(f.bare.cpu),
    rate(f.bare.wall),
  );
  console.log(
    `      ratio outbox/bare throughput: ${(f.bare.wall / f.outbox.wall).toFixed(2)} (target ≥ 0.6); ` +
      `CPU per message ${((f.outbox.cpu / n) * 1000).toFixed(0)} µs vs ${((f.bare.cpu / n) * 1000).toFixed(0)} µs bare`,
  );
  console.log(
    `      delivered: outbox ${d.delivered}/${d.expected} (${d.recipients} recipients, ${d.duplicated} duplicated, ` +
      `${d.recordedSent} recorded sent, dispatcher ${JSON.stringify(d.result)}); bare ${d.bareDelivered}/${d.expected} ` +
      `(${d.bareDuplicated} duplicated); SMTP server CPU ${fmt(d.serverCpu)} / ${fmt(d.bareServerCpu)}`,
  );
  row(
    `(b) queue: INSERTs of ${INSERT_BATCH} rows in one transaction`,
    fmt(f.queueBatched.wall),
    fmt(f.queueBatched.cpu),
    rate(f.queueBatched.wall),
  );
  row(
    `    bare: one INSERT of ${n} rows`,
    fmt(f.queueBare.wall),
    fmt(f.queueBare.cpu),
    rate(f.queueBare.wall),
  );
  console.log(`      ratio bare/batched time: ${(f.queueBare.wall / f.queueBatched.wall).toFixed(2)}`);
  console.log(
    `  (c) peak memory over baseline during the send: dispatcher rss +${mb(f.outboxMemory.rss)}, heapUsed ` +
      `+${mb(f.outboxMemory.heap)}; bare pool rss +${mb(f.bareMemory.rss)}, heapUsed +${mb(f.bareMemory.heap)}`,
  );
}

async function postgresReachable() {
  const ok = await new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port: 5432, timeout: 1000 });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
  return ok;
}

async function main() {
  const smtp = await startSmtpChild();
  let failed = false;
  try {
    const r0 = await measure(() => renderMessages(N));
    const messages = r0.value;
    const bytes = messages.reduce((s, m) => s + m.text.length + m.subject.length, 0);
    console.log(
      `Mail benchmark: ${N.toLocaleString('en')} messages from one template (${Math.round(bytes / N)} characters ` +
        `each), rendered in ${fmt(r0.wall)} (CPU ${fmt(r0.cpu)}); SMTP server on loopback in a child process` +
        `${globalThis.gc ? '' : ' (run with --expose-gc for steadier memory baselines)'}`,
    );

    const results = [];
    const pglite = await openDatabase({ inMemory: true });
    try {
      results.push(await benchDatabase('PGlite (in-process, in memory)', pglite, smtp, messages));
    } finally {
      await pglite.close();
    }

    const base = process.env.PGURL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    if (opts['skip-postgres']) {
      console.log('\nPostgreSQL skipped (--skip-postgres)');
    } else if (await postgresReachable()) {
      const name = `bench_mail_${process.pid}`;
      const admin = new pg.Client({ connectionString: base });
      try {
        await admin.connect();
        await admin.query(`create database ${name}`);
      } catch (e) {
        console.log(`\nPostgreSQL at 127.0.0.1:5432 not usable (${e.message}): skipped`);
        await admin.end().catch(() => {});
      }
      if (admin._connected) {
        try {
          const url = new URL(base);
          url.pathname = `/${name}`;
          const handle = await openDatabase({ databaseUrl: url.toString() });
          try {
            results.push(await benchDatabase('PostgreSQL (127.0.0.1:5432)', handle, smtp, messages));
          } finally {
            await handle.close();
          }
        } finally {
          await admin.query(`drop database if exists ${name}`);
          await admin.end();
        }
      }
    } else {
      console.log('\nPostgreSQL not reachable at 127.0.0.1:5432: PGlite only');
    }

    for (const f of results) {
      report(f, N);
      const d = f.delivery;
      if (d.delivered !== N || d.duplicated || d.recordedSent !== N || d.bareDelivered !== N) failed = true;
    }
  } finally {
    await smtp.stop();
  }
  if (failed) {
    console.log('\nFAILED: a message was lost or duplicated');
    process.exitCode = 1;
  }
}

if (process.argv[2] === '--smtp-server') await runSmtpServer();
else await main();
