// Documents benchmark (issue 11), `npm run bench:documents`:
//  N acceptance letters (1,000 by default) rendered through the API's path — DocumentComposer.render of the
//  built-in template with one letter's values: fill (escaping), the document shell, DocumentRenderer.renderPdf
//  on the shared BrowserPool (fresh page per render, JavaScript off, request interception, CSP) — against a
//  bare puppeteer loop on one warm browser rendering the same filled HTML (page.setContent + page.pdf, one
//  reused page per worker), in the same run and with the same concurrency (the pool's default, 2 pages).
//  Values (QR code included) are built before timing, for both. Prints wall and CPU of this process
//  (process.cpuUsage; Chromium's own CPU is not in it) and the throughput ratio API / bare (target ≥ 0.7).
//  A third line, the bare loop opening a new page per render as the pool does, shows where a gap comes from.
//  Exits non-zero if any output is not a PDF. Options: --letters N, --concurrency N.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { BrowserPool } from '../apps/api/dist/modules/documents/browser-pool.js';
import { resolveChromium } from '../apps/api/dist/modules/documents/chromium.js';
import { DocumentRenderer } from '../apps/api/dist/modules/documents/document-renderer.js';
import { DocumentComposer } from '../apps/api/dist/modules/letters/document-composer.js';
import {
  defaultTemplate,
  documentShell,
  fillTemplate,
} from '../apps/api/dist/modules/letters/document-templates.js';

const { values: opts } = parseArgs({
  options: { letters: { type: 'string', default: '1000' }, concurrency: { type: 'string', default: '2' } },
});
const N = Number(opts.letters);
const C = Number(opts.concurrency);

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

/** Runs `work(i)` for i in 0..n-1 with `c` workers; returns wall ms and this process's CPU ms. */
async function timed(n, c, work) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  let bad = 0;
  await Promise.all(
    Array.from({ length: c }, async (_, w) => {
      for (let i = next++; i < n; i = next++) if (!isPdf(await work(i, w))) bad++;
    }),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000, bad };
}

async function main() {
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
      'recipient.name': `Author ${i} Example`,
      'recipient.firstName': `Author ${i}`,
      'recipient.lastName': 'Example',
      'recipient.affiliation': 'University of Example',
      'recipient.country': 'Portugal',
      'recipient.email': `author${i}@example.org`,
      'paper.id': String(i + 1),
      'paper.title': `On the colouring of graph number ${i} & its <friends>`,
      'paper.authors': `Author ${i} Example, Second Author`,
      'paper.track': 'Main track',
      'paper.status': 'Accept',
    });
  }
  const html = values.map((v) => documentShell(fillTemplate(template, v)));

  // Warm both browsers (launch, fonts) before timing.
  await composer.render(template, values[0]);
  const chromium = await resolveChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-documents-'));
  const browser = await puppeteer.launch({
    executablePath: chromium.executablePath,
    headless: chromium.headless,
    userDataDir,
    args: chromium.args,
  });
  const pages = await Promise.all(Array.from({ length: C }, () => browser.newPage()));
  for (const p of pages) await p.setJavaScriptEnabled(false);
  const bare = async (i, w) => {
    const page = pages[w];
    await page.setContent(html[i], { waitUntil: 'load' });
    return Buffer.from(
      await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
      }),
    );
  };
  await bare(0, 0);
  // Where the gap comes from: the same bare loop, but a new page per render as the pool does.
  const barePerPage = async (i) => {
    const page = await browser.newPage();
    try {
      await page.setJavaScriptEnabled(false);
      await page.setContent(html[i], { waitUntil: 'load' });
      return Buffer.from(
        await page.pdf({
          format: 'A4',
          printBackground: true,
          margin: { top: '0', right: '0', bottom: '0', left: '0' },
        }),
      );
    } finally {
      await page.close();
    }
  };

  console.log(`Rendering ${N} acceptance letters, ${C} at a time...`);
  const b = await timed(N, C, bare);
  const a = await timed(N, C, (i) => composer.render(template, values[i]));
  const p = await timed(N, C, barePerPage);
  await browser.close();
  rmSync(userDataDir, { recursive: true, force: true });
  await pool.close();

  const rate = (r) => (N / r.wall) * 1000;
  const line = (name, r) =>
    `${name.padEnd(34)} wall ${(r.wall / 1000).toFixed(1).padStart(7)} s  ${rate(r).toFixed(1).padStart(6)} PDF/s  ` +
    `node CPU ${(r.cpu / 1000).toFixed(1).padStart(6)} s (${(r.cpu / N).toFixed(1)} ms/PDF)`;
  console.log(line('API renderer (DocumentComposer)', a));
  console.log(line('bare puppeteer (setContent+pdf)', b));
  console.log(line('bare, a new page per render', p));
  console.log(`throughput ratio API / bare: ${(rate(a) / rate(b)).toFixed(2)} (target ≥ 0.7)`);
  console.log(`throughput ratio API / bare with a new page per render: ${(rate(a) / rate(p)).toFixed(2)}`);
  if (a.bad || b.bad || p.bad) {
    console.error(`NOT A PDF: ${a.bad} from the API path, ${b.bad} from the bare loop`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
