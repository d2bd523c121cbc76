// Documents benchmark (issues 11 and 23), `npm run bench:documents`.
//
// What it measures: acceptance letters (--letters per round, default 250) rendered to PDF, two ways, in
// interleaved rounds (API, bare, bare, API, … : ABBA, --rounds pairs, default 4), with the same concurrency
// (--concurrency, default 2, the pool's default):
//  API:  the product's path — DocumentComposer.render of the built-in template with one letter's values: fill
//        (escaping), the document shell, DocumentRenderer.renderPdf on the shared BrowserPool. The pool keeps
//        its pages warm and lends them again (pages are pooled, not opened per render). A letter is a plain PDF
//        with the same policy as the last render on that page, so it is written into the document that render
//        left (setContent replaces it), after the renderer has checked the last one left nothing behind (no
//        navigation requested, URL about:blank, no <meta> but the policy); every MAX_WRITES_PER_DOCUMENT (20)
//        writes the page gets a new, empty document (goto about:blank). Per render it sets JavaScript off,
//        request interception and the viewport; the document carries a Content Security Policy; the page is
//        checked before and after the capture;
//  bare: a bare puppeteer loop on a second warm Chromium, one reused page per worker, JavaScript off once:
//        page.setContent of the same final HTML (the filled letter in the same shell, with the same policy
//        element) + page.pdf with the same options, and the same new document (goto about:blank) every
//        MAX_WRITES_PER_DOCUMENT writes of a page — the least a renderer can do for the same PDFs. (Without
//        that reset the bare loop writes 1,000+ letters into one document per page and gets slower: measured
//        15.7–16.2 PDF/s against 25.5 with it, which made the API look 1.40× faster than bare.)
// Values (QR code included) are built before any clock, for both. Ratio = API throughput / bare throughput
// (bare wall / API wall), goal ≥ 0.7; the figure is the median of the pair ratios, with their range.
// CPU beside wall: this process (Node: puppeteer's protocol work, filling) and the process trees of BOTH
// Chromiums (browser, renderers, GPU/utility helpers, from /proc: the rendering work is there), for both
// sides (an idle browser costs alike on each side).
//
// Checks (exit 1 on any difference): every output starts with %PDF-; every 50th letter of every round, on
// both sides, is run through pdftotext (poppler-utils) and must contain the recipient's name, the paper's
// title (with its & and <friends>, escaped in the HTML), the conference and the letter's phrases, and
// pdfimages -list must show the QR code image.
// Options: --letters N (250), --rounds N (4 pairs), --concurrency N (2).
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { BrowserPool, MAX_WRITES_PER_DOCUMENT } from '../apps/api/dist/modules/documents/browser-pool.js';
import { resolveChromium } from '../apps/api/dist/modules/documents/chromium.js';
import { DocumentRenderer } from '../apps/api/dist/modules/documents/document-renderer.js';
import { contentSecurityPolicy, withContentSecurityPolicy } from '../apps/api/dist/modules/documents/html.js';
import { DocumentComposer } from '../apps/api/dist/modules/letters/document-composer.js';
import {
  defaultTemplate,
  documentShell,
  fillTemplate,
} from '../apps/api/dist/modules/letters/document-templates.js';
import {
  benchName,
  check,
  cpuMeter,
  figure,
  finish,
  fmtMeasure,
  fmtRatio,
  interleave,
  measure,
  median,
} from './lib/measure.js';

const { values: opts } = parseArgs({
  options: {
    letters: { type: 'string', default: '250' },
    rounds: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '2' },
  },
});
const N = Number(opts.letters);
const ROUNDS = Number(opts.rounds);
const C = Number(opts.concurrency);
const SAMPLE_EVERY = 50;

const conference = {
  shortName: 'GRAPHS 2026',
  fullName: 'International Conference on Graphs',
  dates: '14–17 July 2026',
  city: 'Lisbon',
  country: 'Portugal',
  address: 'Avenida Rovisco Pais 1',
  externalURL: 'https://graphs.example.org',
  timeZone: 'Europe/Lisbon',
};
const settings = {
  signerName: 'Maria Chair',
  signerTitle: 'General chair',
  issuerName: 'Graphs Society',
  issuerAddress: '1 Main Street, Lisbon',
  issuerTaxId: 'PT123',
};

const isPdf = (b) => b.length > 5 && b.subarray(0, 5).toString('latin1') === '%PDF-';
const recipient = (i) => `Author ${i} Example`;
const title = (i) => `On the colouring of graph number ${i} & its <friends>`;

/** Runs `work(i, w)` for i in 0..n-1 with `c` workers; returns the PDFs. */
async function renderAll(n, c, work) {
  const out = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: c }, async (_, w) => {
      for (let i = next++; i < n; i = next++) out[i] = await work(i, w);
    }),
  );
  return out;
}

/** pdftotext and pdfimages of every SAMPLE_EVERY-th letter: the differences found (empty when right). */
function checkLetters(pdfs, dir) {
  const problems = [];
  const notPdf = pdfs.filter((b) => !isPdf(b)).length;
  if (notPdf) problems.push(`${notPdf} outputs are not PDFs`);
  for (let i = 0; i < pdfs.length; i += SAMPLE_EVERY) {
    const file = join(dir, `letter-${i}.pdf`);
    writeFileSync(file, pdfs[i]);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    for (const phrase of [
      'Letter of acceptance',
      `Dear ${recipient(i)},`,
      `“${title(i)}” (paper ${i + 1})`,
      `by ${recipient(i)}, Second Author`,
      'has been accepted for presentation at International Conference on Graphs (GRAPHS 2026)',
      'in Lisbon, Portugal, on 14–17 July 2026',
      'Maria Chair',
    ])
      if (!text.includes(phrase))
        problems.push(`letter ${i}: no "${phrase}" in ${JSON.stringify(text.slice(0, 200))}`);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    if (!images.length) problems.push(`letter ${i}: no image (QR code) in the PDF`);
  }
  return problems;
}

async function main() {
  benchName('documents');
  for (const tool of ['pdftotext', 'pdfimages'])
    try {
      execFileSync(tool, ['-v'], { stdio: 'ignore' });
    } catch {
      check(`${tool} (poppler-utils) is installed`, false, 'apt-get install poppler-utils');
      finish();
    }
  const pool = new BrowserPool({ maxPages: C });
  const renderer = new DocumentRenderer(pool);
  const composer = new DocumentComposer(null, renderer, { publicUrl: 'https://symposium.example.org' });
  const template = defaultTemplate('acceptance');

  console.log(`Preparing ${N} letters' values (QR codes included)...`);
  const values = [];
  for (let i = 0; i < N; i++) {
    const code = `BENCH${String(i).padStart(5, '0')}`;
    values.push({
      ...(await composer.commonValues(conference, code, new Date())),
      ...composer.signerValues(settings, null),
      'recipient.name': recipient(i),
      'recipient.firstName': `Author ${i}`,
      'recipient.lastName': 'Example',
      'recipient.affiliation': 'University of Example',
      'recipient.country': 'Portugal',
      'recipient.email': `author${i}@example.org`,
      'paper.id': String(i + 1),
      'paper.title': title(i),
      'paper.authors': `${recipient(i)}, Second Author`,
      'paper.track': 'Main track',
      'paper.status': 'Accept',
    });
  }
  // the bare side's documents: what the API's page receives (same shell, same policy element)
  const policy = contentSecurityPolicy(['font', 'image']);
  const html = values.map((v) => withContentSecurityPolicy(documentShell(fillTemplate(template, v)), policy));

  // Warm both browsers (launch, fonts, pages) before timing.
  await Promise.all(Array.from({ length: C }, () => composer.render(template, values[0])));
  const apiBrowser = await pool.browser();
  const chromium = await resolveChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-documents-'));
  const checkDir = mkdtempSync(join(tmpdir(), 'bench-documents-pdf-'));
  const browser = await puppeteer.launch({
    executablePath: chromium.executablePath,
    headless: chromium.headless,
    userDataDir,
    args: chromium.args,
  });
  const pages = await Promise.all(Array.from({ length: C }, () => browser.newPage()));
  for (const p of pages) await p.setJavaScriptEnabled(false);
  const writes = pages.map(() => 0);
  const bare = async (i, w) => {
    const page = pages[w];
    // the same new document as the pool's, as often (a fresh page wrote its first document just below)
    if (writes[w]++ === MAX_WRITES_PER_DOCUMENT) {
      writes[w] = 1;
      await page.goto('about:blank', { waitUntil: 'load' });
    }
    await page.setContent(html[i], { waitUntil: 'load' });
    return Buffer.from(
      await page.pdf({
        format: 'A4',
        printBackground: true,
        landscape: false,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
      }),
    );
  };
  await Promise.all(pages.map((_, w) => bare(0, w)));

  const meter = cpuMeter({
    trees: [
      { pid: apiBrowser.process().pid, name: 'chromium-api' },
      { pid: browser.process().pid, name: 'chromium-bare' },
    ],
  });
  console.log(`Rendering ${N} acceptance letters per round, ${C} at a time, ${ROUNDS} interleaved pairs...`);
  const r = await interleave({
    rounds: ROUNDS,
    a: async (round) => {
      const m = await measure(() => renderAll(N, C, (i) => composer.render(template, values[i])), meter);
      const problems = checkLetters(m.value, checkDir);
      check(
        `API round ${round}: PDFs; sampled letters' text and QR code`,
        !problems.length,
        problems.slice(0, 3).join('; '),
      );
      console.log(`  API  ${fmtMeasure(m)}`);
      return m;
    },
    b: async (round) => {
      const m = await measure(() => renderAll(N, C, bare), meter);
      const problems = checkLetters(m.value, checkDir);
      check(
        `bare round ${round}: PDFs; sampled letters' text and QR code`,
        !problems.length,
        problems.slice(0, 3).join('; '),
      );
      console.log(`  bare ${fmtMeasure(m)}`);
      return m;
    },
    ratio: (a, b) => b.wall / a.wall,
  });
  await browser.close();
  rmSync(userDataDir, { recursive: true, force: true });
  rmSync(checkDir, { recursive: true, force: true });
  await pool.close();

  const mw = (xs) => median(xs.map((x) => x.wall));
  const mc = (xs, k) => median(xs.map((x) => x.cpu[k] ?? 0));
  const line = (name, xs, chromiumOf) =>
    `${name.padEnd(34)} ${((N / mw(xs)) * 1000).toFixed(1).padStart(6)} PDF/s, wall ${(mw(xs) / 1000).toFixed(1)} s, ` +
    `CPU ${(mc(xs, 'total') / 1000).toFixed(1)} s: node ${(mc(xs, 'self') / 1000).toFixed(1)} s, ` +
    `API's Chromium ${(mc(xs, 'chromium-api') / 1000).toFixed(1)} s, bare Chromium ${(mc(xs, 'chromium-bare') / 1000).toFixed(1)} s ` +
    `(${(mc(xs, 'total') / N).toFixed(1)} ms CPU/PDF, of which Chromium ${(mc(xs, chromiumOf) / N).toFixed(1)} ms)`;
  console.log(`\nmedians of ${ROUNDS} rounds each`);
  console.log(line('API renderer (DocumentComposer)', r.a, 'chromium-api'));
  console.log(line('bare puppeteer (setContent+pdf)', r.b, 'chromium-bare'));
  console.log(`throughput API / bare, median of pair ratios: ${fmtRatio(r)}`);
  const cpuR = r.a.map((a, i) => r.b[i].cpu.total / a.cpu.total);
  figure('documents API/bare throughput', r.median, {
    goal: { op: '>=', value: 0.7 },
    range: [r.min, r.max],
    wall: { api: mw(r.a), bare: mw(r.b) },
    cpu: { api: mc(r.a, 'total'), bare: mc(r.b, 'total') },
  });
  figure('documents CPU bare/API (Node + Chromium)', median(cpuR), {
    range: [Math.min(...cpuR), Math.max(...cpuR)],
  });
  for (const [side, xs, tree] of [
    ['API', r.a, 'chromium-api'],
    ['bare', r.b, 'chromium-bare'],
  ])
    figure(`documents Chromium CPU per PDF (${side})`, mc(xs, tree) / N, { unit: 'ms' });
  finish();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
