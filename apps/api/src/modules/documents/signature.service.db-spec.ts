import { NestFactory } from '@nestjs/core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserPool, MAX_WRITES_PER_DOCUMENT } from './browser-pool.js';
import { DocumentRenderer, type JpegOptions, type RequestRecord } from './document-renderer.js';
import { DomainError } from '../../common/errors.js';
import { DocumentsModule } from './documents.module.js';
import { SignatureService } from './signature.service.js';

const FONTS = [
  'alex-brush',
  'allura',
  'dancing-script',
  'great-vibes',
  'herr-von-muellerhoff',
  'homemade-apple',
  'kaushan-script',
  'marck-script',
  'pacifico',
  'parisienne',
  'sacramento',
  'satisfy',
  'yellowtail',
];

/** Width and height from the JPEG's start-of-frame header (SOF0..SOF2). */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 < jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error(`Not a JPEG marker at ${at}`);
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2)
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('No start-of-frame header');
}

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Lets a test look at the document the service wrote, after its fitting step and before the capture. */
class InspectingRenderer extends DocumentRenderer {
  seen: Array<{ text: string; elements: number; fontSize: string; width: number; height: number }> = [];

  override renderJpeg(html: string, options: JpegOptions): Promise<Buffer> {
    return super.renderJpeg(html, {
      ...options,
      beforeCapture: async (page) => {
        await options.beforeCapture?.(page);
        const box = (await (await page.$('#signature'))?.boundingBox()) ?? { width: -1, height: -1 };
        const dom = (await page.evaluate(`({
          text: document.getElementById('signature').textContent,
          elements: document.body.querySelectorAll('*').length,
          fontSize: document.getElementById('signature').style.fontSize,
        })`)) as { text: string; elements: number; fontSize: string };
        this.seen.push({ ...dom, width: box.width, height: box.height });
      },
    });
  }
}

/** The images of a PDF (pdfimages -list): their pixel sizes. */
function imagesOf(pdf: Buffer): { width: number; height: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'documents-img-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdfimages', ['-list', file])
      .toString('utf8')
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols.length > 4 && cols[2] === 'image')
      .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 2×3 PNG (red), inlined as a data: URL. */
const PNG_2X3 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEElEQVR4nGP4z8AARAwoFABE0AX7pM/egAAAAABJRU5ErkJggg==';
/** How pdfimages lists that PNG (a refused image is drawn as Chromium's broken-image icon instead). */
const IMAGE = { width: 2, height: 3 };
const withImage = (text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body><p>${text}</p><img src="${PNG_2X3}" width="20" height="30"></body></html>`;

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('documents: signature images and the sandboxed renderer (real Chromium)', () => {
  const pool = new BrowserPool({ maxPages: 2 });
  const renderer = new InspectingRenderer(pool);
  const generic = new DocumentRenderer(pool);
  const picks: number[] = [];
  let pick = 0;
  const signatures = new SignatureService(renderer, {
    pickFont: (count) => {
      picks.push(count);
      return pick;
    },
  });

  beforeAll(async () => {
    // A browser that cannot start fails the suite here; these tests never skip.
    await pool.browser();
  });

  afterAll(async () => {
    await pool.close();
  });

  beforeEach(() => {
    renderer.seen = [];
    picks.length = 0;
  });

  it('finds the 13 script fonts of fonts/', async () => {
    expect(await signatures.fonts()).toEqual(FONTS);
  });

  it('draws a typed signature as a 600×150 JPEG in the font picked among the 13', async () => {
    pick = 3;
    const result = await signatures.render('  Ada   Lovelace ');
    expect(picks).toEqual([13]);
    expect(result.font).toBe('great-vibes');
    expect(result.text).toBe('Ada Lovelace');
    expect(isJpeg(result.jpeg)).toBe(true);
    expect(jpegSize(result.jpeg)).toEqual({ width: 600, height: 150 });
    expect(renderer.seen[0]).toMatchObject({ text: 'Ada Lovelace', elements: 1 });
  });

  it('picks the font with crypto.randomInt when nothing else is given', async () => {
    const service = new SignatureService(renderer);
    const result = await service.render('Grace Hopper');
    expect(FONTS).toContain(result.font);
    expect(isJpeg(result.jpeg)).toBe(true);
  });

  it('draws the same name differently in two fonts, and identically twice in one font', async () => {
    const allura = await signatures.render('Alan Turing', { font: 'allura' });
    const pacifico = await signatures.render('Alan Turing', { font: 'pacifico' });
    const alluraAgain = await signatures.render('Alan Turing', { font: 'allura' });
    expect(allura.font).toBe('allura');
    expect(pacifico.font).toBe('pacifico');
    expect(allura.jpeg.equals(pacifico.jpeg)).toBe(false);
    expect(allura.jpeg.equals(alluraAgain.jpeg)).toBe(true);
  });

  it('draws markup in the name as text: no element is created and nothing is requested', async () => {
    const name = `<img src="http://example.com/x.png" onerror="document.title='x'"><b>Eve</b>`;
    // A browser of its own: Chromium reuses a data: font that an earlier document of the same browser
    // loaded (the random pick above may have drawn this one) without any request, even with its cache
    // disabled, and the audit below would then see nothing at all.
    const own = new BrowserPool({ maxPages: 1 });
    const ownRenderer = new InspectingRenderer(own);
    try {
      const requestLog: RequestRecord[] = [];
      const result = await new SignatureService(ownRenderer).render(name, { font: 'satisfy', requestLog });
      expect(isJpeg(result.jpeg)).toBe(true);
      expect(result.text).toBe(name);
      expect(ownRenderer.seen[0]).toMatchObject({ text: name, elements: 1 });
      // The only load is the font inlined by the service.
      expect(requestLog).toEqual([
        { url: expect.stringMatching(/^data:font\/woff2;base64,/), resourceType: 'font', outcome: 'loaded' },
      ]);
    } finally {
      await own.close();
    }
  });

  it('shrinks a long signature until it fits the image', async () => {
    const result = await signatures.render('Wolfgang Amadeus Mozart '.repeat(4).trim(), { font: 'pacifico' });
    expect(jpegSize(result.jpeg)).toEqual({ width: 600, height: 150 });
    const seen = renderer.seen[0]!;
    expect(parseFloat(seen.fontSize)).toBeLessThan(72);
    expect(seen.width).toBeLessThanOrEqual(600);
    expect(seen.height).toBeLessThanOrEqual(150);
  });

  it('asks for a signature first when none was typed', async () => {
    for (const empty of ['', '   \t ', undefined]) {
      const error = await signatures.render(empty).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({
        status: 400,
        code: 'documents.signature_invalid',
        message: 'Please provide a signature first.',
      });
    }
    expect(renderer.seen).toEqual([]);
  });

  it('refuses a signature over 100 characters and one with control characters', async () => {
    await expect(signatures.render('x'.repeat(101))).rejects.toMatchObject({
      status: 400,
      code: 'documents.signature_too_long',
      message: 'Please type a signature of at most 100 characters',
    });
    await expect(signatures.render('Ada\u0000Lovelace')).rejects.toMatchObject({
      status: 400,
      code: 'documents.signature_invalid',
      message: 'Please type a signature without control characters',
    });
  });

  it('runs no script of the document: neither script elements nor event handlers', async () => {
    let title = '';
    const jpeg = await generic.renderJpeg(
      `<!doctype html><html><head><title>original</title><script>document.title = 'script ran'</script></head>
       <body onload="document.title = 'handler ran'"><img src="data:," onerror="document.title = 'onerror ran'">
       <p>Hello</p></body></html>`,
      { width: 200, height: 100, beforeCapture: async (page) => void (title = await page.title()) },
    );
    expect(title).toBe('original');
    expect(jpegSize(jpeg)).toEqual({ width: 200, height: 100 });
  });

  it('lets no request to the network or to files out of the document', async () => {
    const requestLog: RequestRecord[] = [];
    await generic.renderJpeg(
      `<!doctype html><html><head>
         <link rel="stylesheet" href="http://example.com/x.css">
         <style>@import url("https://example.com/import.css"); body { background: url("http://example.com/bg.png"); }</style>
       </head><body>
         <img src="https://example.com/a.png"><img src="file:///etc/passwd">
         <iframe src="http://example.com/frame"></iframe><object data="http://example.com/o.swf"></object>
         <img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7">
       </body></html>`,
      { width: 300, height: 200, inline: ['font'], requestLog },
    );
    const urls = requestLog.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        'http://example.com/x.css',
        'https://example.com/import.css',
        'http://example.com/bg.png',
        'https://example.com/a.png',
        'file:///etc/passwd',
      ]),
    );
    // Each refused by the document policy (or by Chromium, for file:) before interception even sees it.
    const external = requestLog.filter((r) => !r.url.startsWith('data:'));
    expect(external.length).toBeGreaterThanOrEqual(5);
    for (const record of external) expect([record.url, record.outcome]).toEqual([record.url, 'blocked']);
    // The document's data: image is not a font, so it is refused too. (The only data: loads left are
    // Chromium's own broken-image icons for the refused images.)
    expect(requestLog.find((r) => r.url.startsWith('data:image/gif'))?.outcome).toBe('blocked');
  });

  it('aborts a navigation away from the document and fails rather than capture the error page', async () => {
    const requestLog: RequestRecord[] = [];
    const render = generic.renderJpeg(
      `<!doctype html><html><head><meta http-equiv="refresh" content="0; url=http://example.com/"></head>
       <body>Letter</body></html>`,
      {
        width: 300,
        height: 200,
        requestLog,
        // Wait for the refresh to happen, so the outcome does not depend on timing.
        beforeCapture: async (page) => {
          await until(() => requestLog.some((r) => r.outcome === 'aborted') && page.url() !== 'about:blank');
        },
      },
    );
    await expect(render).rejects.toThrow('The document tried to navigate away');
    const navigations = requestLog.filter((r) => r.resourceType === 'document');
    expect(navigations.length).toBeGreaterThan(0);
    for (const record of navigations) {
      expect(record.url).toMatch(/^https?:\/\/example\.com\/$/);
      expect(record.outcome).toBe('aborted');
    }
  });

  it('renders an A4 PDF with backgrounds', async () => {
    const pdf = await generic.renderPdf(
      '<!doctype html><html><body style="background:#eef"><h1>Acceptance letter</h1></body></html>',
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/);
  });

  it('keeps one warm browser and at most two pages rendering at once', async () => {
    const launches = pool.launchCount;
    let inside = 0;
    let most = 0;
    const seen: ReturnType<BrowserPool['stats']>[] = [];
    const beforeCapture = async () => {
      inside++;
      most = Math.max(most, inside);
      seen.push(pool.stats());
      await new Promise((resolve) => setTimeout(resolve, 20));
      inside--;
    };
    const jpegs = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => generic.renderJpeg(`<p>${n}</p>`, { width: 50, height: 50, beforeCapture })),
    );
    expect(jpegs.every(isJpeg)).toBe(true);
    expect(most).toBeLessThanOrEqual(2);
    expect(pool.launchCount).toBe(launches);
    // the five asked at once: two pages lent, three renders waiting when the first one captures (metrics)
    expect(seen[0]).toMatchObject({ inUse: 2, waiting: 3, maxPages: 2, up: true });
    const after = pool.stats();
    expect(after).toMatchObject({ inUse: 0, waiting: 0, up: true, launches });
    expect(after.idle).toBeGreaterThanOrEqual(1);
    expect(after.idle).toBeLessThanOrEqual(2);
  });

  it('relaunches a browser that died, and removes its profile when closed', async () => {
    const own = new BrowserPool();
    const ownRenderer = new DocumentRenderer(own);
    try {
      const first = await own.browser();
      const profile = first
        .process()!
        .spawnargs.find((a) => a.startsWith('--user-data-dir='))!
        .slice('--user-data-dir='.length);
      expect(existsSync(profile)).toBe(true);
      const gone = new Promise((resolve) => first.once('disconnected', resolve));
      expect(own.stats()).toMatchObject({ up: true, launches: 1 });
      first.process()!.kill('SIGKILL');
      await gone;
      expect(own.stats()).toMatchObject({ up: false, launches: 1 });
      const jpeg = await ownRenderer.renderJpeg('<p>again</p>', { width: 40, height: 40 });
      expect(isJpeg(jpeg)).toBe(true);
      expect(own.launchCount).toBe(2);
      expect(own.stats()).toMatchObject({ up: true, launches: 2 });
      await until(() => !existsSync(profile));
      const second = await own.browser();
      const secondProfile = second
        .process()!
        .spawnargs.find((a) => a.startsWith('--user-data-dir='))!
        .slice('--user-data-dir='.length);
      await own.close();
      expect(own.stats().up).toBe(false);
      expect(second.connected).toBe(false);
      expect(existsSync(secondProfile)).toBe(false);
      await expect(ownRenderer.renderJpeg('<p>x</p>', { width: 40, height: 40 })).rejects.toThrow(
        'shut down',
      );
    } finally {
      await own.close();
    }
  });

  it('works as a Nest module, and the application shutdown closes its browser', async () => {
    const app = await NestFactory.createApplicationContext(DocumentsModule, { logger: false });
    const nestPool = app.get(BrowserPool);
    const result = await app.get(SignatureService).render('Marie Curie');
    expect(FONTS).toContain(result.font);
    expect(isJpeg(result.jpeg)).toBe(true);
    const browser = await nestPool.browser();
    await app.close();
    expect(browser.connected).toBe(false);
  });
});

describe('documents: when a warm page writes into the document it holds (real Chromium)', () => {
  // One page, so every render lands on the page the last one left.
  let pool: BrowserPool;
  let renderer: DocumentRenderer;
  beforeEach(() => {
    pool = new BrowserPool({ maxPages: 1 });
    renderer = new DocumentRenderer(pool);
  });
  afterEach(async () => {
    await pool.close();
  });

  it('reuses the document for PDFs of the same policy, and gives a new one every MAX_WRITES_PER_DOCUMENT', async () => {
    for (let i = 0; i < MAX_WRITES_PER_DOCUMENT; i++) {
      const pdf = await renderer.renderPdf(withImage(`letter ${i}`));
      expect(imagesOf(pdf)).toEqual([IMAGE]);
    }
    // the first render opened the page (a new document of its own); the others wrote into it
    expect(pool.freshDocumentCount).toBe(0);
    expect(imagesOf(await renderer.renderPdf(withImage('one more')))).toEqual([IMAGE]);
    expect(pool.freshDocumentCount).toBe(1);
  });

  it('gives another policy a new document: data: images are printed after a fonts-only render, and refused in one', async () => {
    expect(imagesOf(await renderer.renderPdf(withImage('letter')))).toHaveLength(1);
    // fonts only (as a consent signature): the image is refused, though the last document allowed images
    expect(
      imagesOf(await renderer.renderPdf(withImage('fonts only'), { inline: ['font'] })),
    ).not.toContainEqual(IMAGE);
    expect(pool.freshDocumentCount).toBe(1);
    // and the fonts-only policy stays with its document: the next letter prints its image again
    expect(imagesOf(await renderer.renderPdf(withImage('letter')))).toEqual([IMAGE]);
    expect(pool.freshDocumentCount).toBe(2);
  });

  it('never writes into a document that holds a <meta> of its own (a delayed refresh, its own policy)', async () => {
    // A refresh one second later survives document.open: the next document must not be that one.
    const refresh = `<!doctype html><html><head><meta http-equiv="refresh" content="1; url=http://example.com/"></head><body>A</body></html>`;
    await renderer.renderPdf(refresh);
    const before = pool.freshDocumentCount;
    await renderer.renderPdf(withImage('after a refresh'));
    expect(pool.freshDocumentCount).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(imagesOf(await renderer.renderPdf(withImage('later')))).toEqual([IMAGE]);

    // The document's own policy (no images at all) would stay with the document.
    const ownPolicy = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="img-src 'none'"></head><body><img src="${PNG_2X3}"></body></html>`;
    expect(imagesOf(await renderer.renderPdf(ownPolicy))).not.toContainEqual(IMAGE);
    const count = pool.freshDocumentCount;
    expect(imagesOf(await renderer.renderPdf(withImage('after its own policy')))).toEqual([IMAGE]);
    expect(pool.freshDocumentCount).toBe(count + 1);
  });

  it('gives JPEGs and renders that run code in the document or audit it a new document every time', async () => {
    await renderer.renderPdf(withImage('letter'));
    const count = pool.freshDocumentCount;
    await renderer.renderJpeg('<p>x</p>', { width: 40, height: 40 });
    await renderer.renderJpeg('<p>x</p>', { width: 40, height: 40 });
    await renderer.renderPdf(withImage('letter'), { beforeCapture: async () => undefined });
    await renderer.renderPdf(withImage('letter'), { requestLog: [] });
    await renderer.renderPdf(withImage('letter'));
    expect(pool.freshDocumentCount).toBe(count + 5);
  });
});
