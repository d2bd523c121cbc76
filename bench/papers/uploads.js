// N concurrent uploads of S MB (default 200 × 5 MB) to the API's POST /api/author/papers/:id/upload and, with
// the same bytes, to the bare streaming route of upload-server.js --bare (node:http + busboy, sha256, fsync,
// rename, the directory fsyncs grouped as the API groups them). Each side runs in a fresh server process of its
// own, started before the clock and warmed by `warm` (20) uploads to papers of their own before it (the product
// serves uploads from a long-running process; the same warm-up for both sides; the memory growth counts it).
// `runUploads` runs pairs in ABBA order (api, bare, bare, api …) and reports the median of the pair ratios
// (bare wall / API wall = API throughput / bare throughput) with their range — never the best of each side.
// For each run: wall time, CPU of the server process tree, of the PostgreSQL backends of the API's database
// (bench/lib/measure.js databaseCpuMs) and of the client (this process), the server's CPU by thread, MB/s, errors,
// lost or corrupted files (the sha256 computed before sending, the one the server answered, and the one of the
// stored bytes read back — over HTTP for the API, from disk for the bare route: the same verification for
// both, after the clock), and the server's memory growth (peak VmHWM from the warm-up to the end of the
// uploads minus VmRSS when idle before them).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { cpuMeter, fmtMs, interleave } from '../lib/measure.js';

const here = dirname(fileURLToPath(import.meta.url));
const MB = 1_000_000;
const CHUNK = 64 * 1024;
const RING = 8 * 1024 * 1024;
const TAIL = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** Deterministic printable bytes (xorshift32), never a '%' so never a second %%EOF. */
function ring(length) {
  const buf = Buffer.allocUnsafe(length);
  let x = 2463534242;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    buf[i] = 0x30 + ((x >>> 0) % 40);
  }
  return buf;
}

/**
 * The file of upload `seed`: a PDF header naming the seed, then bytes of the shared ring from an offset of
 * its own (so no two uploads agree at any position and a swapped chunk is seen), then a PDF trailer. Chunks
 * are views into the ring: the client spends no CPU making bytes while the clock runs.
 */
function fileChunks(bytes, seed, size) {
  const head = Buffer.from(`%PDF-1.4\n% bench upload ${seed}\n`);
  const body = size - head.length - TAIL.length;
  const offset = (seed * 1_048_573) % (bytes.length - body);
  const out = [head];
  for (let at = 0; at < body; at += CHUNK)
    out.push(bytes.subarray(offset + at, offset + Math.min(body, at + CHUNK)));
  out.push(TAIL);
  return out;
}

function upload(port, path, token, seed, chunks, size) {
  const boundary = `----symbench${seed}`;
  const pre = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="paper-${seed}.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const post = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from([pre, ...chunks, post], { objectMode: false });
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': pre.length + size + post.length,
        },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* reported below */
          }
          resolve({ status: res.statusCode, body: json });
        });
      },
    );
    req.on('error', (e) => resolve({ status: 0, error: e.message }));
    body.pipe(req);
  });
}

const sha256Of = (stream) =>
  new Promise((resolve) => {
    const h = createHash('sha256');
    stream.on('data', (d) => h.update(d));
    stream.on('end', () => resolve(h.digest('hex')));
    stream.on('error', (e) => resolve(e.message));
  });

function download(port, token, paperId, fileId) {
  return new Promise((resolve) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/author/papers/${paperId}/download/${fileId}`,
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return resolve(`HTTP ${res.statusCode}`);
          }
          void sha256Of(res).then(resolve);
        },
      )
      .on('error', (e) => resolve(e.message));
  });
}

const memory = (pid) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

/** Peak RSS starts again from the current RSS (Linux: clear_refs 5), so the peak is the uploads' own. */
const resetPeak = (pid) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* then the peak includes start-up, which only overstates the growth */
  }
};

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** CPU seconds per thread name (main thread "node", libuv pool, V8 workers, worker threads…). */
const threadsCpu = (pid) => {
  const out = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const name = String(tid) === String(pid) ? 'main' : comm === 'node' ? 'other node threads' : comm;
      out[name] = (out[name] ?? 0) + cpuOf(`${pid}/task/${tid}`);
    } catch {
      /* thread ended */
    }
  }
  return out;
};
const threadsDiff = (a, b) =>
  Object.fromEntries(
    Object.keys(b)
      .map((k) => [k, Number((b[k] - (a[k] ?? 0)).toFixed(2))])
      .filter(([, v]) => v > 0.05),
  );

async function startServer(count, args, env) {
  const server = spawn(
    process.execPath,
    [...(env.NODE_OPTIONS_SERVER ?? []), join(here, 'upload-server.js'), String(count), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env.vars },
    },
  );
  // its first JSON line says where it listens; any other output (--trace-gc …) goes to stderr
  const first = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: server.stdout });
    let found = false;
    rl.on('line', (line) => {
      if (!found && line.startsWith('{"port"')) {
        found = true;
        resolve(line);
      } else process.stderr.write(`${line}\n`);
    });
    server.once('exit', (code) => reject(new Error(`upload server exited with ${code}`)));
  });
  return { server, ...JSON.parse(first) };
}

/** One timed run against one server; the expected hashes are known before it starts. */
async function round(kind, { count, size, files, expected, databaseUrl, serverArgs, warm }) {
  const bare = kind === 'bare';
  const started = await startServer(count + warm, bare ? ['--bare'] : [], {
    vars: databaseUrl && !bare ? { DATABASE_URL: databaseUrl } : {},
    // node flags: `serverArgs` for the API; BENCH_BARE_NODE_ARGS (space-separated) for the bare route
    NODE_OPTIONS_SERVER: bare
      ? (process.env.BENCH_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean)
      : serverArgs,
  });
  const { server, port, token, dataDir } = started;
  const paperIds = started.paperIds.slice(0, count);
  try {
    // this process (the client), the server's process tree and, on PostgreSQL, the backends of the API's
    // database (for the bare route too: they stay idle), not the other benches' work on the shared server
    const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
    const meter = cpuMeter({
      trees: [{ pid: server.pid, name: 'server' }],
      postgres: { databases: () => (database ? [database] : []) },
    });
    // memory: idle before the warm-up, peak from then on (the growth counts the warm-up's too)
    const idle = memory(server.pid);
    resetPeak(server.pid);
    // the server as it serves uploads in production: warm (a long-running process, not one started for each
    // burst), so `warm` uploads to papers of their own first, not timed, the same for both sides
    const upTo = (ids, first) =>
      Promise.all(
        ids.map((id, i) =>
          upload(
            port,
            bare ? `/bare/${id}` : `/api/author/papers/${id}/upload?p=abstract`,
            token,
            first + i + 1,
            files[(first + i) % files.length],
            size,
          ),
        ),
      );
    const warmed = await upTo(started.paperIds.slice(count), count);
    if (warmed.some((r) => r.status !== 201 && r.status !== 200))
      throw new Error(`a warm-up upload failed: ${JSON.stringify(warmed.find((r) => r.status >= 300))}`);
    const threads0 = threadsCpu(server.pid);
    const before = meter.read();
    const t0 = performance.now();
    const results = await upTo(paperIds, 0);
    const wall = performance.now() - t0;
    const cpu = meter.since(before);
    const threads = threadsDiff(threads0, threadsCpu(server.pid));
    const peak = memory(server.pid);
    const errors = results.filter((r) => r.status !== 201 && r.status !== 200);
    let lost = 0;
    for (let i = 0; i < results.length; i++) {
      const r = results[i];
      if (r.status !== 201 && r.status !== 200) continue;
      const file = r.body?.file;
      let back = 'no file in answer';
      if (file && bare)
        back = await sha256Of(createReadStream(join(dataDir, 'objects', file._id.slice(0, 2), file._id)));
      else if (file) back = await download(port, token, paperIds[i], file._id);
      if (!file || file.sha256 !== expected[i] || back !== expected[i] || file.size !== size) lost++;
    }
    return {
      kind,
      wall,
      cpu,
      seconds: wall / 1000,
      serverCpuSeconds: cpu.server / 1000,
      clientCpuSeconds: cpu.self / 1000,
      postgresCpuSeconds: (cpu.postgres ?? 0) / 1000,
      threads,
      throughputMBs: (count * size) / MB / (wall / 1000),
      errors: errors.length,
      errorSample: errors.slice(0, 3).map((e) => `${e.status} ${e.error ?? JSON.stringify(e.body)}`),
      lostOrCorrupted: lost,
      idleRssMb: idle.rss,
      peakRssMb: peak.hwm,
      growthMb: peak.hwm - idle.rss,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `rounds` pairs of (API, bare) with the same files, in ABBA order (api bare, bare api, …); per pair the
 * ratio bare wall / API wall (the API's throughput over the bare route's: ≥ 0.7 is the target), their median
 * and range. `databaseUrl`: the API on that PostgreSQL database instead of in-memory PGlite. `serverArgs`:
 * node flags for the API server (e.g. --cpu-prof).
 */
export async function runUploads({
  count = 200,
  sizeMb = 5,
  rounds = 3,
  databaseUrl,
  serverArgs = [],
  warm = 20,
  onRound,
} = {}) {
  const size = sizeMb * MB;
  const bytes = ring(RING + size);
  const files = [];
  const expected = [];
  for (let i = 0; i < count; i++) {
    const chunks = fileChunks(bytes, i + 1, size);
    const h = createHash('sha256');
    for (const c of chunks) h.update(c);
    files.push(chunks);
    expected.push(h.digest('hex'));
  }
  const run = (kind) => async () => {
    const r = await round(kind, { count, size, files, expected, databaseUrl, serverArgs, warm });
    onRound?.(r);
    return r;
  };
  const pairs = await interleave({ rounds, a: run('api'), b: run('bare'), ratio: (a, b) => b.wall / a.wall });
  const all = [...pairs.a, ...pairs.b];
  const sum = (xs, f) => xs.reduce((n, x) => n + f(x), 0);
  const cpuRatio = sum(pairs.a, (x) => x.cpu.total) / sum(pairs.b, (x) => x.cpu.total);
  const serverCpuRatio = sum(pairs.a, (x) => x.cpu.server) / sum(pairs.b, (x) => x.cpu.server);
  const maxGrowthMb = Math.max(...pairs.a.map((x) => x.growthMb));
  const errors = sum(all, (x) => x.errors);
  const lostOrCorrupted = sum(all, (x) => x.lostOrCorrupted);
  const walls = (xs) => xs.map((x) => fmtMs(x.wall)).join(' / ');
  return {
    uploads: count,
    sizeMb,
    pairs,
    ratio: pairs.median,
    range: [pairs.min, pairs.max],
    cpuRatio,
    serverCpuRatio,
    errors,
    lostOrCorrupted,
    maxGrowthMb,
    errorSample: all.flatMap((x) => x.errorSample).slice(0, 3),
    summary:
      `${rounds} ABBA pairs of ${count} × ${sizeMb} MB: API ${walls(pairs.a)}, bare ${walls(pairs.b)}; ` +
      `API/bare throughput ${pairs.median.toFixed(2)} (${pairs.min.toFixed(2)}–${pairs.max.toFixed(2)}); ` +
      `CPU API/bare ${cpuRatio.toFixed(2)} (servers ${serverCpuRatio.toFixed(2)}); API memory growth ≤ ${maxGrowthMb.toFixed(0)} MB; ` +
      `errors ${errors}, lost or corrupted ${lostOrCorrupted}`,
  };
}
