// Several API instances behind haproxy on one machine (issue 24): what `npm run cluster` and the cluster tests
// (test/cluster/) start. Builds nothing: runs apps/api/dist/main.js (`npm run build` first).
//
// Every instance gets the same DATABASE_URL (PostgreSQL; the database is created when missing), JWT_SECRET,
// file store (FILE_STORE and S3_* passed through; with the disk store one shared DATA_DIR) and
// TRUSTED_PROXIES=loopback, so X-Forwarded-For from haproxy is believed. haproxy runs with deploy/haproxy.cfg,
// its `bind`, stats socket and `server` lines written for the instances started here.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const ROOT = resolve(import.meta.dirname, '../..');
export const MAIN = join(ROOT, 'apps/api/dist/main.js');
export const HAPROXY_CONFIG = join(ROOT, 'deploy/haproxy.cfg');
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/symposium_cluster';

/** Settings passed through from the environment to every instance when set. */
const PASS_THROUGH = [
  /^FILE_STORE$/,
  /^S3_/,
  /^SMTP_/,
  /^CHAIR_(EMAIL|PASSWORD)$/,
  /^DATABASE_POOL_SIZE$/,
  /^JOBS_TICK_MS$/,
  /^LOG_LEVEL$/,
  /^SHUTDOWN_DRAIN_MS$/,
  /^NODE_OPTIONS$/,
  /^PUPPETEER_EXECUTABLE_PATH$/,
  /^CHROMIUM_/,
];

/** The haproxy binary: $HAPROXY, then PATH, then /usr/sbin (Debian's, not on a user's PATH). */
export function findHaproxy() {
  const candidates = [process.env.HAPROXY, 'haproxy', '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];
  for (const c of candidates.filter(Boolean)) {
    try {
      execFileSync(c, ['-v'], { stdio: 'ignore' });
      return c;
    } catch {
      /* not this one */
    }
  }
  return undefined;
}

export const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

/** Polls `check` every 50 ms until it holds; fails with `what` (and `detail()`) after `ms`. */
export async function until(what, check, ms = 60_000, detail = () => '') {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - t0 > ms) throw new Error(`Timed out waiting for ${what}${detail()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Creates the database of `url` on its server when it does not exist. */
export async function ensureDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!name) throw new Error(`DATABASE_URL names no database: ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await c.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}

/** deploy/haproxy.cfg with the given listening port, stats socket and servers. */
export function haproxyConfig({ port, statsSocket, servers, template = HAPROXY_CONFIG }) {
  const lines = readFileSync(template, 'utf8').split('\n');
  const out = [];
  let wroteServers = false;
  for (const line of lines) {
    if (/^\s*bind\s/.test(line)) out.push(`    bind 127.0.0.1:${port}`);
    else if (/^\s*stats socket\s/.test(line))
      out.push(`    stats socket ${statsSocket} mode 600 level admin`);
    else if (/^\s*server\s/.test(line)) {
      if (wroteServers) continue;
      wroteServers = true;
      for (const s of servers) out.push(`    server ${s.name} 127.0.0.1:${s.port} check`);
    } else out.push(line);
  }
  if (!wroteServers) throw new Error(`${template} has no server lines to replace`);
  return out.join('\n');
}

/** One command on haproxy's runtime API (its stats socket); the answer's text. */
export function haproxyCommand(socket, command) {
  return new Promise((ok, fail) => {
    let out = '';
    const c = createConnection(socket);
    c.on('connect', () => c.end(`${command}\n`));
    c.on('data', (d) => (out += d));
    c.on('error', fail);
    c.on('close', () => ok(out));
  });
}

/** Each server's status in haproxy's backend (`UP`, `DOWN`, `UP 1/2` …): name → status. */
export async function serverStatuses(socket, backend = 'api') {
  const csv = await haproxyCommand(socket, 'show stat');
  const [header, ...rows] = csv.trim().split('\n');
  const cols = header.replace(/^# /, '').split(',');
  const at = (name) => cols.indexOf(name);
  const out = {};
  for (const row of rows) {
    const f = row.split(',');
    if (f[at('pxname')] !== backend || ['BACKEND', 'FRONTEND'].includes(f[at('svname')])) continue;
    out[f[at('svname')]] = f[at('status')];
  }
  return out;
}

/** Keeps the last `max` characters of a process's output (for error messages). */
function tail(max = 20_000) {
  let text = '';
  return {
    add: (d) => {
      text = (text + d).slice(-max);
    },
    get text() {
      return text;
    },
  };
}

/**
 * Starts `instances` API processes and haproxy in front of them. Options: port (haproxy's, default a free
 * one), databaseUrl (default $DATABASE_URL or DEFAULT_DATABASE_URL; created when missing), dataDir (shared by
 * the instances; default a new temporary directory, removed on stop), jwtSecret, env (more settings for every
 * instance), output(name, text) (each process's output as it comes; default kept for error messages only).
 */
export async function startCluster(opts = {}) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const haproxyBin = findHaproxy();
  if (!haproxyBin) throw new Error('haproxy is not installed (Debian: apt-get install haproxy)');
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  await ensureDatabase(databaseUrl);
  const work = mkdtempSync(join(tmpdir(), 'symposium-cluster-'));
  const dataDir = opts.dataDir ?? join(work, 'data');
  const port = opts.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const statsSocket = join(work, 'haproxy.sock');
  const jwtSecret =
    opts.jwtSecret ??
    process.env.JWT_SECRET ??
    `cluster-${Math.random().toString(36).slice(2)}-secret-0123456789`;
  const passed = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => PASS_THROUGH.some((re) => re.test(k))),
  );
  const output = opts.output ?? (() => {});
  const logs = tail();
  const note = (name, d) => {
    logs.add(`[${name}] ${d}`);
    output(name, String(d));
  };

  /** One API instance on a fixed loopback port (a restart keeps it, as haproxy's server line does). */
  const makeInstance = (name, instancePort) => {
    const inst = {
      name,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      child: null,
      get pid() {
        return inst.child?.pid;
      },
      get running() {
        return !!inst.child && inst.child.exitCode === null && inst.child.signalCode === null;
      },
      /** Starts the process and waits for /api/health to answer 200. */
      async start() {
        const child = spawn(process.execPath, [MAIN], {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            DEMO_DATA: 'false',
            LOG_LEVEL: 'warn',
            ...passed,
            PORT: String(instancePort),
            DATABASE_URL: databaseUrl,
            DATA_DIR: dataDir,
            JWT_SECRET: jwtSecret,
            PUBLIC_URL: url,
            TRUSTED_PROXIES: 'loopback',
            ...opts.env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        inst.child = child;
        child.stdout.on('data', (d) => note(name, d));
        child.stderr.on('data', (d) => note(name, d));
        await until(
          `${name} on port ${instancePort} to answer /api/health`,
          async () => {
            if (child.exitCode !== null || child.signalCode !== null)
              throw new Error(`${name} exited early (${child.exitCode ?? child.signalCode}):\n${logs.text}`);
            return fetch(`${inst.url}/api/health`).then(
              (r) => r.ok,
              () => false,
            );
          },
          90_000,
          () => `\n${logs.text}`,
        );
        return inst;
      },
      /** Sends `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and waits for the process to end. */
      async stop(signal = 'SIGTERM') {
        const child = inst.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((ok) => child.once('exit', () => ok()));
        child.kill(signal);
        await exited;
      },
    };
    return inst;
  };

  const instances = [];
  for (let i = 0; i < (opts.instances ?? 3); i++)
    instances.push(makeInstance(`api${i + 1}`, await freePort()));
  let haproxy = null;
  const cluster = {
    url,
    port,
    databaseUrl,
    dataDir,
    jwtSecret,
    statsSocket,
    instances,
    get haproxyPid() {
      return haproxy?.pid;
    },
    /** The processes' recent output (for error messages). */
    get logs() {
      return logs.text;
    },
    /** haproxy's view of each instance: name → 'UP', 'DOWN', 'UP 1/2', … */
    statuses: () => serverStatuses(statsSocket),
    /** Waits until haproxy sees each instance as it is: running ones UP, stopped ones DOWN. */
    async settled(ms = 30_000) {
      let last = {};
      await until(
        'haproxy to see every instance as it is',
        async () => {
          last = await serverStatuses(statsSocket).catch(() => ({}));
          return instances.every((i) => last[i.name] === (i.running ? 'UP' : 'DOWN'));
        },
        ms,
        () => `: ${JSON.stringify(last)}`,
      );
    },
    async stop() {
      await Promise.all(instances.map((i) => i.stop('SIGTERM')));
      if (haproxy && haproxy.exitCode === null && haproxy.signalCode === null) {
        const exited = new Promise((ok) => haproxy.once('exit', () => ok()));
        haproxy.kill('SIGTERM');
        await exited;
      }
      rmSync(work, { recursive: true, force: true });
    },
  };

  try {
    // the first instance migrates the database; the others start once it has
    await instances[0].start();
    await Promise.all(instances.slice(1).map((i) => i.start()));
    const cfg = join(work, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig({ port, statsSocket, servers: instances }));
    execFileSync(haproxyBin, ['-c', '-q', '-f', cfg]);
    haproxy = spawn(haproxyBin, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout.on('data', (d) => note('haproxy', d));
    haproxy.stderr.on('data', (d) => note('haproxy', d));
    await cluster.settled();
  } catch (e) {
    await cluster.stop().catch(() => {});
    throw e;
  }
  return cluster;
}
