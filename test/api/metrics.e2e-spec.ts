/**
 * GET /metrics (issue 24 item 5): Prometheus's text format behind METRICS_TOKEN (401 without it or with
 * another token; 404 when no token is configured: metrics.endpoint.spec.ts), every series the issue names present, and the series
 * moving under load: requests counted by route template and status, requests and uploads in flight while an
 * upload is held open, and an e-mail queued in the outbox.
 */
import type { PaperDto } from '@symposium/domain';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { reminderRulesTable } from '../../apps/api/src/modules/jobs/jobs.table.js';
import { documentBatchesTable } from '../../apps/api/src/modules/letters/letters.table.js';
import type { TestApp } from '../support/app.js';
import { pdf, setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

const TOKEN = 'metrics-test-token-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape (comments and HELP/TYPE lines left out). */
function samplesOf(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the series `name` with these labels (summed over the labels not given); undefined: absent. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.length ? found.reduce((sum, s) => sum + s.value, 0) : undefined;
}

/** Every series issue 24 item 5 names (with a label where the series is split by one). */
const SERIES: [string, Record<string, string>?][] = [
  ['symposium_http_request_duration_seconds_count'],
  ['symposium_http_request_duration_seconds_bucket'],
  ['symposium_http_requests_in_flight'],
  ['symposium_db_pool_in_use'],
  ['symposium_db_pool_idle'],
  ['symposium_db_pool_waiting'],
  ['symposium_db_pool_size'],
  ['nodejs_eventloop_lag_seconds'],
  ['symposium_outbox_messages', { state: 'queued' }],
  ['symposium_outbox_messages', { state: 'sending' }],
  ['symposium_outbox_messages', { state: 'failed' }],
  ['symposium_outbox_oldest_queued_age_seconds'],
  ['symposium_reminder_lag_seconds'],
  ['symposium_document_batches', { state: 'queued' }],
  ['symposium_document_batches', { state: 'running' }],
  ['symposium_document_batch_items_remaining'],
  ['symposium_chromium_pages', { state: 'in_use' }],
  ['symposium_chromium_pages', { state: 'idle' }],
  ['symposium_chromium_renders_waiting'],
  ['symposium_chromium_up'],
  ['symposium_uploads_in_progress'],
  ['process_cpu_seconds_total'],
];

const BOUNDARY = 'metricsBoundary7';

describe('GET /metrics', () => {
  let env: PapersEnv;
  let author: Awaited<ReturnType<TestApp['user']>>;
  let paper: PaperDto;
  let port: number;

  const scrape = async (): Promise<Sample[]> => {
    const res = await env.t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return samplesOf(res.text);
  };

  beforeAll(async () => {
    env = await setupPapers({ metricsToken: TOKEN });
    author = await env.t.user();
    const track = await env.track({ submissionProperties: { minFilesLimit: 1, maxFilesLimit: 3 } });
    const res = await env.t
      .call('post', '/api/author/papers', author.auth)
      .field('paper', JSON.stringify(submission(track, [author.id])))
      .attach('files', pdf('submitted'), 'submitted.pdf');
    expect(res.status).toBe(201);
    paper = res.body as PaperDto;
    await env.setActivity(track, 'canEditPaper', true, null);
    const server = env.t.app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await env.close();
  });

  it('answers 401 without the token or with another one, in Prometheus text format with it', async () => {
    const none = await env.t.http().get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.text).not.toMatch(/symposium_/);
    for (const header of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const wrong = await env.t.http().get('/metrics').set('Authorization', header);
      expect([header, wrong.status]).toEqual([header, 401]);
    }
    const res = await env.t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/^# HELP /m);
  });

  it('is at the root path, not under /api', async () => {
    const under = await env.t.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(under.status).toBe(404);
  });

  it('has every series, requests by route template (never the URL)', async () => {
    const samples = await scrape();
    for (const [name, labels] of SERIES)
      expect([name, labels, valueOf(samples, name, labels)]).toEqual([name, labels, expect.any(Number)]);
    const routes = new Set(
      samples
        .filter((s) => s.name === 'symposium_http_request_duration_seconds_count')
        .map((s) => s.labels.route),
    );
    // the paper's creation above, by template
    expect(routes).toContain('/api/author/papers');
    expect([...routes].filter((r) => /\d/.test(r!))).toEqual([]);
    const db = samples.find((s) => s.name === 'symposium_db_pool_size')!;
    expect(db.labels.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(db.value).toBeGreaterThanOrEqual(1);
  });

  it('moves under load: request counts, requests and uploads in flight, the outbox queue', async () => {
    const count = (samples: Sample[], route: string, status?: string) =>
      valueOf(samples, 'symposium_http_request_duration_seconds_count', {
        route,
        ...(status ? { status } : {}),
      }) ?? 0;
    const before = await scrape();
    expect(valueOf(before, 'symposium_uploads_in_progress')).toBe(0);
    // only the scrape itself
    expect(valueOf(before, 'symposium_http_requests_in_flight')).toBe(1);

    for (let i = 0; i < 5; i++)
      expect((await env.t.call('get', `/api/author/papers/${paper._id}`, author.auth)).status).toBe(200);
    expect(
      (
        await env.t
          .http()
          .get(`/api/author/papers/${paper._id + 1000}`)
          .set(...author.auth)
      ).status,
    ).toBe(404);
    const forgot = await env.t.http().post('/api/auth/password/forgot').send({ email: author.email });
    expect(forgot.status).toBe(200);

    // An upload held open mid-file: the server is writing it while we scrape.
    const file = Buffer.concat([pdf('held'), Buffer.alloc(400_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="held.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const upload = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/author/papers/${paper._id}/upload?p=abstract`,
      headers: {
        authorization: author.auth[1],
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': body.length,
      },
      agent: false,
    });
    const answered = new Promise<number>((resolve, reject) => {
      upload.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      upload.on('error', reject);
    });
    upload.write(body.subarray(0, 100_000));
    let during = await scrape();
    while (valueOf(during, 'symposium_uploads_in_progress') === 0) {
      await sleep(10);
      during = await scrape();
    }
    expect(valueOf(during, 'symposium_uploads_in_progress')).toBe(1);
    // the upload and the scrape
    expect(valueOf(during, 'symposium_http_requests_in_flight')).toBe(2);
    upload.end(body.subarray(100_000));
    expect(await answered).toBe(201);

    const after = await scrape();
    expect(
      count(after, '/api/author/papers/:paperId', '200') -
        count(before, '/api/author/papers/:paperId', '200'),
    ).toBe(5);
    expect(
      count(after, '/api/author/papers/:paperId', '404') -
        count(before, '/api/author/papers/:paperId', '404'),
    ).toBe(1);
    expect(
      count(after, '/api/auth/password/forgot', '200') - count(before, '/api/auth/password/forgot', '200'),
    ).toBe(1);
    expect(count(after, '/api/author/papers/:paperId/upload', '201')).toBe(
      count(before, '/api/author/papers/:paperId/upload', '201') + 1,
    );
    expect(valueOf(after, 'symposium_uploads_in_progress')).toBe(0);
    expect(valueOf(after, 'symposium_http_requests_in_flight')).toBe(1);
    expect(valueOf(after, 'symposium_outbox_messages', { state: 'queued' })).toBe(
      valueOf(before, 'symposium_outbox_messages', { state: 'queued' })! + 1,
    );
    expect(valueOf(after, 'symposium_outbox_oldest_queued_age_seconds')).toBeGreaterThan(0);
    // the sum of durations grows with the count
    expect(valueOf(after, 'symposium_http_request_duration_seconds_sum')).toBeGreaterThan(
      valueOf(before, 'symposium_http_request_duration_seconds_sum')!,
    );
  });

  it('reads the reminder lag and the document batch queue from the database', async () => {
    const before = await scrape();
    expect(valueOf(before, 'symposium_reminder_lag_seconds')).toBe(0);
    // an enabled rule last run an hour ago: the scheduler (not running in tests) is 59 minutes late
    await env.t.db.insert(reminderRulesTable).values({
      name: 'Overdue reminder',
      kind: 'paperNotSubmitted',
      offsets: [1],
      templateId: 1,
      enabled: true,
      lastRunAt: new Date(Date.now() - 3_600_000),
    });
    await env.t.db.insert(documentBatchesTable).values([
      { kind: 'acceptance', selection: { ids: [] }, state: 'queued', total: 7 },
      { kind: 'acceptance', selection: { ids: [] }, state: 'running', total: 5, done: 2, failed: 1 },
      { kind: 'acceptance', selection: { ids: [] }, state: 'done', total: 9, done: 9 },
    ]);
    const after = await scrape();
    expect(valueOf(after, 'symposium_reminder_lag_seconds')).toBeGreaterThanOrEqual(3_600 - 60);
    expect(valueOf(after, 'symposium_reminder_lag_seconds')).toBeLessThan(3_600);
    expect(valueOf(after, 'symposium_document_batches', { state: 'queued' })).toBe(1);
    expect(valueOf(after, 'symposium_document_batches', { state: 'running' })).toBe(1);
    expect(valueOf(after, 'symposium_document_batch_items_remaining')).toBe(7 + 2);
    for (const source of ['database', 'outbox', 'reminders', 'document_batches', 'chromium', 'uploads'])
      expect([source, valueOf(after, 'symposium_metrics_source_up', { source })]).toEqual([source, 1]);
  });
});
