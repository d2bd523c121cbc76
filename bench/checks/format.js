// Submission-check bench, format part (issue 26): `node bench/checks/format.js [--rounds N]` after
// `npm run build -w @symposium/domain && npm run build -w @symposium/api`, or `formatBench()` from another bench.
//
// The file: a 12-page two-column Letter paper, 10 pt Liberation Serif, 1 in margins, a references section,
// printed by Chromium from HTML (as test/support/pdf-fixtures.ts prints its papers).
// The two sides, in interleaved rounds (ABBA, bench/lib/measure.js):
//  - ours: the built engine's PdfChecker.check with every format rule on and two authors (double-blind), on
//    warm workers (the API keeps its workers between uploads; the first, cold check is printed apart);
//  - bare: `pdftotext -bbox FILE -` (poppler), the plain text with every word's box: the least a checker
//    must do to read the same facts, in C++.
// Wall time per check (p50, p95; goal: ours p95 ≤ 2 s) and CPU of every process doing the work: ours is this
// process's CPU (process.cpuUsage counts every thread: main, the pdf.js workers, GC); pdftotext's is the
// reaped child's user + system time (/proc/self/stat cutime + cstime, 10 ms ticks).
// Checks (exit 1 on a failure when run alone): the engine passes the paper, its page count equals pdfinfo's,
// the body font it measures equals the HTML's 10 pt (a minimum of 10.5 pt fails with "10 pt"; 10 pt passes),
// and its text holds the same words as pdftotext's (within 1 %).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import puppeteer from 'puppeteer-core';
import { DEFAULT_FORMAT_RULES } from '../../libs/domain/dist/index.js';
import { resolveChromium } from '../../apps/api/dist/modules/documents/chromium.js';
import { PdfChecker } from '../../apps/api/dist/modules/papers/checks/engine/index.js';
import {
  benchName,
  check,
  figure,
  finish,
  fmtMs,
  interleave,
  median,
  pct,
  procStat,
} from '../lib/measure.js';

const run = promisify(execFile);
const PAGES = 12;
const FONT_PT = 10;

const RULES = {
  ...DEFAULT_FORMAT_RULES,
  enabled: true,
  pageLimit: PAGES,
  excludeReferences: true,
  paperSize: 'Letter',
  minFontPt: FONT_PT,
  minMarginsIn: { top: 1, right: 1, bottom: 1, left: 1 },
  columns: 2,
  maxFileMb: 10,
  requireEmbeddedFonts: true,
};
const AUTHORS = [
  { name: 'Jane Doe', email: 'jane.doe@example.org', organization: 'Example University' },
  { name: 'Rui Zhang', email: 'rzhang@lab.example', organization: 'Example Research Lab' },
];

const WORDS =
  'the method we propose reads every submission once and keeps its layout measured against the rules of the track so that chairs see at a glance which papers need attention before the reviews start while authors learn early what to correct in their files'.split(
    ' ',
  );
const paragraph = (n, seed) => {
  const out = Array.from({ length: n }, (_, i) => WORDS[(i * 7 + seed * 13 + ((i * i) % 5)) % WORDS.length]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
};

/** The paper with `paragraphs` paragraphs of body text flowing over two columns, then 30 references. */
const paperHtml = (
  paragraphs,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench paper</title><style>
  @page { size: letter; margin: 1in; }
  html, body { margin: 0; }
  body { font-family: 'Liberation Serif', serif; font-size: ${FONT_PT}pt; line-height: 1.2; }
  .text { column-count: 2; column-gap: 0.33in; text-align: justify; }
  h1 { font-size: 16pt; text-align: center; } h2 { font-size: 12pt; margin: 6pt 0 3pt; } p { margin: 0 0 4pt; }
  p.ref { font-size: 9pt; text-align: left; }
</style></head><body><h1>Checking Submissions Before Review</h1><div class="text">${Array.from(
  { length: paragraphs },
  (_, i) => `${i % 6 === 0 ? `<h2>${i / 6 + 1} Section</h2>` : ''}<p>${paragraph(90, i)}</p>`,
).join('')}<h2>References</h2>${Array.from(
  { length: 30 },
  (_, k) =>
    `<p class="ref">[${k + 1}] A. Author and B. Writer. ${paragraph(12, 50 + k)} In Proceedings, 2024.</p>`,
).join('')}</div></body></html>`;

const pdfPages = (file) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))[1]);

/** Prints the paper with Chromium, adding body text until it has PAGES pages. */
async function makePaper(dir) {
  const chromium = await resolveChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-checks-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromium.executablePath,
    headless: chromium.headless,
    userDataDir,
    args: chromium.args,
  });
  try {
    const page = await browser.newPage();
    const file = join(dir, 'paper.pdf');
    let paragraphs = PAGES * 10;
    for (let attempt = 0; attempt < 8; attempt++) {
      await page.setContent(paperHtml(paragraphs), { waitUntil: 'load' });
      const bytes = new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      writeFileSync(file, bytes);
      const pages = pdfPages(file);
      if (pages === PAGES) return { file, bytes };
      paragraphs += Math.max(-paragraphs + 1, Math.round((PAGES - pages - 0.5) * (paragraphs / pages)));
    }
    throw new Error(`could not make a ${PAGES}-page paper`);
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const selfCpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const reapedCpu = () => procStat(process.pid)?.children ?? 0;

/** Runs the bench; returns its figures (and prints them). */
export async function formatBench({ rounds = 20 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-checks-format-'));
  const checker = new PdfChecker();
  try {
    const { file, bytes } = await makePaper(dir);
    console.log(`Paper: ${PAGES} pages, two columns, ${(bytes.length / 1000).toFixed(0)} kB (${file})`);
    const checkOnce = () => checker.check({ bytes, rules: RULES, stage: 'submission', authors: AUTHORS });

    const t0 = performance.now();
    const first = await checkOnce();
    const coldMs = performance.now() - t0;
    console.log(`First (cold) check, workers starting: ${fmtMs(coldMs)}`);

    // independent checks
    check(
      'the engine passes the paper',
      first.result.status === 'passed',
      JSON.stringify(first.result.findings),
    );
    const pages = pdfPages(file);
    check(
      'page count equals pdfinfo’s',
      first.result.pageCount === pages,
      `${first.result.pageCount} vs ${pages}`,
    );
    const over = await checker.check({
      bytes,
      rules: { ...RULES, minFontPt: FONT_PT + 0.5 },
      stage: 'submission',
      authors: null,
    });
    const font = over.result.findings.find((f) => f.code === 'fontSize');
    const bodyFontPt = font ? Number.parseFloat(font.measured) : null;
    check(
      `body font found equals the HTML's ${FONT_PT} pt`,
      bodyFontPt === FONT_PT,
      font?.message ?? 'no finding',
    );
    const bbox = (await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    const popplerWords = (bbox.match(/<word /g) ?? []).length;
    const ourWords = first.text.split(/\s+/).filter(Boolean).length;
    check(
      'the engine’s text has pdftotext’s words (within 1 %)',
      Math.abs(ourWords - popplerWords) <= popplerWords * 0.01,
      `${ourWords} vs ${popplerWords}`,
    );

    const r = await interleave({
      rounds,
      a: async () => {
        const cpu = selfCpu();
        const start = performance.now();
        const out = await checkOnce();
        const m = { wall: performance.now() - start, cpu: { total: selfCpu() - cpu } };
        if (out.result.status !== 'passed') check('every round passes the paper', false, out.result.status);
        return m;
      },
      b: async () => {
        const cpu = reapedCpu();
        const start = performance.now();
        await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
        return { wall: performance.now() - start, cpu: { total: reapedCpu() - cpu } };
      },
    });
    const side = (ms) => ({
      p50: pct(
        ms.map((m) => m.wall),
        50,
      ),
      p95: pct(
        ms.map((m) => m.wall),
        95,
      ),
      cpuMedian: median(ms.map((m) => m.cpu.total)),
    });
    const ours = side(r.a);
    const bare = side(r.b);
    console.log(
      `engine:    p50 ${fmtMs(ours.p50)}, p95 ${fmtMs(ours.p95)}, CPU ${fmtMs(ours.cpuMedian)} per check (median)`,
    );
    console.log(
      `pdftotext: p50 ${fmtMs(bare.p50)}, p95 ${fmtMs(bare.p95)}, CPU ${fmtMs(bare.cpuMedian)} per run (median)`,
    );
    const goalMet = ours.p95 <= 2000;
    console.log(`Goal: engine p95 ≤ 2 s — ${goalMet ? 'met' : 'missed'} (${fmtMs(ours.p95)})`);
    figure('format check p95 wall (12-page two-column paper)', ours.p95, {
      unit: 'ms',
      goal: { op: '<=', value: 2000 },
    });
    figure('format check p50 wall', ours.p50, { unit: 'ms' });
    figure('format check CPU per check (median)', ours.cpuMedian, { unit: 'ms' });
    figure('pdftotext -bbox p50 wall', bare.p50, { unit: 'ms' });
    figure('pdftotext -bbox CPU per run (median)', bare.cpuMedian, { unit: 'ms' });
    figure('engine / pdftotext wall (median of pair ratios)', r.median, { range: [r.min, r.max] });
    return {
      rounds,
      pages,
      bytes: bytes.length,
      bodyFontPt,
      coldMs,
      engine: ours,
      pdftotext: bare,
      ratio: { median: r.median, min: r.min, max: r.max },
      goalMet,
    };
  } finally {
    await checker.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchName('checks/format.js');
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
  await formatBench({ rounds: Number(values.rounds) });
  finish();
}
