import { DEFAULT_FORMAT_RULES, type FormatRules } from '@symposium/domain';
import { PdfChecker, type CheckOutput } from './index.js';

/** test/support/pdf-fixtures.ts: outside this project's rootDir, so loaded at run time and typed here. */
interface PdfFixtures {
  helveticaPdf(lines: string[], fontPt?: number): Uint8Array;
  manyPagesPdf(count: number): Uint8Array;
  nestedArraysPdf(depth: number): Uint8Array;
  zipBombPdf(inflatedBytes: number): Promise<Uint8Array>;
  encryptedPdf(): Uint8Array;
}
const FIXTURES = '../../../../../../../test/support/pdf-fixtures.js';
const fixtures = (await import(FIXTURES)) as PdfFixtures;

const RULES: FormatRules = {
  ...DEFAULT_FORMAT_RULES,
  enabled: true,
  pageLimit: 8,
  requireEmbeddedFonts: true,
};

/** One worker, so each hostile file meets the worker the one before it left behind (or its replacement). */
const checker = new PdfChecker({ workers: 1, timeoutMs: 5000, maxMemoryMb: 256, maxPages: 500 });
afterAll(() => checker.close());

const check = (bytes: Uint8Array) =>
  checker.check({ bytes, rules: RULES, stage: 'submission', authors: null });

/** A normal file still gets checked after the hostile one. */
async function expectStillChecking(): Promise<void> {
  const out = await check(fixtures.helveticaPdf(['Still checking.']));
  expect(out.result).toMatchObject({ status: 'findings', pageCount: 1 });
  expect(out.result.findings.map((f) => f.message)).toEqual(['font Helvetica is not embedded']);
}

function expectUnchecked(out: CheckOutput, message: string | RegExp): void {
  expect(out.result).toMatchObject({ status: 'unchecked', bodyPages: null, outlines: [] });
  expect(out.result.findings).toHaveLength(1);
  expect(out.result.findings[0].code).toBe('unchecked');
  expect(out.result.findings[0].message).toMatch(message);
  expect(out.text).toBe('');
}

describe(`${PdfChecker.name} with hostile files`, () => {
  it('does not check a file of 5000 pages', async () => {
    const out = await check(fixtures.manyPagesPdf(5000));
    expectUnchecked(out, 'The PDF could not be checked: it has 5000 pages; at most 500 are checked');
    expect(out.result.pageCount).toBe(5000);
    await expectStillChecking();
  });

  it('does not check a file whose objects nest 100,000 deep', async () => {
    expectUnchecked(await check(fixtures.nestedArraysPdf(100_000)), /^The PDF could not be checked: /);
    await expectStillChecking();
  });

  it('does not inflate a stream that expands to a gigabyte', async () => {
    const out = await check(await fixtures.zipBombPdf(1024 ** 3));
    expectUnchecked(out, 'The PDF could not be checked: its compressed content expands to more than 256 MB');
    await expectStillChecking();
  });

  it('does not check what is not a PDF, nor a truncated one', async () => {
    expectUnchecked(
      await check(new TextEncoder().encode('Just some text, not a PDF at all.')),
      /^The PDF could not be checked: it could not be read \(.+\)$/,
    );
    const pdf = fixtures.helveticaPdf(['Cut short.']);
    expectUnchecked(await check(pdf.subarray(0, 60)), /^The PDF could not be checked: it could not be read/);
    await expectStillChecking();
  });

  it('does not check a file that needs a password', async () => {
    expectUnchecked(
      await check(fixtures.encryptedPdf()),
      'The PDF could not be checked: it is encrypted (protected by a password)',
    );
    await expectStillChecking();
  });

  it('replaces a worker that runs out of time, and checks the files queued behind it', async () => {
    const slow = new PdfChecker({ workers: 1, timeoutMs: 1, maxMemoryMb: 256 });
    try {
      const queued = [1, 2, 3].map(() =>
        slow.check({
          bytes: fixtures.helveticaPdf(['Queued.']),
          rules: RULES,
          stage: 'submission',
          authors: null,
        }),
      );
      for (const out of await Promise.all(queued))
        expectUnchecked(out, 'The PDF could not be checked: it took longer than 0.001 s');
    } finally {
      await slow.close();
    }
  });

  it('replaces a worker that runs out of memory', async () => {
    // 4 MB of heap is less than pdf.js itself takes to load
    const tight = new PdfChecker({ workers: 1, maxMemoryMb: 4 });
    try {
      const bytes = fixtures.helveticaPdf(['Too little memory.']);
      for (let i = 0; i < 2; i++)
        expectUnchecked(
          await tight.check({ bytes, rules: RULES, stage: 'submission', authors: null }),
          'The PDF could not be checked: it needs more than 4 MB of memory',
        );
    } finally {
      await tight.close();
    }
  });
});
