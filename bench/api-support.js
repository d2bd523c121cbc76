// What the benches that run the API in process share (bench/assignment-api.js, bench/papers/run.js): the
// percentile and time formats, a child process reporting JSON, the /api/health sampler, and a throwaway
// PostgreSQL database.
import { spawn } from 'node:child_process';
import pg from 'pg';

export const ROOT = new URL('../', import.meta.url).pathname;

export { pct, median } from './lib/measure.js';
export const ms = (x) => `${x.toFixed(1)} ms`;
/** Milliseconds of CPU in a process.cpuUsage() difference. */
export const cpuMs = (c) => (c.user + c.system) / 1000;

/**
 * Starts the built API (`createApp` and the `DB` token from its dist) on a free loopback port with the
 * benches' settings and `dbConfig` (PGlite or a databaseUrl): the app, its base URL and its database.
 */
export async function startBenchApi(createApp, DB, dbConfig) {
  const app = await createApp(
    {
      port: 0,
      dataDir: '/nonexistent',
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
      publicUrl: 'http://localhost',
      demoData: false,
      serveApps: false,
      runJobs: false,
      ...dbConfig,
    },
    { logger: ['error'] },
  );
  await app.listen(0, '127.0.0.1');
  return { app, base: `http://127.0.0.1:${app.getHttpServer().address().port}`, db: app.get(DB) };
}

/** Signs in through POST /api/auth/login: the access token, and JSON request headers carrying it. */
export async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  const { accessToken } = await res.json();
  return {
    token: accessToken,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
  };
}

/**
 * A child process running node code (ESM, from the repository root) whose last stdout line is JSON: `done`
 * resolves to it; `stop()` closes the child's stdin (its signal to stop, for the children that wait for it).
 */
export function child(code, env) {
  const p = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  p.stdout.on('data', (d) => (out += d));
  const done = new Promise((resolve, reject) => {
    p.on('error', reject);
    p.on('close', (status) => {
      if (status !== 0) return reject(new Error(`child exited with ${status}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (e) {
        reject(new Error(`child output: ${out.slice(0, 300)} (${e.message})`));
      }
    });
  });
  return { stop: () => p.stdin.end(), done };
}

/**
 * Child code: GET $URL every ~20 ms until its stdin closes (bounded: at most 30 minutes), then prints
 * {lat: [ms…], bad: answers that were not 2xx}.
 */
export const HEALTH_SAMPLER = `
const lat = [];
let bad = 0;
let stop = false;
process.stdin.on('end', () => (stop = true)).resume();
const end = Date.now() + 30 * 60 * 1000;
while (!stop && Date.now() < end) {
  const t0 = performance.now();
  const res = await fetch(process.env.URL);
  await res.arrayBuffer();
  if (!res.ok) bad++;
  const t = performance.now() - t0;
  lat.push(t);
  if (t < 20) await new Promise((r) => setTimeout(r, 20 - t));
}
console.log(JSON.stringify({ lat, bad }));
`;

/**
 * Runs `work(url)` on a database of its own created on PGURL (default the local server) and dropped after;
 * when that server does not answer, says so and returns undefined (the bench goes on with PGlite only).
 */
export async function withScratchPostgres(prefix, work) {
  const base = process.env.PGURL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch (e) {
    console.log(`\nPostgreSQL not reachable at ${base} (${e.message}): PGlite only`);
    return undefined;
  }
  const name = `${prefix}_${process.pid}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return await work(url);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}
