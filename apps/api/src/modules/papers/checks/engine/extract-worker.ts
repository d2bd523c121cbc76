/**
 * The extraction worker: reads one PDF at a time with pdf.js and answers its facts (extracted.ts).
 *
 * Its code is `extractWorkerMain`, started from its source text (`eval`, as database/pglite-worker.ts does),
 * so the same function runs under jest from the TypeScript sources, from the built API and on plain Node: it
 * must not use anything from this module's scope (its only imports are types, which compile away). pdf.js is
 * loaded by the URL the pool resolves on the main thread.
 */
import type { ExtractedFont, ExtractedPage, ExtractedPdf, UncheckedReason } from './extracted.js';

/** What the worker starts with. */
export interface ExtractWorkerInit {
  /** file: URL of pdfjs-dist/legacy/build/pdf.mjs. */
  pdfjsUrl: string;
  /** pdfjs-dist's packed CMaps (a directory path ending in '/'), for CJK and other CID-keyed fonts. */
  cMapDir: string;
}

export interface ExtractRequest {
  id: number;
  bytes: Uint8Array;
  maxPages: number;
  /** At most this many bytes, all FlateDecode streams (images aside) inflated together. */
  inflateLimit: number;
  /** At most this many text items over the whole document. */
  maxItems: number;
}

export type ExtractReply =
  { id: number; ok: true; pdf: ExtractedPdf } | { id: number; ok: false; reason: UncheckedReason };

/** The worker thread's program. Self-contained: `threads` is node:worker_threads, `load` the worker's `require`. */
export function extractWorkerMain(
  threads: typeof import('node:worker_threads'),
  load: (id: string) => unknown,
): void {
  const port = threads.parentPort!;
  const init = threads.workerData as ExtractWorkerInit;
  const zlib = load('node:zlib') as typeof import('node:zlib');
  const os = load('node:os') as typeof import('node:os');
  // A check is seconds of CPU on a large file: the threads that answer requests go first. On Linux the nice
  // value is per thread, so this lowers this worker alone; where it is refused the worker runs as it is.
  try {
    os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // not permitted here
  }
  type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
  let pdfjs: Promise<PdfJs> | undefined;

  /** Bytes `data` inflates to, counting no further than `limit` (+1: over). Broken data counts what inflated. */
  const inflatedSize = async (data: Buffer, limit: number): Promise<number> => {
    // Deflate expands at most ~1032:1, so a small stream is inflated in one go within the limit.
    if (data.length * 1032 < 64 * 1024 * 1024) {
      try {
        return zlib.inflateSync(data, {
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
          maxOutputLength: limit + 1,
        }).length;
      } catch (e) {
        return (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? limit + 1 : 0;
      }
    }
    // A large one is counted as it streams, never held whole.
    return new Promise((resolve) => {
      const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
      let size = 0;
      inflate.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          inflate.destroy();
          resolve(size);
        }
      });
      inflate.on('end', () => resolve(size));
      inflate.on('error', () => resolve(size));
      inflate.end(data);
    });
  };

  /**
   * Whether every FlateDecode stream (images aside: pdf.js is told not to decode them) inflates within
   * `limit` bytes all together. pdf.js keeps a decoded stream whole in memory, outside the heap the worker's
   * resource limit caps: a 1 MB stream of zeros that inflates to 1 GB would otherwise take a gigabyte and
   * most of the time limit. The streams are found in the file's bytes, without parsing it.
   */
  const inflatesWithin = async (bytes: Uint8Array, limit: number): Promise<boolean> => {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let left = limit;
    let at = 0;
    while ((at = buf.indexOf('stream', at, 'latin1')) !== -1) {
      let start = at + 6;
      if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') {
        at = start;
        continue;
      }
      if (buf[start] === 0x0d) start++;
      if (buf[start] === 0x0a) start++;
      if (start === at + 6) {
        at = start;
        continue;
      }
      const end = buf.indexOf('endstream', start, 'latin1');
      if (end === -1) break;
      const head = buf.toString('latin1', Math.max(0, at - 4096), at);
      const dict = head.slice(head.lastIndexOf('obj') + 1);
      at = end + 9;
      if (!/\/Filter\s*\[?\s*\/FlateDecode\b/.test(dict) || /\/Subtype\s*\/Image\b/.test(dict)) continue;
      left -= await inflatedSize(buf.subarray(start, end), left);
      if (left < 0) return false;
    }
    return true;
  };

  const extract = async (request: ExtractRequest): Promise<ExtractedPdf | UncheckedReason> => {
    if (!(await inflatesWithin(request.bytes, request.inflateLimit)))
      return { kind: 'inflate', megabytes: Math.round(request.inflateLimit / 1e6) };
    pdfjs ??= import(init.pdfjsUrl) as Promise<PdfJs>;
    const { getDocument } = await pdfjs;
    const task = getDocument({
      data: request.bytes,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      // No standard font data: a font that is not embedded then stays `missingFile` (pdf.js measures the 14
      // standard fonts from its built-in metrics all the same).
      cMapUrl: init.cMapDir,
      cMapPacked: true,
      // Images are never decoded (every image is larger than 0 pixels): nothing checked is in them.
      maxImageSize: 0,
      isOffscreenCanvasSupported: false,
      verbosity: 0,
    });
    try {
      const doc = await task.promise;
      if (doc.numPages > request.maxPages)
        return { kind: 'pages', pageCount: doc.numPages, maxPages: request.maxPages };
      const metadata: ExtractedPdf['metadata'] = [];
      const { info, metadata: xmp } = (await doc.getMetadata()) as unknown as {
        info: Record<string, unknown>;
        metadata: { getAll(): Record<string, unknown> } | null;
      };
      const flat = (value: unknown): string =>
        typeof value === 'string'
          ? value
          : Array.isArray(value)
            ? value.map(flat).join('; ')
            : value && typeof value === 'object'
              ? Object.values(value).map(flat).join('; ')
              : '';
      for (const field of ['Title', 'Author', 'Subject', 'Keywords', 'Creator']) {
        const value = flat(info[field]);
        if (value) metadata.push({ field, value });
      }
      for (const [field, value] of Object.entries((info.Custom as Record<string, unknown>) ?? {}))
        if (flat(value)) metadata.push({ field, value: flat(value) });
      for (const [field, value] of Object.entries(xmp?.getAll() ?? {}))
        if (flat(value)) metadata.push({ field, value: flat(value) });

      const fonts: ExtractedFont[] = [];
      const fontIndex = new Map<string, number>();
      const pages: ExtractedPage[] = [];
      let itemCount = 0;
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 1 });
        const [va, vb, vc, vd, ve, vf] = viewport.transform;
        const toView = (x: number, y: number) => [va * x + vc * y + ve, vb * x + vd * y + vf];
        const content = await page.getTextContent();
        const numbers: number[] = [];
        const strings: string[] = [];
        const pageFonts: string[] = [];
        for (const item of content.items) {
          if (!('str' in item)) continue;
          const str = item.str;
          const text = str.trim();
          if (!text) continue;
          const [a, b, c, d, e, f] = item.transform as number[];
          const along = Math.hypot(a, b) || 1;
          const up = Math.hypot(c, d) || 1;
          const size = Math.hypot(c, d) || Math.hypot(a, b);
          const style = content.styles[item.fontName];
          // The glyph box from the font's ascent and descent; pdf.js reports 0 when the font says nothing.
          const ascent = style && style.ascent > 0 ? style.ascent : 0.8;
          const descent = style && style.descent < 0 ? style.descent : -0.2;
          // Leading and trailing spaces take no room on the page: the width shrinks by their share.
          const lead = str.length - str.trimStart().length;
          const from = (item.width * lead) / str.length;
          const to = (item.width * (lead + text.length)) / str.length;
          const corners: number[][] = [];
          for (const s of [from, to])
            for (const h of [ascent * size, descent * size])
              corners.push(toView(e + (a / along) * s + (c / up) * h, f + (b / along) * s + (d / up) * h));
          const [bx, by] = toView(e, f);
          const [dx, dy] = toView(e + a / along, f + b / along);
          const horizontal = dx - bx > 0.99 && Math.abs(dy - by) < 0.01;
          let font = fontIndex.get(item.fontName);
          if (font === undefined) {
            font = fonts.length;
            fontIndex.set(item.fontName, font);
            fonts.push({ name: item.fontName, embedded: true, bold: false });
            pageFonts.push(item.fontName);
          }
          numbers.push(
            Math.min(...corners.map((p) => p[0])),
            Math.min(...corners.map((p) => p[1])),
            Math.max(...corners.map((p) => p[0])),
            Math.max(...corners.map((p) => p[1])),
            by,
            size,
            font,
            horizontal ? 0 : 1,
          );
          strings.push(text);
        }
        itemCount += strings.length;
        if (itemCount > request.maxItems) return { kind: 'text', maxItems: request.maxItems };
        // A font's facts reach commonObjs once an operator list has used it: one per page with new fonts.
        if (pageFonts.length) {
          await page.getOperatorList();
          for (const loadedName of pageFonts) {
            if (!page.commonObjs.has(loadedName)) continue;
            const loaded = page.commonObjs.get(loadedName) as {
              name?: string;
              missingFile?: boolean;
              isType3Font?: boolean;
              bold?: boolean;
              black?: boolean;
            };
            const name = (loaded.name ?? loadedName).replace(/^[A-Z]{6}\+/, '');
            fonts[fontIndex.get(loadedName)!] = {
              name,
              embedded: !loaded.missingFile || !!loaded.isType3Font,
              bold: !!loaded.bold || !!loaded.black || /bold|black|heavy|demi|semibold|medi\b/i.test(name),
            };
          }
        }
        const links: ExtractedPage['links'] = [];
        for (const annotation of (await page.getAnnotations()) as { url?: string; rect?: number[] }[]) {
          if (!annotation.url || !annotation.rect) continue;
          const [x0, y0, x1, y1] = viewport.convertToViewportRectangle(annotation.rect);
          links.push({
            url: annotation.url,
            box: {
              x: Math.min(x0, x1),
              y: Math.min(y0, y1),
              width: Math.abs(x1 - x0),
              height: Math.abs(y1 - y0),
            },
          });
        }
        pages.push({
          width: viewport.width,
          height: viewport.height,
          items: Float64Array.from(numbers),
          strings: strings.join('\u0000'),
          links,
        });
        page.cleanup();
      }
      return { pageCount: doc.numPages, pages, fonts, metadata };
    } catch (e) {
      const error = e as { name?: string; message?: string };
      if (error?.name === 'PasswordException') return { kind: 'encrypted' };
      return { kind: 'unreadable', detail: String(error?.message ?? e).slice(0, 200) };
    } finally {
      await task.destroy();
    }
  };

  port.on('message', (request: ExtractRequest) => {
    extract(request).then(
      (result) => {
        if ('kind' in result) {
          port.postMessage({ id: request.id, ok: false, reason: result } satisfies ExtractReply);
          return;
        }
        port.postMessage({ id: request.id, ok: true, pdf: result } satisfies ExtractReply, [
          ...result.pages.map((p) => p.items.buffer as ArrayBuffer),
        ]);
      },
      (e: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          reason: { kind: 'unreadable', detail: String((e as Error)?.message ?? e).slice(0, 200) },
        } satisfies ExtractReply),
    );
  });
}
