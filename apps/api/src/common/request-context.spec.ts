import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { AppLogger, logRequests } from './app-logger.js';
import { requestIdOf, routeTemplateOf, trackRequests } from './request-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a sane X-Request-Id and replaces anything else with a new UUID', () => {
    expect(requestIdOf('abc-123_X.y')).toBe('abc-123_X.y');
    expect(requestIdOf('a'.repeat(128))).toBe('a'.repeat(128));
    for (const bad of [undefined, '', 'a'.repeat(129), 'a b', 'x\n{"level":"fatal"}', 'ü', 'a/b', 'a"b'])
      expect(requestIdOf(bad)).toMatch(UUID);
    expect(requestIdOf(['first', 'second'])).toBe('first');
  });
});

describe('trackRequests', () => {
  /** An app as app.factory builds it: tracking first, then a body parser (raw-body keeps the context). */
  function appWith(lines: string[], onStart: () => void = () => undefined) {
    const logger = new AppLogger('log', { destination: { write: (l) => lines.push(l) }, format: 'json' });
    const app = express();
    app.use(trackRequests([logRequests(logger.pino), { started: onStart, ended: () => undefined }]));
    app.use(express.json());
    app.post('/things/:id', async (_req, res) => {
      await sleep(1);
      logger.log('working on it', 'Things');
      res.status(201).json({ ok: true });
    });
    app.get('/api/crash', () => {
      throw new Error('boom');
    });
    return app;
  }

  it('answers the request id, and puts it on the request line and on every line written while serving it', async () => {
    const lines: string[] = [];
    const res = await request(appWith(lines))
      .post('/things/qx7zv?secret=s3cr3t')
      .set('X-Request-Id', 'req-1')
      .set('Authorization', 'Bearer not-to-be-logged')
      .send({ password: 'hunter2-hunter2' });
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toBe('req-1');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({ level: 'info', context: 'Things', msg: 'working on it', reqId: 'req-1' }),
      expect.objectContaining({
        level: 'info',
        context: 'HTTP',
        reqId: 'req-1',
        method: 'POST',
        route: '/things/:id',
        status: 201,
        ms: expect.any(Number),
      }),
    ]);
    const all = lines.join('');
    // The concrete id must not appear (only the route template); it is letters, so a timing or a pid cannot match it.
    for (const secret of ['qx7zv', 's3cr3t', 'not-to-be-logged', 'hunter2'])
      expect(all).not.toContain(secret);
  });

  it('keeps the context when the body arrives after the headers, in separate reads of the socket', async () => {
    const lines: string[] = [];
    let started!: () => void;
    const arrived = new Promise<void>((resolve) => (started = resolve));
    const server = http.createServer(appWith(lines, () => started()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const body = JSON.stringify({ note: 'x'.repeat(50_000) });
      const req = http.request({
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        method: 'POST',
        path: '/things/1',
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'x-request-id': 'slow-1',
        },
      });
      const status = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => resolve(res.statusCode!));
        req.on('error', reject);
      });
      req.write(body.slice(0, 10));
      await arrived; // the server is reading the body: the rest comes in later reads
      req.end(body.slice(10));
      expect(await status).toBe(201);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => [e.context, e.reqId])).toEqual([
      ['Things', 'slow-1'],
      ['HTTP', 'slow-1'],
    ]);
  });

  it('generates an id when none (or an insane one) is sent; labels unrouted requests without their URL', async () => {
    const lines: string[] = [];
    const app = appWith(lines);
    const res = await request(app).get('/api/nothing/17').set('X-Request-Id', 'bad id');
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toMatch(UUID);
    const crash = await request(app).get('/api/crash');
    expect(crash.status).toBe(500);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({ reqId: res.headers['x-request-id'], route: '(unmatched)', status: 404 }),
      expect.objectContaining({ level: 'warn', route: '/api/crash', status: 500 }),
    ]);
  });

  it('labels a route template with its ids, never the path', () => {
    const req = {
      route: { path: '/papers/:paperId' },
      baseUrl: '/api/author',
      originalUrl: '/api/author/papers/7',
    };
    expect(routeTemplateOf(req as never)).toBe('/api/author/papers/:paperId');
    expect(routeTemplateOf({ originalUrl: '/chair/papers/7' } as never)).toBe('(static)');
    expect(routeTemplateOf({ originalUrl: '/metrics?x' } as never)).toBe('(unmatched)');
    expect(
      routeTemplateOf({ route: { path: '*path' }, baseUrl: '/api', originalUrl: '/api/x/1' } as never),
    ).toBe('(unmatched)');
  });
});
