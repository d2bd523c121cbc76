/**
 * The logs (issue 24 item 5): JSON lines, one per request (method, route template, status, duration,
 * request id, user), the request id taken from X-Request-Id when sane and sent back, Nest's Logger output
 * JSON too — and no password, token, cookie or file content in any line, through a sign-in, a cookie
 * session, an upload and a password reset.
 */
import { Logger } from '@nestjs/common';
import type { PaperDto } from '@symposium/domain';
import { desc, eq } from 'drizzle-orm';
import { AppLogger } from '../../apps/api/src/common/app-logger.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { pdf, setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

const PASSWORD = 'Correct-Horse-Password-4711';
const NEW_PASSWORD = 'Brand-New-Password-0815';
const MARKER = 'FILE-CONTENT-MARKER-5d41402abc4b2a76';

type Entry = Record<string, unknown>;

describe('logs', () => {
  const lines: string[] = [];
  let env: PapersEnv;
  const entries = () => lines.map((l) => JSON.parse(l) as Entry);
  /** The request line of the request with this id. */
  const requestLine = (id: string) => entries().filter((e) => e.reqId === id && e.context === 'HTTP');

  beforeAll(async () => {
    const logger = new AppLogger('log', { destination: { write: (l) => lines.push(l) }, format: 'json' });
    env = await setupPapers({}, { logger });
  });
  afterAll(async () => {
    await env.close();
  });

  it('writes one JSON line per request with its id, and never a password, token, cookie or file content', async () => {
    const t = env.t;
    const author = await t.user({ password: PASSWORD });
    const track = await env.track();

    // sign in with the password
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Request-Id', 'login-1')
      .send({ email: author.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers['x-request-id']).toBe('login-1');
    const jwt = login.body.accessToken as string;
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
    expect(cookies.length).toBeGreaterThan(0);

    // a request with the session cookie
    const mine = await t
      .http()
      .get('/api/author/papers')
      .set('Cookie', cookies.join('; '))
      .set('X-Request-Id', 'cookie-1');
    expect(mine.status).toBe(200);

    // an upload with a known marker in the file
    const upload = await t
      .http()
      .post('/api/author/papers')
      .set('Authorization', `Bearer ${jwt}`)
      .set('X-Request-Id', 'upload-1')
      .field('paper', JSON.stringify(submission(track, [author.id])))
      .attach('files', pdf(MARKER), 'marked.pdf');
    expect(upload.status).toBe(201);
    const paper = upload.body as PaperDto;

    // a password reset: the request, then the link's token with a new password
    const forgot = await t
      .http()
      .post('/api/auth/password/forgot')
      .set('X-Request-Id', 'forgot-1')
      .send({ email: author.email });
    expect(forgot.status).toBe(200);
    const [mail] = await t.db
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.kind, 'password-reset'))
      .orderBy(desc(outboxTable.id));
    const resetToken = /ResetPassword\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const reset = await t
      .http()
      .post('/api/auth/password/reset')
      .set('X-Request-Id', 'reset-1')
      .send({ token: resetToken, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);

    // an insane request id is replaced, and the new one is the one logged
    const odd = await t
      .http()
      .get(`/api/author/papers/${paper._id}`)
      .set('Authorization', `Bearer ${jwt}`)
      .set('X-Request-Id', 'has spaces and "quotes"');
    expect(odd.status).toBe(401); // the reset ended every session
    const generated = odd.headers['x-request-id'] as string;
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);

    // the application's own Logger
    new Logger('LogsTest').log('a line from a module');

    // every line is a JSON object with a level, a time and a message
    for (const line of lines) {
      expect(line.endsWith('\n')).toBe(true);
      expect(JSON.parse(line)).toEqual(
        expect.objectContaining({
          level: expect.any(String),
          time: expect.any(String),
          msg: expect.any(String),
        }),
      );
    }
    expect(entries()).toContainEqual(
      expect.objectContaining({ level: 'info', context: 'LogsTest', msg: 'a line from a module' }),
    );
    expect(requestLine('login-1')).toEqual([
      expect.objectContaining({
        method: 'POST',
        route: '/api/auth/login',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
    expect(requestLine('cookie-1')).toEqual([
      expect.objectContaining({ method: 'GET', route: '/api/author/papers', status: 200, userId: author.id }),
    ]);
    expect(requestLine('upload-1')).toEqual([
      expect.objectContaining({
        method: 'POST',
        route: '/api/author/papers',
        status: 201,
        userId: author.id,
      }),
    ]);
    expect(requestLine('forgot-1')).toEqual([
      expect.objectContaining({ route: '/api/auth/password/forgot', status: 200 }),
    ]);
    expect(requestLine('reset-1')).toEqual([
      expect.objectContaining({ route: '/api/auth/password/reset', status: 200 }),
    ]);
    expect(requestLine(generated)).toEqual([
      expect.objectContaining({ route: '/api/author/papers/:paperId', status: 401 }),
    ]);
    // signed-out requests carry no user
    expect(requestLine('login-1')[0]).not.toHaveProperty('userId');

    const all = lines.join('');
    const secrets = {
      password: PASSWORD,
      newPassword: NEW_PASSWORD,
      jwt,
      ...Object.fromEntries(cookies.map((c) => [c.split('=')[0]!, c.slice(c.indexOf('=') + 1)])),
      resetToken,
      marker: MARKER,
      quotes: 'has spaces',
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length).toBeGreaterThan(8);
      expect([name, all.includes(secret)]).toEqual([name, false]);
    }
    expect(all).not.toMatch(/Bearer|authorization|set-cookie/i);
    // nor the paper's id in a URL: routes are templates
    expect(all).not.toContain(`/api/author/papers/${paper._id}`);
  });
});
