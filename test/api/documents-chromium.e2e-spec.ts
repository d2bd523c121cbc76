/**
 * The Chromium that draws consent signatures (and later letters): resolved in one place, and when none can
 * start, the API keeps running, says so once, and answers the rendering routes with 503 instead of 500.
 *
 * CI runs this file a second time with PUPPETEER_EXECUTABLE_PATH unset, the system Chromium hidden
 * (CHROMIUM_SYSTEM_PATHS=none) and EXPECT_CHROMIUM_SOURCE=packaged: the packaged Chromium draws the JPEG.
 */
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { resolveChromium } from '../../apps/api/src/modules/documents/chromium.js';
import { DOCUMENTS_UNAVAILABLE_MESSAGE } from '../../apps/api/src/modules/documents/documents.errors.js';
import { paperConsentsTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { setupPapers, submission, type PapersEnv } from './papers-author.helpers.js';

type User = Awaited<ReturnType<PapersEnv['t']['user']>>;

async function acceptedPaperWithConsent(env: PapersEnv, author: User): Promise<number> {
  await env.conference({ digitalConsentSigning: true, publishingAgreementHtml: '<p>I agree.</p>' });
  const track = await env.track({ submissionProperties: { minFilesLimit: 0 } });
  const res = await env.t
    .call('post', '/api/author/papers', author.auth)
    .send(submission(track, [author.id]));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  await env.accept(res.body._id);
  return res.body._id as number;
}

describe('consent signatures without a Chromium that can start', () => {
  const saved = process.env.PUPPETEER_EXECUTABLE_PATH;
  const warn = jest.spyOn(Logger.prototype, 'warn');
  let env: PapersEnv;
  let author: User;
  let id: number;

  beforeAll(async () => {
    process.env.PUPPETEER_EXECUTABLE_PATH = '/nonexistent/symposium-test/chromium';
    env = await setupPapers();
    author = await env.t.user();
    id = await acceptedPaperWithConsent(env, author);
  });
  afterAll(async () => {
    await env.close();
    warn.mockRestore();
    if (saved === undefined) delete process.env.PUPPETEER_EXECUTABLE_PATH;
    else process.env.PUPPETEER_EXECUTABLE_PATH = saved;
  });

  it('answers 503 with a clear message, every time, and stores nothing', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await env.t
        .call('post', `/api/author/papers/${id}/consent`, author.auth)
        .send({ signature: 'Ana Silva' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        statusCode: 503,
        code: 'documents.unavailable',
        message: DOCUMENTS_UNAVAILABLE_MESSAGE,
      });
    }
    const rows = await env.t.db.select().from(paperConsentsTable).where(eq(paperConsentsTable.paperId, id));
    expect(rows).toEqual([]);
    const paper = await env.t.call('get', `/api/author/papers/${id}`, author.auth);
    expect(paper.status).toBe(200);
    expect(paper.body.consent ?? null).toBeNull();
  });

  it('says so in one warning line naming the executable, not once per request', () => {
    const lines = warn.mock.calls.map(([message]) => String(message)).filter((m) => /No Chromium/.test(m));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('/nonexistent/symposium-test/chromium');
    expect(lines[0]).not.toContain('\n');
  });
});

describe('consent signatures with the resolved Chromium', () => {
  let env: PapersEnv;
  let author: User;

  beforeAll(async () => {
    env = await setupPapers();
    author = await env.t.user();
  });
  afterAll(async () => {
    await env.close();
  });

  it('comes from the expected place (EXPECT_CHROMIUM_SOURCE, set in CI)', async () => {
    const chromium = await resolveChromium();
    if (process.env.EXPECT_CHROMIUM_SOURCE) expect(chromium.source).toBe(process.env.EXPECT_CHROMIUM_SOURCE);
    else expect(['env', 'system', 'packaged']).toContain(chromium.source);
  }, 60_000);

  it('draws the signature as a JPEG and stores it', async () => {
    const id = await acceptedPaperWithConsent(env, author);
    const res = await env.t
      .call('post', `/api/author/papers/${id}/consent`, author.auth)
      .send({ signature: 'Ana Silva' });
    expect(res.status).toBe(200);
    const [row] = await env.t.db.select().from(paperConsentsTable).where(eq(paperConsentsTable.paperId, id));
    expect(row!.signatureName).toBe('Ana Silva');
    expect([...row!.jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  }, 60_000);
});
