import { Injectable } from '@nestjs/common';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { BrowserPool } from './browser-pool.js';
import { contentSecurityPolicy, type InlineResource, withContentSecurityPolicy } from './html.js';

/** One request the document attempted (redirects included), and what became of it. */
export interface RequestRecord {
  url: string;
  /** DevTools resource type, lower case: stylesheet, image, font, document, other... */
  resourceType: string;
  /**
   * aborted: stopped by request interception; blocked: refused by Chromium before it was sent (the
   * document's Content Security Policy, file access); loaded: completed (only allowed `data:` URLs can);
   * pending: neither by the time the page was captured.
   */
  outcome: 'aborted' | 'blocked' | 'loaded' | 'pending';
}

export interface RenderOptions {
  /** Limit for loading the document. Default 15 s. */
  timeoutMs?: number;
  /** `data:` URL kinds the document may load; default fonts and images. Everything else is refused. */
  inline?: readonly InlineResource[];
  /**
   * When given, every request the document attempts is appended here (an audit, for tests and logs). A
   * `data:` resource an earlier document of the same browser loaded is reused by Chromium without any
   * request (even with its cache disabled), so it appears only the first time.
   */
  requestLog?: RequestRecord[];
  /** Runs after the document has loaded and before the capture (e.g. to measure and fit text). */
  beforeCapture?: (page: Page) => Promise<void>;
}

export interface JpegOptions extends RenderOptions {
  width: number;
  height: number;
  /** 1..100, default 90. */
  quality?: number;
}

export interface PdfOptions extends RenderOptions {
  landscape?: boolean;
  /** CSS lengths, default 0 (templates set their own margins with @page or padding). */
  margin?: { top?: string; right?: string; bottom?: string; left?: string };
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Puppeteer's viewport of a new page: a PDF after a JPEG on the same warm page lays out as on a new one. */
const DEFAULT_VIEWPORT = { width: 800, height: 600, deviceScaleFactor: 1 };
const MAX_SIDE = 5_000;

/**
 * Renders trusted HTML templates (with escaped user text) to PDF or JPEG in the shared Chromium, with
 * JavaScript off and nothing loaded from outside the document: every request is aborted by interception,
 * and a Content Security Policy put first in the document refuses everything but inline styles and the
 * allowed `data:` kinds. The document is written with `setContent`, so it is not itself a request.
 */
@Injectable()
export class DocumentRenderer {
  constructor(private readonly pool: BrowserPool) {}

  /** An A4 PDF with backgrounds printed. */
  async renderPdf(html: string, options: PdfOptions = {}): Promise<Buffer> {
    return this.render(html, options, async (page) => {
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        landscape: options.landscape ?? false,
        margin: options.margin ?? { top: '0', right: '0', bottom: '0', left: '0' },
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      });
      return Buffer.from(pdf);
    });
  }

  /** A JPEG of exactly width×height CSS pixels (device scale 1) of the top of the document. */
  async renderJpeg(html: string, options: JpegOptions): Promise<Buffer> {
    const { width, height, quality = 90 } = options;
    for (const [name, value, max] of [
      ['width', width, MAX_SIDE],
      ['height', height, MAX_SIDE],
      ['quality', quality, 100],
    ] as const)
      if (!Number.isInteger(value) || value < 1 || value > max)
        throw new RangeError(`JPEG ${name} must be an integer from 1 to ${max}, got ${value}`);
    return this.render(
      html,
      options,
      async (page) => {
        const jpeg = await page.screenshot({ type: 'jpeg', quality, captureBeyondViewport: false });
        return Buffer.from(jpeg);
      },
      { width, height },
    );
  }

  private async render(
    html: string,
    options: RenderOptions,
    capture: (page: Page) => Promise<Buffer>,
    viewport?: { width: number; height: number },
  ): Promise<Buffer> {
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const policy = contentSecurityPolicy(options.inline ?? ['font', 'image']);
    return this.pool.withPage(async (page) => {
      page.setDefaultTimeout(timeout);
      // The pool keeps pages warm: each setting is made for every document, nothing is left from the last.
      await page.setJavaScriptEnabled(false);
      const stopWatching = options.requestLog ? await watchRequests(page, options.requestLog) : null;
      const blockRequest = (request: HTTPRequest) => {
        // data: URLs cannot be intercepted (abort is a no-op for them); the policy decides those.
        if (request.url().startsWith('data:') || request.isInterceptResolutionHandled()) return;
        request.abort('blockedbyclient').catch(() => undefined);
      };
      try {
        await page.setRequestInterception(true);
        page.on('request', blockRequest);
        await page.setViewport(viewport ? { ...viewport, deviceScaleFactor: 1 } : DEFAULT_VIEWPORT);
        await page.setContent(withContentSecurityPolicy(html, policy), { waitUntil: 'load', timeout });
        await options.beforeCapture?.(page);
        assertStillTheDocument(page);
        const output = await capture(page);
        // A navigation (e.g. <meta http-equiv="refresh">) is aborted too, but Chromium then shows its error
        // page in place of the document: never hand that out as the rendering.
        assertStillTheDocument(page);
        return output;
      } finally {
        page.off('request', blockRequest);
        await stopWatching?.();
      }
    });
  }
}

function assertStillTheDocument(page: Page): void {
  if (page.url() !== 'about:blank')
    throw new Error('The document tried to navigate away; only a self-contained document can be rendered');
}

/** Records every request of the page, including those Chromium refuses before interception sees them. */
async function watchRequests(page: Page, log: RequestRecord[]): Promise<() => Promise<void>> {
  const session = await page.createCDPSession();
  const byId = new Map<string, RequestRecord>();
  session.on('Network.requestWillBeSent', (event) => {
    // A redirect (e.g. Chromium's own http → https upgrade) continues the same request: one record.
    if (byId.has(event.requestId)) return;
    const record: RequestRecord = {
      url: event.request.url,
      resourceType: (event.type ?? 'Other').toLowerCase(),
      outcome: 'pending',
    };
    byId.set(event.requestId, record);
    log.push(record);
  });
  session.on('Network.loadingFailed', (event) => {
    const record = byId.get(event.requestId);
    // Interception's abort shows as blocked by the inspector (DevTools); anything else Chromium refused.
    if (record) record.outcome = event.blockedReason === 'inspector' ? 'aborted' : 'blocked';
  });
  session.on('Network.loadingFinished', (event) => {
    const record = byId.get(event.requestId);
    // A failed navigation is followed by Chromium's own error page under the same id: failure stays final.
    if (record?.outcome === 'pending') record.outcome = 'loaded';
  });
  await session.send('Network.enable');
  return async () => {
    await session.detach().catch(() => undefined);
  };
}
