// 200 concurrent 5 MB uploads (issue 3 figures): the number of errors, of lost or corrupted files (the
// sha256 the client computed while sending, the one the server recorded, and the one of the file read
// back), and the server process's peak memory (VmHWM) against its memory when idle before the uploads.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const MB = 1_000_000;

/** Deterministic bytes (xorshift32) so every upload differs and can be checked. */
function* chunks(seed, size) {
  let x = seed * 2654435761 || 1;
  const head = Buffer.from('%PDF-1.4\n% bench upload\n');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  yield head;
  let left = size - head.length - tail.length;
  while (left > 0) {
    const n = Math.min(left, 64 * 1024);
    const buf = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      // printable bytes, never a second %%EOF
      buf[i] = 0x30 + ((x >>> 0) % 40);
    }
    left -= n;
    yield buf;
  }
  yield tail;
}

function upload(port, token, paperId, seed, size) {
  const boundary = `----symbench${seed}`;
  const pre = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="paper-${seed}.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const post = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  const body = Readable.from(
    (function* () {
      yield pre;
      for (const c of chunks(seed, size)) {
        hash.update(c);
        yield c;
      }
      yield post;
    })(),
  );
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/author/papers/${paperId}/upload?p=abstract`,
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
          resolve({ paperId, status: res.statusCode, body: json, sent: hash.digest('hex') });
        });
      },
    );
    req.on('error', (e) => resolve({ paperId, status: 0, error: e.message, sent: hash.digest('hex') }));
    body.pipe(req);
  });
}

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
          const h = createHash('sha256');
          res.on('data', (d) => h.update(d));
          res.on('end', () => resolve(res.statusCode === 200 ? h.digest('hex') : `HTTP ${res.statusCode}`));
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

export async function runUploads({ count = 200, sizeMb = 5 } = {}) {
  const server = spawn(process.execPath, [join(here, 'upload-server.js'), String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: server.stdout });
    rl.once('line', resolve);
    server.once('exit', (code) => reject(new Error(`upload server exited with ${code}`)));
  });
  const { port, token, paperIds, dataDir } = JSON.parse(first);
  try {
    const idle = memory(server.pid);
    const size = sizeMb * MB;
    const t0 = performance.now();
    const results = await Promise.all(paperIds.map((id, i) => upload(port, token, id, i + 1, size)));
    const seconds = (performance.now() - t0) / 1000;
    const peak = memory(server.pid);
    const errors = results.filter((r) => r.status !== 201 && r.status !== 200);
    let lost = 0;
    for (const r of results) {
      if (r.status !== 201 && r.status !== 200) continue;
      const file = r.body?.file;
      const back = file ? await download(port, token, r.paperId, file._id) : 'no file in answer';
      if (!file || file.sha256 !== r.sent || back !== r.sent || file.size !== size) lost++;
    }
    return {
      uploads: count,
      sizeMb,
      seconds,
      errors: errors.length,
      errorSample: errors.slice(0, 3).map((e) => `${e.status} ${e.error ?? JSON.stringify(e.body)}`),
      lostOrCorrupted: lost,
      idleRssMb: idle.rss,
      peakRssMb: peak.hwm,
      throughputMBs: (count * size) / MB / seconds,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
