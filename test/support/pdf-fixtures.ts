/**
 * Test PDFs for the submission checks (issue 26): papers printed by Chromium from HTML with exact page
 * size, margins, font sizes and columns, and hand-written PDFs for what Chromium does not make (metadata
 * fields, a font that is not embedded) and for hostile files (thousands of pages, deep nesting, a stream that
 * inflates to a gigabyte). Nothing binary is committed: every file is made when a test asks for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, createDeflate } from 'node:zlib';
import puppeteer, { type Browser } from 'puppeteer-core';
import { assertExecutable, resolveChromium } from '../../apps/api/src/modules/documents/chromium.js';

export interface FixtureBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** Chromium as the documents module and the browser tests resolve it (PUPPETEER_EXECUTABLE_PATH first). */
export async function launchFixtureBrowser(): Promise<FixtureBrowser> {
  const chromium = await resolveChromium();
  await assertExecutable(chromium.executablePath);
  const userDataDir = mkdtempSync(join(tmpdir(), 'sym-pdf-fixtures-'));
  const browser = await puppeteer.launch({
    executablePath: chromium.executablePath,
    headless: chromium.headless,
    userDataDir,
    args: chromium.args,
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface PaperOptions {
  paper?: 'A4' | 'letter';
  /** CSS margin of every page, e.g. '1in' or '0.6in 1in'. */
  margin?: string;
  /** Body font size. */
  fontPt?: number;
  columns?: 1 | 2;
  /** Pages of body text (each starts on a new page). */
  bodyPages?: number;
  /** Pages of references after the body, starting on a new page with the heading; 0: none. */
  referencesPages?: number;
  /** Pages of appendix after the references ("Appendix A: Proofs"); 0: none. */
  appendixPages?: number;
  /** HTML under the title (authors, affiliations). */
  byline?: string;
  /** An acknowledgements section at the end of the body. */
  acknowledgements?: string;
  /** HTML added to the first body page (a sentence, a link). */
  extra?: string;
}

const WORDS =
  'the method we propose reads every submission once and keeps its layout measured against the rules of the track so that chairs see at a glance which papers need attention before the reviews start while authors learn early what to correct in their files'.split(
    ' ',
  );

/** A paragraph of `n` words of plain English-like text, different for each seed. */
export function paragraph(n: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[(i * 7 + seed * 13 + ((i * i) % 5)) % WORDS.length]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
}

/**
 * A paper as HTML: a title, `bodyPages` pages of sections (each page starts anew, and its text fills about
 * a third of it, so nothing flows over), then the references and the appendix on pages of their own.
 */
export function paperHtml(opts: PaperOptions = {}): string {
  const {
    paper = 'letter',
    margin = '1in',
    fontPt = 10,
    columns = 1,
    bodyPages = 4,
    referencesPages = 0,
    appendixPages = 0,
  } = opts;
  const page = (content: string) => `<section class="page">${content}</section>`;
  const body = Array.from({ length: bodyPages }, (_, i) =>
    page(
      (i === 0 ? `<h1>Checking Submissions Before Review</h1>${opts.byline ?? ''}` : '') +
        `<div class="text"><h2>${i + 1} Section ${i + 1}</h2>` +
        [0, 1, 2, 3].map((k) => `<p>${paragraph(75, i * 4 + k)}</p>`).join('') +
        (i === 0 ? (opts.extra ?? '') : '') +
        (i === bodyPages - 1 && opts.acknowledgements
          ? `<h2>Acknowledgements</h2><p>${opts.acknowledgements}</p>`
          : '') +
        '</div>',
    ),
  );
  const references = Array.from({ length: referencesPages }, (_, i) =>
    page(
      `<div class="text">${i === 0 ? '<h2>References</h2>' : ''}` +
        Array.from(
          { length: 12 },
          (_, k) =>
            `<p class="ref">[${i * 12 + k + 1}] A. Author and B. Writer. ${paragraph(12, 50 + k)} In Proceedings, 2024.</p>`,
        ).join('') +
        '</div>',
    ),
  );
  const appendix = Array.from({ length: appendixPages }, (_, i) =>
    page(
      `<div class="text">${i === 0 ? '<h2>Appendix A: Proofs</h2>' : ''}` +
        [0, 1, 2].map((k) => `<p>${paragraph(70, 80 + i * 3 + k)}</p>`).join('') +
        '</div>',
    ),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checking Submissions Before Review</title><style>
    @page { size: ${paper}; margin: ${margin}; }
    html, body { margin: 0; padding: 0; }
    body { font-family: 'Liberation Serif', serif; font-size: ${fontPt}pt; line-height: 1.2; }
    section.page + section.page { break-before: page; }
    .text { column-count: ${columns}; column-gap: 0.33in; text-align: justify; }
    h1 { font-size: ${fontPt + 6}pt; text-align: center; margin: 0 0 8pt; }
    h2 { font-size: ${fontPt + 2}pt; margin: 0 0 4pt; }
    p { margin: 0 0 4pt; }
    p.ref { font-size: ${Math.max(fontPt - 1, 6)}pt; text-align: left; }
    .byline { text-align: center; margin: 0 0 10pt; }
  </style></head><body>${[...body, ...references, ...appendix].join('')}</body></html>`;
}

/** Chromium's PDF of the HTML, with the page size and margins of its @page rule. */
export async function htmlToPdf(browser: Browser, html: string): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  } finally {
    await page.close();
  }
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** A PDF text string in UTF-16BE hex, so any text goes in unescaped. */
export const pdfString = (s: string) =>
  `<FEFF${Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

/**
 * Adds Info fields to a PDF by an incremental update, as an editor saving it would: a new Info dictionary
 * (the old fields, e.g. Chromium's Title, are replaced), an xref section for it and a trailer with /Prev.
 * Works on PDFs with a classic xref table and trailer (Chromium's).
 */
export function withInfo(pdf: Uint8Array, info: Record<string, string>): Uint8Array {
  const bytes = Buffer.from(pdf);
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - 4096));
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)?.[1]);
  const trailer = tail.slice(tail.lastIndexOf('trailer'));
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer)?.[1];
  if (!prev || !size || !root) throw new Error('withInfo: no classic trailer at the end of the PDF');
  const fields = Object.entries(info)
    .map(([k, v]) => `/${k} ${pdfString(v)}`)
    .join(' ');
  const head = bytes[bytes.length - 1] === 0x0a ? '' : '\n';
  const objectAt = bytes.length + head.length;
  const object = `${head}${size} 0 obj\n<< ${fields} >>\nendobj\n`;
  const xrefAt = bytes.length + object.length;
  const update =
    `${object}xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([bytes, latin1(update)]));
}

/** A PDF of the given objects (1 is the catalog), with a correct xref table; `trailer` adds trailer entries. */
export function buildPdf(objects: (string | Uint8Array)[], trailer = ''): Uint8Array {
  const parts: Buffer[] = [latin1('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const part = Buffer.concat([
      latin1(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : Buffer.from(body),
      latin1('\nendobj\n'),
    ]);
    parts.push(part);
    offset += part.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(latin1(xref));
  return new Uint8Array(Buffer.concat(parts));
}

/** A stream object: its dictionary entries and data. */
export const pdfStream = (dict: string, data: Uint8Array | string): Uint8Array => {
  const bytes = typeof data === 'string' ? latin1(data) : Buffer.from(data);
  return Buffer.concat([
    latin1(`<< ${dict} /Length ${bytes.length} >>\nstream\n`),
    bytes,
    latin1('\nendstream'),
  ]);
};

const escapeText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page Letter PDF whose lines are set in the standard Helvetica, not embedded (no FontFile): what
 * old tools wrote, and what the embedded-fonts rule is for.
 */
export function helveticaPdf(lines: string[], fontPt = 11): Uint8Array {
  const content =
    `BT /F1 ${fontPt} Tf ${fontPt * 1.3} TL 72 720 Td ` +
    lines.map((l) => `(${escapeText(l)}) Tj T*`).join(' ') +
    ' ET';
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    pdfStream('', content),
  ]);
}

/**
 * A PDF encrypted with the standard security handler whose user password is not empty: its /U entry matches
 * no password a reader can try on its own, so opening it asks for one.
 */
export function encryptedPdf(): Uint8Array {
  const filler = (c: string) => `<${c.repeat(64)}>`;
  return buildPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O ${filler('A')} /U ${filler('B')} >>`,
    ],
    `/Encrypt 4 0 R /ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>] `,
  );
}

/** `count` pages, every one pointing at the same small content stream: a large page count in a small file. */
export function manyPagesPdf(count: number): Uint8Array {
  const objects: (string | Uint8Array)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${count} /Kids [${Array.from({ length: count }, (_, i) => `${i + 5} 0 R`).join(' ')}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    pdfStream('', 'BT /F1 12 Tf 72 720 Td (A page) Tj ET'),
  ];
  for (let i = 0; i < count; i++)
    objects.push(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
    );
  return buildPdf(objects);
}

/** A page whose resources hold arrays nested `depth` deep: a parser that recurses runs out of stack. */
export function nestedArraysPdf(depth: number): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /X ${'['.repeat(depth)}${']'.repeat(depth)} >> >>`,
    pdfStream('', 'BT /F1 12 Tf 72 720 Td (Nested) Tj ET'),
  ]);
}

/**
 * A page whose content stream is FlateDecode of `inflatedBytes` zero bytes (about 1 MB per GB): deflated in
 * 16 MB chunks through a streaming deflater, so making it never holds the inflated data.
 */
export async function zipBombPdf(inflatedBytes: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  for (let left = inflatedBytes; left > 0; left -= zeros.length) {
    const ok = deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left));
    if (!ok) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    pdfStream('/Filter /FlateDecode', Buffer.concat(chunks)),
  ]);
}
