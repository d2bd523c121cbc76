import type { Request, Response } from 'express';
import { bearerMatches, metricsEndpoint } from './metrics.endpoint.js';
import type { MetricsService } from './metrics.service.js';

const TOKEN = 'a-metrics-token-0123456789';

/** Runs the handler on a request with these headers; answers the status, headers and body sent. */
async function call(token: string | undefined, authorization?: string) {
  const sent: { status: number; headers: Record<string, string>; body?: unknown } = {
    status: 200,
    headers: {},
  };
  let scraped = 0;
  const metrics = {
    contentType: 'text/plain; version=0.0.4; charset=utf-8',
    scrape: async () => {
      scraped++;
      return '# HELP x y\nx 1\n';
    },
  } as unknown as MetricsService;
  const res = {
    setHeader: (k: string, v: string) => void (sent.headers[k.toLowerCase()] = v),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (b: unknown) => void (sent.body = b),
    send: (b: unknown) => void (sent.body = b),
  } as unknown as Response;
  const req = { headers: authorization === undefined ? {} : { authorization } } as Request;
  await new Promise<void>((resolve, reject) => {
    const send = res.send.bind(res);
    const json = res.json.bind(res);
    res.send = ((b: unknown) => (send(b), resolve(), res)) as Response['send'];
    res.json = ((b: unknown) => (json(b), resolve(), res)) as Response['json'];
    metricsEndpoint(metrics, token)(req, res, reject);
  });
  return { ...sent, scraped };
}

describe('metricsEndpoint', () => {
  it('answers 404 (disabled) without METRICS_TOKEN, whatever the request sends', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const r = await call(undefined, auth);
      expect(r).toMatchObject({ status: 404, scraped: 0, body: { code: 'request.not_found' } });
    }
  });

  it('answers 401 with WWW-Authenticate unless the bearer token is the configured one', async () => {
    for (const auth of [
      undefined,
      '',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}1`,
      `Bearer ${TOKEN.slice(1)}`,
    ]) {
      const r = await call(TOKEN, auth);
      expect([auth, r.status, r.scraped]).toEqual([auth, 401, 0]);
      expect(r.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('scrapes for the right token, with the Prometheus content type and no caching', async () => {
    const r = await call(TOKEN, `Bearer ${TOKEN}`);
    expect(r).toMatchObject({ status: 200, scraped: 1, body: '# HELP x y\nx 1\n' });
    expect(r.headers).toMatchObject({
      'content-type': 'text/plain; version=0.0.4; charset=utf-8',
      'cache-control': 'no-store',
    });
  });

  it('compares the whole token: bearerMatches', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN} x`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer', TOKEN)).toBe(false);
  });
});
