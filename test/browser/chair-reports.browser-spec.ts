/**
 * Reports in the chair console (/ViewReports): a chair generates a Paper report and a User report, sees a
 * chart with its numbers beside it, downloads the xlsx (the answer is a spreadsheet), and follows a
 * reconciliation Fix link into the console.
 */
import { REPORT_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import {
  clickSelector,
  clickText,
  startBrowserEnv,
  waitForText,
  type BrowserEnv,
} from '../support/browser.js';
import {
  checkState,
  seedChair,
  seedPaper,
  seedStatus,
  seedTrack,
  seedUser,
  signInChair,
  waitForTextIn,
} from './programme.helpers.js';

describe('chair reports', () => {
  let env: BrowserEnv;
  let acceptedId: number;

  beforeAll(async () => {
    env = await startBrowserEnv();
    await seedChair(env);
    const track = await seedTrack(env, 'Graphs');
    const accept = await seedStatus(env, 'Accept');
    const reject = await seedStatus(env, 'Reject', { position: 6, isAccepted: false });
    const ana = await seedUser(env, {
      firstName: 'Ana',
      email: 'ana@reports.example.org',
      country: 'Portugal',
    });
    const ben = await seedUser(env, { firstName: 'Ben', email: 'ben@reports.example.org', country: 'Chile' });
    acceptedId = await seedPaper(env, {
      title: 'Colouring sparse graphs',
      trackId: track,
      statusId: accept,
      authors: [ana],
    });
    await seedPaper(env, { title: 'Dense graphs', trackId: track, statusId: accept, authors: [ben] });
    await seedPaper(env, { title: 'Rejected graphs', trackId: track, statusId: reject, authors: [ben] });
    await env.db
      .update(papersTable)
      .set({ acceptanceLetterEnabled: true })
      .where(eq(papersTable.id, acceptedId));
    await signInChair(env);
  });

  afterAll(() => env.close());

  it('generates a paper report: a chart with its numbers, and the xlsx', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/chair/ViewReports`);
    await waitForText(page, 'No report generated yet.');
    await clickText(page, 'Generate paper report', 'button');
    await waitForTextIn(page, '[data-testid=toast]', REPORT_MESSAGES.generated);
    // the decision chart is drawn (svg) with its numbers in the table beside it
    await page.waitForSelector('[data-testid=chart-papersByDecision] svg');
    const numbers = await page.$$eval('[data-testid=chart-papersByDecision] table tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim())),
    );
    expect(numbers).toEqual([
      ['Accepted', '2'],
      ['Rejected', '1'],
      ['Pending', '0'],
    ]);
    await page.waitForSelector('[data-testid=chart-papersByTrack] svg');
    await waitForTextIn(page, '[data-testid=table-acceptance-rate-per-track]', '66.7%');
    await waitForTextIn(
      page,
      '[data-testid=reconciliation-acceptedNotRegistered]',
      'Colouring sparse graphs',
    );
    await checkState(page, 'ViewReports, a paper report');

    const xlsx = page.waitForResponse((r) => /\/api\/chair\/reports\/\d+\/xlsx$/.test(r.url()));
    await clickText(page, 'Download xlsx', 'button');
    const res = await xlsx;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('spreadsheetml');
    expect(res.headers()['content-disposition']).toMatch(/report-Paper-\d+\.xlsx/);
    expect(Number(res.headers()['content-length'])).toBeGreaterThan(1000);
    // the same file read by the page with its session: a zip container (xlsx), whose first sheet is named
    const magic = await page.evaluate(async (url: string) => {
      const bytes = new Uint8Array(await (await fetch(url, { credentials: 'same-origin' })).arrayBuffer());
      return String.fromCharCode(bytes[0]!, bytes[1]!);
    }, res.url());
    expect(magic).toBe('PK');
  });

  it('draws every chart of the paper report at a readable size at 1280 px and at 390 px', async () => {
    const { page } = env;
    /** Per chart card: the drawing's size, the pie's arcs (their union) and the narrowest bar. */
    const measure = () =>
      page.$$eval('[data-testid^=chart-]', (cards) =>
        cards.map((card) => {
          const svg = card.querySelector('svg.MuiChartsSurface-root, svg.MuiChartsSvgLayer-root');
          const box = svg?.getBoundingClientRect();
          const arcs = [...card.querySelectorAll('.MuiPieChart-arc')].map((a) => a.getBoundingClientRect());
          const union = arcs.length
            ? {
                width: Math.max(...arcs.map((r) => r.right)) - Math.min(...arcs.map((r) => r.left)),
                height: Math.max(...arcs.map((r) => r.bottom)) - Math.min(...arcs.map((r) => r.top)),
              }
            : null;
          const rectWidths = [...(svg?.querySelectorAll('rect[width]') ?? [])].map((r) =>
            Number(r.getAttribute('width')),
          );
          return {
            name: card.getAttribute('data-testid'),
            width: box?.width ?? 0,
            height: box?.height ?? 0,
            pie: union,
            narrowestRect: rectWidths.length ? Math.min(...rectWidths) : null,
            cardRight: card.getBoundingClientRect().right,
          };
        }),
      );
    // the final drawing, not a frame of the charts' opening animation (the arcs sweep in one after another)
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    try {
      for (const width of [1280, 390]) {
        await page.setViewport({ width, height: 900 });
        await page.goto(`${env.baseUrl}/chair/ViewReports`);
        await page.waitForSelector('[data-testid=chart-papersByDecision] .MuiPieChart-arc');
        await page.waitForSelector('[data-testid=chart-papersByTrack] svg.MuiChartsSvgLayer-root');
        const charts = (await measure()).filter((c) => c.width > 0 || c.pie);
        expect(charts.map((c) => c.name)).toEqual(
          expect.arrayContaining(['chart-papersByDecision', 'chart-papersByTrack']),
        );
        for (const c of charts) {
          // a chart takes the card's width (at least 240 px of drawing), inside the screen
          expect([c.name, c.width >= 240, c.height >= 200, c.cardRight <= width]).toEqual([
            c.name,
            true,
            true,
            true,
          ]);
          if (c.pie) expect([c.name, c.pie.width >= 120, c.pie.height >= 120]).toEqual([c.name, true, true]);
          if (c.narrowestRect !== null) expect([c.name, c.narrowestRect >= 0]).toEqual([c.name, true]);
        }
      }
    } finally {
      await page.emulateMediaFeatures();
      await page.setViewport({ width: 1400, height: 1000 });
    }
  });

  it('generates a user report, then shows the paper report again and follows a Fix link', async () => {
    const { page } = env;
    await clickText(page, 'Generate user report', 'button');
    await page.waitForSelector('[data-testid=chart-usersByCountry] svg');
    await waitForTextIn(page, '[data-testid=report-summary]', 'User report of');
    const countries = await page.$$eval('[data-testid=chart-usersByCountry] table tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim())),
    );
    expect(countries).toEqual(
      expect.arrayContaining([
        ['Portugal', '1'],
        ['Chile', '1'],
      ]),
    );

    // the list holds both, newest first; show the paper report again
    const rows = await page.$$eval('[data-testid^=report-row-]', (trs) =>
      trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent),
    );
    expect(rows).toEqual(['User', 'Paper']);
    await checkState(page, 'ViewReports, a user report');
    await clickSelector(page, '[data-testid^=report-row-]:nth-child(2) button');
    await waitForTextIn(page, '[data-testid=report-summary]', 'Paper report of');
    await waitForTextIn(page, '[data-testid=reconciliation-lettersNotDownloaded]', 'Acceptance letter');
    await clickSelector(page, '[data-testid=reconciliation-lettersNotDownloaded] a');
    await page.waitForFunction(
      (id: number) => location.pathname === `/chair/EditPaperDownloadLetter/${id}`,
      {},
      acceptedId,
    );
    await waitForText(page, 'Colouring sparse graphs');
  });
});
