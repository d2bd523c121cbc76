import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// jsqr is CommonJS: its function is both module.exports and module.exports.default.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'puppeteer-core';

/** A file the browser saved: the name it was given (the server's Content-Disposition name) and its bytes. */
export interface SavedDownload {
  name: string;
  path: string;
  bytes: Buffer;
}

/**
 * Lets the page save downloads into `dir` and reports each one (CDP download events: the name the page
 * gave the <a download>, then its completion). Call `next()` before the click that downloads.
 */
export async function trackDownloads(page: Page, dir: string) {
  const cdp = await page.createCDPSession();
  // A page in a browser context of its own (the journey's people) needs the behaviour set for that context:
  // without it, the context keeps headless Chromium's default and cancels every download.
  const context = page.browserContext().id;
  await cdp.send('Browser.setDownloadBehavior', {
    behavior: 'allow',
    downloadPath: dir,
    eventsEnabled: true,
    ...(context ? { browserContextId: context } : {}),
  });
  const names = new Map<string, string>();
  cdp.on('Browser.downloadWillBegin', (e) => names.set(e.guid, e.suggestedFilename));
  return {
    /** The next download, or an error after 60 s without one (the page refused, say, instead of saving). */
    next(): Promise<SavedDownload> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          cdp.off('Browser.downloadProgress', onProgress);
          reject(new Error('no download finished within 60 s'));
        }, 60_000);
        const onProgress = (e: { guid: string; state: string; filePath?: string }) => {
          if (e.state === 'inProgress') return;
          clearTimeout(timer);
          cdp.off('Browser.downloadProgress', onProgress);
          if (e.state !== 'completed') return reject(new Error(`download ${e.state}`));
          const name = names.get(e.guid) ?? '';
          const path = e.filePath ?? join(dir, name);
          resolve({ name, path, bytes: readFileSync(path) });
        };
        cdp.on('Browser.downloadProgress', onProgress);
      });
    },
  };
}

/** Page 1 of a PDF rendered as the brief says (pdftoppm -png -r 150 -f 1 -l 1), its QR code decoded. */
export function qrOfFirstPage(pdfPath: string, outDir: string): string | null {
  const prefix = join(outDir, `page-${Date.now()}`);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', pdfPath, prefix]);
  const png = PNG.sync.read(readFileSync(`${prefix}.png`));
  const code = jsQR.default(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  return code?.data ?? null;
}

/** A small real PNG: a dark scribble on white, as a signature image. */
export function signaturePng(): Buffer {
  const png = new PNG({ width: 240, height: 80 });
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) << 2;
      const onLine = Math.abs(y - (40 + Math.round(20 * Math.sin(x / 18)))) <= 2;
      const v = onLine ? 20 : 255;
      png.data[i] = v;
      png.data[i + 1] = v;
      png.data[i + 2] = onLine ? 90 : 255;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}
