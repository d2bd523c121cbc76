// Mail benchmark (issues 10 and 23), `npm run bench:mail`.
//
// What it measures: 10,000 personalised messages (one template, rendered once before the rounds with
// parseTemplate/renderTemplate of @symposium/domain, outside every clock) delivered to an SMTP sink on
// loopback, two ways, in interleaved rounds (outbox, bare, bare, outbox, … : ABBA, --rounds pairs, default 4):
//  outbox: the product's whole path — the messages QUEUED the way a bulk send queues them (OutboxService
//          .enqueueMany in one transaction: multi-row INSERTs of OUTBOX_BATCH rows) and then SENT by the real
//          OutboxDispatcher (claims with FOR UPDATE SKIP LOCKED, the pooled nodemailer transport, 'sent'
//          recorded in groups) on the real OutboxRepository, the database migrated by the app's migrations;
//  bare:   nodemailer's pool with the same settings (smtpPoolOptions: 5 connections, no Nagle) sending the
//          same 10,000 messages directly — it has no queue: that is the point of the comparison.
// Both clocks start before anything is queued or connected and stop when the last message is accepted and
// (outbox) recorded. Ratio = bare wall / outbox wall (throughput outbox / bare); goal ≥ 0.6 on PGlite and on
// PostgreSQL (a database of its own at PGURL, default 127.0.0.1:5432, created and dropped for the run).
// The figure is the median of the pair ratios, with their range.
//
// CPU beside wall: this process (the dispatcher or the bare pool; PGlite runs in it), the SMTP sink child
// (its process tree) and, on PostgreSQL, every PostgreSQL server process (bench/lib/measure.js cpuMeter).
//
// Why it is fair: the queueing is inside the outbox's clock (it is work the product does for every message);
// the sink only stores what it receives during a round (parsing happens after the clock stops, for both
// sides alike); a warm-up of both paths on 300 messages precedes the rounds (the product runs warm).
//
// Checks (exit 1 on any difference): after every round the sink parses every message it received (mailparser)
// and the bench compares, for each side, the envelope recipient, To, From, Subject and text body of every
// message with an independent rendering written here (a plain string replace of each {{placeholder}} for
// that recipient), each of the 10,000 recipients exactly once and nothing else; for the outbox, every row
// recorded 'sent' with the server's answer.
// Options: --messages N (10000), --rounds N (4 pairs), --skip-postgres.
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { parseTemplate, renderTemplate } from '../libs/domain/dist/index.js';
import { openDatabase } from '../apps/api/dist/database/database.js';
import { OutboxDispatcher } from '../apps/api/dist/modules/outbox/outbox.dispatcher.js';
import { OutboxRepository } from '../apps/api/dist/modules/outbox/outbox.repository.js';
import { OutboxService } from '../apps/api/dist/modules/outbox/outbox.service.js';
import {
  createSmtpTransport,
  SMTP_POOL,
  smtpPoolOptions,
} from '../apps/api/dist/modules/outbox/mail.transport.js';
import { withScratchPostgres } from './api-support.js';
import {
  benchName,
  check,
  cpuMeter,
  figure,
  finish,
  fmtMeasure,
  fmtRatio,
  interleave,
  measure,
  median,
  spread,
} from './lib/measure.js';

// ---------------------------------------------------------------------------------------------------------
// The SMTP sink (child process): accepts everything and keeps the raw messages of the round; parses them
// only when asked, after the round's clock stopped.

async function runSmtpSink() {
  const { SMTPServer } = await import('smtp-server');
  const { simpleParser } = await import('mailparser');
  let received = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback(null, 'Ok: queued');
      });
    },
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
  process.on('message', async (m) => {
    if (m === 'collect') {
      const round = received;
      received = [];
      const out = [];
      for (const r of round) {
        const p = await simpleParser(r.raw, {
          skipHtmlToText: true,
          skipTextToHtml: true,
          skipImageLinks: true,
        });
        out.push({
          rcpt: r.rcpt,
          to: p.to?.value.map((a) => a.address) ?? [],
          from: p.from?.text ?? '',
          subject: p.subject ?? '',
          text: p.text ?? '',
          html: p.html || null,
        });
      }
      process.send({ messages: out });
    } else if (m === 'stop') server.close(() => process.exit(0));
  });
}

function startSmtpSink() {
  const child = fork(new URL(import.meta.url).pathname, ['--smtp-sink'], { stdio: 'inherit' });
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
        pid: child.pid,
        collect: async () => (await ask('collect')).messages,
        stop: () => new Promise((r) => (child.once('exit', r), child.send('stop'))),
      }),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------

const { values: opts } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--smtp-sink'),
  options: {
    messages: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '4' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const N = Number(opts.messages);
const ROUNDS = Number(opts.rounds);
const FROM_ADDRESS = 'noreply@bench.example.org';
const FROM = `Symposium <${FROM_ADDRESS}>`;
const WARM = 300;

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

const email = (i) => `author${i}@bench.example.org`;

function valuesOf(i) {
  return {
    'recipient.firstName': `First${i}`,
    'recipient.lastName': `Last${i % 997}`,
    'recipient.email': email(i),
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
}

/** The product's rendering (what is queued and sent). */
function renderMessages(n) {
  const subject = parseTemplate(TEMPLATE.subject);
  const text = parseTemplate(TEMPLATE.text);
  const out = [];
  for (let i = 0; i < n; i++) {
    const values = valuesOf(i);
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

/** The independent rendering: a plain replace of every {{name}} by its value (recipient → expected). */
function expectedMessages(n) {
  const out = new Map();
  for (let i = 0; i < n; i++) {
    const v = valuesOf(i);
    let subject = TEMPLATE.subject;
    let text = TEMPLATE.text;
    for (const [k, val] of Object.entries(v)) {
      subject = subject.split(`{{${k}}}`).join(val);
      text = text.split(`{{${k}}}`).join(val);
    }
    out.set(email(i), { subject, text });
  }
  return out;
}

/** Compares what the sink parsed with the expected messages: each recipient once, every field equal. */
function compareDelivery(received, expected) {
  const problems = [];
  const seen = new Map();
  const norm = (s) => s.replace(/\r\n/g, '\n');
  for (const m of received) {
    const rcpt = m.rcpt.join(',');
    seen.set(rcpt, (seen.get(rcpt) ?? 0) + 1);
    const e = expected.get(rcpt);
    if (!e) {
      problems.push(`unexpected recipient ${rcpt}`);
      continue;
    }
    if (m.to.join(',') !== rcpt) problems.push(`${rcpt}: To ${m.to.join(',')}`);
    if (m.from !== FROM && m.from !== `"Symposium" <${FROM_ADDRESS}>`)
      problems.push(`${rcpt}: From ${m.from}`);
    if (m.subject !== e.subject) problems.push(`${rcpt}: subject ${JSON.stringify(m.subject)}`);
    // mailparser drops the body's final line break; the message is otherwise compared as it was sent
    if (norm(m.text).replace(/\n$/, '') !== e.text.replace(/\n$/, ''))
      problems.push(`${rcpt}: text ${JSON.stringify(m.text.slice(0, 120))}…`);
    if (m.html) problems.push(`${rcpt}: an html part that was not sent`);
  }
  for (const [rcpt, count] of seen) if (count > 1) problems.push(`${rcpt} received ${count} times`);
  const missing = [...expected.keys()].filter((r) => !seen.has(r));
  if (missing.length)
    problems.push(`${missing.length} recipients got nothing (${missing.slice(0, 3).join(', ')}…)`);
  return {
    ok: problems.length === 0,
    detail: `${received.length} messages; ${problems.slice(0, 5).join('; ')}`,
  };
}

// ---------------------------------------------------------------------------------------------------------

const clearOutbox = (db) => db.execute(sql`truncate outbox restart identity`);
const sentRows = async (db) =>
  (
    await db.execute(
      sql`select count(*)::int as n, count(*) filter (where last_response like '250%')::int as answered
            from outbox where state = 'sent'`,
    )
  ).rows[0];

async function benchDatabase(label, handle, smtp, messages, expected, postgres) {
  const { db } = handle;
  const smtpConfig = { host: '127.0.0.1', port: smtp.port, secure: false, from: FROM };
  const config = { smtp: smtpConfig, runJobs: false };
  const scheduler = { doesExist: () => false, deleteInterval: () => {}, addInterval: () => {} };
  const repo = new OutboxRepository(db);
  // enqueueMany uses only the outbox repository (history and settings are other paths)
  const outbox = new OutboxService(repo, null, null);
  const meter = cpuMeter({ trees: [{ pid: smtp.pid, name: 'smtp-sink' }], postgres });

  /** The product: queue (one transaction, as a bulk send does), then the dispatcher sends them. */
  const outboxSide = async (msgs) => {
    await db.transaction((tx) => outbox.enqueueMany(msgs, tx));
    const transport = createSmtpTransport(smtpConfig);
    const dispatcher = new OutboxDispatcher(config, transport, repo, scheduler);
    try {
      return await dispatcher.dispatchDue();
    } finally {
      await dispatcher.beforeApplicationShutdown();
    }
  };
  /** Bare: nodemailer's pool, the same settings, the same messages, no queue. */
  const bareSide = async (msgs) => {
    const transporter = nodemailer.createTransport(smtpPoolOptions(smtpConfig));
    try {
      await Promise.all(
        msgs.map((m) => transporter.sendMail({ from: FROM, to: m.to, subject: m.subject, text: m.text })),
      );
    } finally {
      transporter.close();
    }
  };

  // warm-up of both paths (not measured, not checked beyond the count)
  const warm = messages.slice(0, WARM);
  await clearOutbox(db);
  await outboxSide(warm);
  await bareSide(warm);
  const warmed = await smtp.collect();
  check(`${label}: warm-up delivered ${2 * WARM} messages`, warmed.length === 2 * WARM, `${warmed.length}`);

  const r = await interleave({
    rounds: ROUNDS,
    a: async (round) => {
      await clearOutbox(db);
      const m = await measure(() => outboxSide(messages), meter);
      const got = await smtp.collect();
      const c = compareDelivery(got, expected);
      check(`${label}: outbox round ${round}: every message delivered once, as rendered`, c.ok, c.detail);
      const s = await sentRows(db);
      check(
        `${label}: outbox round ${round}: ${N} rows recorded sent with the server's answer`,
        s.n === N && s.answered === N && m.value.sent === N,
        `${s.n} sent, ${s.answered} with a 250 answer, dispatcher ${JSON.stringify(m.value)}`,
      );
      console.log(`  outbox ${fmtMeasure(m)}`);
      return m;
    },
    b: async (round) => {
      const m = await measure(() => bareSide(messages), meter);
      const got = await smtp.collect();
      const c = compareDelivery(got, expected);
      check(`${label}: bare round ${round}: every message delivered once, as rendered`, c.ok, c.detail);
      console.log(`  bare   ${fmtMeasure(m)}`);
      return m;
    },
    ratio: (a, b) => b.wall / a.wall,
  });
  await clearOutbox(db);

  const cpuRatio = spread(r.a.map((a, i) => r.b[i].cpu.total / a.cpu.total));
  const rate = (ms) => `${Math.round((N / ms) * 1000).toLocaleString('en')} msg/s`;
  const mw = (xs) => median(xs.map((x) => x.wall));
  const mc = (xs, k) => median(xs.map((x) => x.cpu[k] ?? 0));
  const parts = (xs) =>
    Object.keys(xs[0].cpu)
      .filter((k) => k !== 'total')
      .map((k) => `${k} ${(mc(xs, k) / 1000).toFixed(2)} s`)
      .join(', ');
  console.log(`\n${label} (median of ${ROUNDS} rounds each)`);
  console.log(
    `  outbox (queue + OutboxDispatcher, pool of ${SMTP_POOL.maxConnections}): ${rate(mw(r.a))}, wall ${(mw(r.a) / 1000).toFixed(2)} s, CPU ${(mc(r.a, 'total') / 1000).toFixed(2)} s (${parts(r.a)})`,
  );
  console.log(
    `  bare nodemailer pool of ${SMTP_POOL.maxConnections}:               ${rate(mw(r.b))}, wall ${(mw(r.b) / 1000).toFixed(2)} s, CPU ${(mc(r.b, 'total') / 1000).toFixed(2)} s (${parts(r.b)})`,
  );
  console.log(
    `  outbox/bare throughput, median of pair ratios: ${fmtRatio(r)}; CPU bare/outbox ${fmtRatio(cpuRatio)}`,
  );
  const key = label.startsWith('PGlite') ? 'PGlite' : 'PostgreSQL';
  figure(`mail outbox/bare throughput, queueing counted, ${key}`, r.median, {
    goal: { op: '>=', value: 0.6 },
    range: [r.min, r.max],
    wall: { outbox: mw(r.a), bare: mw(r.b) },
    cpu: { outbox: mc(r.a, 'total'), bare: mc(r.b, 'total') },
  });
  figure(`mail CPU bare/outbox, ${key}`, cpuRatio.median, { range: [cpuRatio.min, cpuRatio.max] });
}

async function main() {
  benchName('mail');
  const smtp = await startSmtpSink();
  try {
    const messages = renderMessages(N);
    const expected = expectedMessages(N);
    const bytes = messages.reduce((s, m) => s + m.text.length + m.subject.length, 0);
    console.log(
      `Mail benchmark: ${N.toLocaleString('en')} messages from one template (${Math.round(bytes / N)} characters ` +
        `each), ${ROUNDS} interleaved pairs per database; SMTP sink on loopback in a child process`,
    );
    // the product's rendering against the independent one, before anything is sent
    const wrong = messages.filter((m) => {
      const e = expected.get(m.to[0]);
      return !e || e.subject !== m.subject || e.text !== m.text;
    });
    check('rendered messages equal the independent rendering', !wrong.length, `${wrong.length} differ`);

    const pglite = await openDatabase({ inMemory: true });
    try {
      await benchDatabase('PGlite (in-process, in memory)', pglite, smtp, messages, expected, false);
    } finally {
      await pglite.close();
    }

    if (opts['skip-postgres']) console.log('\nPostgreSQL skipped (--skip-postgres)');
    else
      await withScratchPostgres('bench_mail', async (url) => {
        const handle = await openDatabase({ databaseUrl: url.toString() });
        try {
          await benchDatabase(`PostgreSQL (${url.host})`, handle, smtp, messages, expected, true);
        } finally {
          await handle.close();
        }
      });
  } finally {
    await smtp.stop();
  }
  finish();
}

if (process.argv[2] === '--smtp-sink') await runSmtpSink();
else await main();
