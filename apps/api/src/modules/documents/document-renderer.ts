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
    return this.render(html, options, 'pdf', async (page) => {
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
      'jpeg',
      (page) =>
        this.pool.inForeground(page, async () => {
          const jpeg = await page.screenshot({ type: 'jpeg', quality, captureBeyondViewport: false });
          return Buffer.from(jpeg);
        }),
      { width, height },
    );
  }

  private async render(
    html: string,
    options: RenderOptions,
    kind: 'pdf' | 'jpeg',
    capture: (page: Page) => Promise<Buffer>,
    viewport?: { width: number; height: number },
  ): Promise<Buffer> {
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const policy = contentSecurityPolicy(options.inline ?? ['font', 'image']);
    // Only a plain PDF may write into the document an earlier render left (see mayReuse): not a JPEG (a
    // screenshot of the viewport, which a document may have scrolled), not when our own code runs in the
    // document (beforeCapture), not for an audit (requestLog wants the requests of a document of its own).
    const reuseKey =
      kind === 'pdf' && !options.beforeCapture && !options.requestLog ? `pdf ${policy}` : undefined;
    return this.pool.withPage(
      async (page, lease) => {
        page.setDefaultTimeout(timeout);
        // The pool keeps pages warm: each setting is made for every document, nothing is left from the last.
        await page.setJavaScriptEnabled(false);
        const stopWatching = options.requestLog ? await watchRequests(page, options.requestLog) : null;
        let navigationRequested = false;
        const blockRequest = (request: HTTPRequest) => {
          if (request.isNavigationRequest()) navigationRequested = true;
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
          if (reuseKey !== undefined) lease.reusable = !navigationRequested && (await mayReuse(page));
          return output;
        } finally {
          page.off('request', blockRequest);
          await stopWatching?.();
        }
      },
      { reuseKey },
    );
  }
}

/**
 * Whether the next PDF with exactly the same policy may be written (setContent) into the document this
 * render leaves, instead of a new one (the navigation to a new about:blank document costs about as much
 * Chromium CPU as the letter itself). Nothing of this document can then reach the next one:
 *  - setContent is document.open + write: the whole DOM is replaced, and with it every style sheet and the
 *    @font-face rules they declared (the fonts they loaded stay in Chromium's cache, as they do across
 *    documents: the same data: URL is the same bytes);
 *  - JavaScript is off and none of our code runs in the document (no beforeCapture), so the window holds
 *    no script state, no listeners, no timers;
 *  - the policy container cannot be lifted, only added to (the bug of a consent signature's fonts-only
 *    policy blocking every later letter's images): the key holds the policy, so the next document adds
 *    the very same policy again, which refuses and allows exactly what the first did; any other policy
 *    gets a new document. The identical policies and the resources a document accumulates are bounded
 *    by BrowserPool's MAX_WRITES_PER_DOCUMENT;
 *  - what markup can leave on the document itself goes through <meta>: a refresh stays scheduled across
 *    document.open (measured: a 1 s refresh of one document navigated the next), a document's own CSP
 *    would stay, a referrer policy too. So the document must hold no <meta> but ours (the policy, first)
 *    and bare charset declarations; it must not have requested a navigation, and its URL must still be
 *    about:blank (asserted before).
 * Else the next render gets a new document, as every render did before.
 */
async function mayReuse(page: Page): Promise<boolean> {
  // An expression, not a function: the API is compiled without the DOM's types.
  const others = await page.evaluate(
    `Array.from(document.querySelectorAll('meta')).filter(
      (meta) => !(meta.attributes.length === 1 && meta.hasAttribute('charset'))).length`,
  );
  return others === 1 && page.url() === 'about:blank';
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
