import { DEFAULT_FORMAT_RULES, type CheckFinding, type FormatRules } from '@symposium/domain';
import { PdfChecker, type CheckAuthor, type CheckOutput } from './index.js';

/** test/support/pdf-fixtures.ts: outside this project's rootDir, so loaded at run time and typed here. */
interface PdfFixtures {
  launchFixtureBrowser(): Promise<{ browser: unknown; close(): Promise<void> }>;
  paperHtml(opts?: {
    paper?: 'A4' | 'letter';
    margin?: string;
    fontPt?: number;
    columns?: 1 | 2;
    bodyPages?: number;
    referencesPages?: number;
    appendixPages?: number;
    byline?: string;
    acknowledgements?: string;
    extra?: string;
  }): string;
  htmlToPdf(browser: unknown, html: string): Promise<Uint8Array>;
  withInfo(pdf: Uint8Array, info: Record<string, string>): Uint8Array;
  helveticaPdf(lines: string[], fontPt?: number): Uint8Array;
}
const FIXTURES = '../../../../../../../test/support/pdf-fixtures.js';
const fixtures = (await import(FIXTURES)) as PdfFixtures;

/** Every rule on: what a careful track sets for a one-column Letter paper in 10 pt with 1 in margins. */
const STRICT: FormatRules = {
  ...DEFAULT_FORMAT_RULES,
  enabled: true,
  pageLimit: 8,
  excludeReferences: true,
  excludeAppendix: false,
  paperSize: 'Letter',
  minFontPt: 10,
  minMarginsIn: { top: 1, right: 1, bottom: 1, left: 1 },
  columns: 1,
  maxFileMb: 10,
  requireEmbeddedFonts: true,
};

const JANE: CheckAuthor = {
  name: 'Jane Doe',
  email: 'jane.doe@example.org',
  organization: 'Example University',
};

let browser: Awaited<ReturnType<PdfFixtures['launchFixtureBrowser']>>;
let checker: PdfChecker;
const made = new Map<string, Uint8Array>();

/** The paper's PDF (made once per set of options). */
async function paper(opts: Parameters<PdfFixtures['paperHtml']>[0] = {}): Promise<Uint8Array> {
  const key = JSON.stringify(opts);
  if (!made.has(key)) made.set(key, await fixtures.htmlToPdf(browser.browser, fixtures.paperHtml(opts)));
  return made.get(key)!;
}

const check = (bytes: Uint8Array, rules: Partial<FormatRules> = {}, authors: CheckAuthor[] | null = null) =>
  checker.check({ bytes, rules: { ...STRICT, ...rules }, stage: 'submission', authors });

const codes = (out: CheckOutput) => out.result.findings.map((f) => f.code);
const only = (out: CheckOutput, code: CheckFinding['code']): CheckFinding => {
  const found = out.result.findings.filter((f) => f.code === code);
  expect(found).toHaveLength(1);
  return found[0];
};

beforeAll(async () => {
  browser = await fixtures.launchFixtureBrowser();
  checker = new PdfChecker();
});

afterAll(async () => {
  await checker?.close();
  await browser?.close();
});

describe(PdfChecker.name, () => {
  it('passes a correctly formatted paper with every rule on and finds nothing of its authors', async () => {
    const out = await check(await paper({ bodyPages: 8, referencesPages: 2 }), {}, [JANE]);
    expect(out.result.findings).toEqual([]);
    expect(out.result).toMatchObject({ status: 'passed', pageCount: 10, bodyPages: 8, outlines: [] });
    expect(out.text.split('\f')).toHaveLength(10);
    expect(out.text).toContain('References');
  });

  it('does not count the references towards the page limit when the rules exclude them', async () => {
    const pdf = await paper({ bodyPages: 8, referencesPages: 2 });
    expect((await check(pdf, { pageLimit: 8, excludeReferences: true })).result).toMatchObject({
      status: 'passed',
      bodyPages: 8,
    });
    const counted = await check(pdf, { pageLimit: 8, excludeReferences: false });
    expect(counted.result.bodyPages).toBe(10);
    expect(only(counted, 'pageLimit')).toMatchObject({
      message: 'page 9 of body text; limit 8',
      measured: '10 body pages',
      pages: [9, 10],
    });
  });

  it('counts the appendix after the references unless the rules exclude it', async () => {
    const pdf = await paper({ bodyPages: 7, referencesPages: 1, appendixPages: 2 });
    const counted = await check(pdf, { pageLimit: 8 });
    expect(counted.result.bodyPages).toBe(9);
    expect(only(counted, 'pageLimit').message).toBe('page 9 of body text (page 10 of the PDF); limit 8');
    expect((await check(pdf, { pageLimit: 8, excludeAppendix: true })).result).toMatchObject({
      status: 'passed',
      bodyPages: 7,
    });
  });

  it('fails a 9.5 pt body font against a 10 pt minimum and passes 10 pt', async () => {
    const small = await check(await paper({ fontPt: 9.5 }));
    expect(only(small, 'fontSize')).toMatchObject({
      message: 'body font 9.5 pt on pages 1–4; minimum 10 pt',
      pages: [1, 2, 3, 4],
    });
    expect(codes(await check(await paper({ fontPt: 10 })))).toEqual([]);
    expect(codes(await check(await paper({ fontPt: 9.5 }), { minFontPt: 9.5 }))).toEqual([]);
  });

  it('passes 1 in margins against a 1 in minimum and fails 0.6 in with the measure and the page count', async () => {
    expect(codes(await check(await paper({ margin: '1in' })))).toEqual([]);
    const narrow = await check(await paper({ margin: '1in 1in 1in 0.6in' }));
    const left = only(narrow, 'margins');
    expect(left).toMatchObject({
      message: 'left margin 0.6 in on 4 of 4 pages; minimum 1 in',
      pages: [1, 2, 3, 4],
    });
    expect(left.evidence).toHaveLength(4);
    expect(left.evidence[0].box!.x).toBeCloseTo(43.2, 0);
    expect(narrow.result.outlines.map((o) => o.page)).toEqual([1, 2, 3, 4]);
    expect(narrow.result.outlines[0]).toMatchObject({ width: 612, height: 792 });
    expect(narrow.result.outlines[0].lines.length).toBeGreaterThan(10);
  });

  it('tells A4 from Letter', async () => {
    const a4 = await paper({ paper: 'A4' });
    expect(codes(await check(a4, { paperSize: 'A4', minMarginsIn: null }))).toEqual([]);
    expect(only(await check(a4, { paperSize: 'Letter', minMarginsIn: null }), 'paperSize').message).toBe(
      'page size 595 × 842 pt (A4) on 4 of 4 pages; required Letter (612 × 792 pt)',
    );
    const letter = await paper({ paper: 'letter' });
    expect(only(await check(letter, { paperSize: 'A4' }), 'paperSize').message).toBe(
      'page size 612 × 792 pt (Letter) on 4 of 4 pages; required A4 (595 × 842 pt)',
    );
  });

  it('counts one and two text columns', async () => {
    const one = await paper({ columns: 1 });
    const two = await paper({ columns: 2 });
    expect(codes(await check(one, { columns: 1 }))).toEqual([]);
    expect(codes(await check(two, { columns: 2 }))).toEqual([]);
    expect(only(await check(two, { columns: 1 }), 'columns').message).toBe(
      '2 text columns on 4 of 4 body pages; required 1',
    );
    expect(only(await check(one, { columns: 2 }), 'columns').message).toBe(
      '1 text column on 4 of 4 body pages; required 2',
    );
  });

  it('finds the references heading in a two-column paper', async () => {
    const out = await check(await paper({ columns: 2, bodyPages: 8, referencesPages: 2 }), { columns: 2 });
    expect(out.result).toMatchObject({ status: 'passed', bodyPages: 8, pageCount: 10 });
  });

  it('says which font is not embedded, and passes embedded fonts', async () => {
    const plain = fixtures.helveticaPdf(['A line set in Helvetica.', 'Another line.']);
    const out = await check(plain, { minMarginsIn: null, minFontPt: null, columns: null });
    expect(only(out, 'fontsNotEmbedded')).toMatchObject({
      message: 'font Helvetica is not embedded',
      pages: [1],
    });
    expect(out.result.findings[0].evidence[0].snippet).toBe('A line set in Helvetica.');
    expect(
      codes(await check(plain, { requireEmbeddedFonts: false, minMarginsIn: null, columns: null })),
    ).toEqual([]);
    expect(codes(await check(await paper()))).toEqual([]);
  });

  it('measures the file size in decimal megabytes', async () => {
    const pdf = await paper();
    const limit = (pdf.length - 1000) / 1e6;
    expect(only(await check(pdf, { maxFileMb: limit }), 'fileSize').message).toMatch(
      /^file size [\d.]+ MB; limit /,
    );
    expect(codes(await check(pdf, { maxFileMb: (pdf.length + 1) / 1e6 }))).toEqual([]);
  });

  it('finds the authors’ names, e-mail and organization in the text, with page, box and snippet', async () => {
    const pdf = await paper({
      byline: '<p class="byline">Jane Doe · Example University · jane.doe@example.org</p>',
      extra: '<p>As J. Doe showed before, the checks run at upload.</p>',
    });
    const out = await check(pdf, {}, [
      JANE,
      { name: 'Rui Zhang', email: 'rz@other.example', organization: null },
    ]);
    const name = only(out, 'authorName');
    expect(name).toMatchObject({
      message: 'author name Jane Doe on page 1',
      measured: 'found 2 times',
      pages: [1],
    });
    expect(name.evidence.map((e) => e.snippet)).toEqual([
      'Jane Doe · Example University · jane.doe@example.org',
      expect.stringContaining('As J. Doe showed before'),
    ]);
    const box = name.evidence[0].box!;
    expect(box.width).toBeGreaterThan(20);
    expect(box.width).toBeLessThan(80);
    expect(only(out, 'authorEmail').message).toBe('author e-mail jane.doe@example.org on page 1');
    expect(only(out, 'authorOrganization').message).toBe('organization Example University on page 1');
    expect(out.result.outlines.map((o) => o.page)).toEqual([1]);
    // The camera-ready version is not anonymous.
    const cameraReady = await checker.check({
      bytes: pdf,
      rules: STRICT,
      stage: 'cameraReady',
      authors: [JANE],
    });
    expect(cameraReady.result.findings).toEqual([]);
  });

  it('finds an author in the metadata', async () => {
    const pdf = fixtures.withInfo(await paper(), {
      Title: 'Checking Submissions Before Review',
      Author: 'Jane Doe',
      Subject: 'Submission checks',
      Keywords: 'pdf, checks',
    });
    const out = await check(pdf, {}, [JANE]);
    expect(codes(out)).toEqual(['metadata']);
    expect(out.result.findings[0]).toMatchObject({
      message: 'Jane Doe named in the PDF metadata (Author)',
      pages: [],
      evidence: [{ page: null, box: null, snippet: 'Author: Jane Doe' }],
    });
  });

  it('checks files side by side and queues the rest, each with its own result', async () => {
    const files = [
      await paper({ bodyPages: 2 }),
      await paper({ bodyPages: 3 }),
      await paper({ fontPt: 9.5 }),
    ];
    const outs = await Promise.all([...files, ...files].map((bytes) => check(bytes)));
    expect(outs.map((o) => [o.result.pageCount, codes(o)])).toEqual([
      [2, []],
      [3, []],
      [4, ['fontSize']],
      [2, []],
      [3, []],
      [4, ['fontSize']],
    ]);
  });

  it('finds an acknowledgements section and a link to an author’s own pages', async () => {
    const out = await check(
      await paper({
        acknowledgements: 'We thank the reviewers of the previous version.',
        extra: '<p>The code is at <a href="https://github.com/jdoe/checker">github.com/jdoe/checker</a>.</p>',
      }),
      {},
      [JANE],
    );
    expect(codes(out).sort()).toEqual(['acknowledgements', 'personalLink']);
    expect(only(out, 'acknowledgements')).toMatchObject({
      message: 'acknowledgements section on page 4',
      pages: [4],
    });
    const link = only(out, 'personalLink');
    expect(link.message).toBe('personal link https://github.com/jdoe/checker of Jane Doe on page 1');
    expect(link.evidence[0].box).not.toBeNull();
  });
});
