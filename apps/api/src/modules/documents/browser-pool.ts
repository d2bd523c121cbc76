import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { loadPuppeteer } from '../../common/lazy-libraries.js';
import { assertExecutable, type ResolvedChromium, resolveChromium } from './chromium.js';
import { documentsUnavailable } from './documents.errors.js';
import { Semaphore } from './semaphore.js';

export interface BrowserPoolOptions {
  /** Pages rendering at the same time; the others wait. Default 2. */
  maxPages?: number;
  /** Limit for one DevTools call (a hung browser must not hang a request). Default 30 s. */
  protocolTimeoutMs?: number;
}

export const BROWSER_POOL_OPTIONS = Symbol('BROWSER_POOL_OPTIONS');

/** The pool now (metrics). */
export interface BrowserPoolStats {
  /** Pages lent to a render. */
  inUse: number;
  /** Warm pages waiting for the next render. */
  idle: number;
  /** Renders waiting for a page. */
  waiting: number;
  /** Pages at most. */
  maxPages: number;
  /** Whether Chromium is running (launched and connected). */
  up: boolean;
  /** How many times Chromium was started. */
  launches: number;
}

/**
 * How many renders may write into one document before the page is given a new one, when every render
 * left it reusable (DocumentLease): bounds what a document accumulates (one identical policy per render,
 * the resources it loaded) at the cost of one navigation per this many renders.
 */
export const MAX_WRITES_PER_DOCUMENT = 20;

/** What `withPage` tells the work about the page's document, and what the work tells the pool back. */
export interface DocumentLease {
  /**
   * True when the page holds the document the last work on it left (it left it reusable under the same
   * key, fewer than MAX_WRITES_PER_DOCUMENT times in a row); false when it is a new, empty document.
   */
  readonly reused: boolean;
  /**
   * Set by the work, before it returns, when the document it leaves may be written into by the next work
   * with the same key (see DocumentRenderer for when that is safe). Default false: a new document next.
   */
  reusable: boolean;
}

/** The document a pooled page holds, when the last work left it reusable. */
interface LeftDocument {
  key: string;
  writes: number;
}

interface Launched {
  browser: Promise<Browser>;
  userDataDir: string;
}

/**
 * One shared, warm headless Chromium: launched on first use, relaunched when it disconnects (crash, killed),
 * closed on application shutdown. `withPage` lends a page, at most `maxPages` at a time: a page whose
 * work succeeded is kept warm for the next caller (opening a page costs more than rendering a letter),
 * and lent again on a new, empty document (nothing of the last one, such as its security policy, carries
 * over) — unless the caller asked for its reuse key and the last work on that page, with the same key,
 * left the document reusable (DocumentLease), at most MAX_WRITES_PER_DOCUMENT writes per document; a page
 * whose work failed is closed, so a broken or navigated page is never lent again.
 * Usable without Nest: `new BrowserPool({ maxPages: 2 })`, then `await pool.close()`.
 */
@Injectable()
export class BrowserPool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPool.name);
  private readonly slots: Semaphore;
  /** One screenshot at a time, its page brought to the front (see inForeground). */
  private readonly foreground = new Semaphore(1);
  private readonly maxPages: number;
  /** Warm pages of the current browser, at most maxPages. */
  private idle: Page[] = [];
  private resolved?: Promise<ResolvedChromium>;
  private warned = false;
  private readonly protocolTimeoutMs: number;
  private current?: Launched;
  private closed = false;
  private launches = 0;
  /** The browser of the current launch once it is running; cleared when it disconnects. */
  private running?: Browser;
  private documents = 0;
  /** The reusable document of each idle page (absent: the next work gets a new document). */
  private readonly left = new WeakMap<Page, LeftDocument>();

  constructor(@Optional() @Inject(BROWSER_POOL_OPTIONS) options: BrowserPoolOptions | null = null) {
    this.maxPages = options?.maxPages ?? 2;
    this.slots = new Semaphore(this.maxPages);
    this.protocolTimeoutMs = options?.protocolTimeoutMs ?? 30_000;
  }

  /** Which Chromium this pool launches: resolveChromium() (PUPPETEER_EXECUTABLE_PATH, system, packaged), once. */
  chromium(): Promise<ResolvedChromium> {
    this.resolved ??= resolveChromium().catch((error: unknown) => {
      this.resolved = undefined;
      throw error;
    });
    return this.resolved;
  }

  /**
   * At start-up, without delaying it: finds the Chromium (unpacking the packaged one if that is the one)
   * and says so in one line when there is none; rendering then answers 503 until it is fixed.
   */
  onApplicationBootstrap(): void {
    void this.chromium()
      .then(async (c) => {
        await assertExecutable(c.executablePath).catch((error: Error) => {
          throw new Error(`${c.source === 'env' ? 'PUPPETEER_EXECUTABLE_PATH: ' : ''}${error.message}`);
        });
        this.logger.log(`Documents render with Chromium ${c.executablePath} (${c.source})`);
      })
      .catch((error: unknown) => this.warnUnavailable(error));
  }

  /** One warning line (no stack) per pool, however many renderings fail. */
  private warnUnavailable(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    this.logger.warn(
      `No Chromium can be started (${(error as Error).message}): consent signatures and other documents ` +
        'answer 503. Set PUPPETEER_EXECUTABLE_PATH, install chromium, or keep the npm package @sparticuz/chromium.',
    );
  }

  /** How many times Chromium was started (1 while it stays up). */
  get launchCount(): number {
    return this.launches;
  }

  stats(): BrowserPoolStats {
    return {
      inUse: this.slots.inUse,
      idle: this.idle.length,
      waiting: this.slots.queued,
      maxPages: this.maxPages,
      up: !this.closed && this.running?.connected === true,
      launches: this.launches,
    };
  }

  /** How many new documents the pool gave its warm pages (a reused document does not count). */
  get freshDocumentCount(): number {
    return this.documents;
  }

  /**
   * Runs `fn` (a screenshot of `page`) with the page in front, one at a time across the pool. A screenshot
   * waits for the page to commit a compositor frame, and headless Chromium may never commit one for a page
   * in the background while another page of the browser renders (puppeteer #12712): with two pages rendering
   * at once, a JPEG timed out after 30 s on a loaded machine. PDFs are printed, not captured: they need no
   * frame and run concurrently as before.
   */
  async inForeground<T>(page: Page, fn: () => Promise<T>): Promise<T> {
    return this.foreground.use(async () => {
      await page.bringToFront();
      return fn();
    });
  }

  /**
   * Runs `fn` with a page of the shared browser. `fn` must leave the page as it found it (listeners
   * removed) when it succeeds; when it throws, the page is closed instead of kept. With a `reuseKey`, the
   * page may hold the document the last work left reusable under that same key (`lease.reused`), else it
   * holds a new, empty document; `fn` sets `lease.reusable` to let the next work reuse what it leaves.
   */
  async withPage<T>(
    fn: (page: Page, lease: DocumentLease) => Promise<T>,
    options: { reuseKey?: string } = {},
  ): Promise<T> {
    const key = options.reuseKey;
    return this.slots.use(async () => {
      const { page, writes } = await this.takePage(key);
      const lease: DocumentLease = { reused: writes > 0, reusable: false };
      let keep = false;
      try {
        const result = await fn(page, lease);
        keep = true;
        return result;
      } finally {
        this.left.delete(page);
        if (keep && !this.closed && this.idle.length < this.maxPages && usable(page)) {
          if (key !== undefined && lease.reusable) this.left.set(page, { key, writes: writes + 1 });
          this.idle.push(page);
        } else await page.close().catch(() => undefined);
      }
    });
  }

  /**
   * A warm page of the running browser, else a new one, and how many works wrote into its document before:
   * 0 for a new, empty document. An idle page whose document is reusable under `key` is taken first.
   */
  private async takePage(key: string | undefined): Promise<{ page: Page; writes: number }> {
    const reusable = (page: Page) => {
      const left = this.left.get(page);
      return key !== undefined && left?.key === key && left.writes < MAX_WRITES_PER_DOCUMENT;
    };
    const at = this.idle.findIndex(reusable);
    if (at >= 0) {
      const [page] = this.idle.splice(at, 1) as [Page];
      if (usable(page) && page.url() === 'about:blank') return { page, writes: this.left.get(page)!.writes };
      this.left.delete(page);
      this.idle.push(page);
    }
    for (let page = this.idle.pop(); page; page = this.idle.pop()) {
      this.left.delete(page);
      if (!usable(page)) continue;
      if (await freshDocument(page)) {
        this.documents++;
        return { page, writes: 0 };
      }
      await page.close().catch(() => undefined);
    }
    return { page: await this.newPage(), writes: 0 };
  }

  private async newPage(): Promise<Page> {
    const browser = await this.browser();
    try {
      return await browser.newPage();
    } catch (error) {
      // It died since it was handed out: the next call has already forgotten it, so retry once.
      if (browser.connected || this.closed) throw error;
      return (await this.browser()).newPage();
    }
  }

  /** The running browser, launching it if needed. */
  async browser(): Promise<Browser> {
    if (this.closed) throw new Error('The document browser has been shut down');
    this.current ??= this.launch();
    return this.current.browser;
  }

  private launch(): Launched {
    // The profile directory is unique, so it also tells this launch apart from a later one.
    const userDataDir = mkdtempSync(join(tmpdir(), 'symposium-chromium-'));
    const isCurrent = () => this.current?.userDataDir === userDataDir;
    const browser = (async () => {
      let chromium: ResolvedChromium | undefined;
      try {
        chromium = await this.chromium();
        const puppeteer = await loadPuppeteer();
        const browser = await puppeteer.launch({
          executablePath: chromium.executablePath,
          headless: chromium.headless,
          userDataDir,
          args: chromium.args,
          protocolTimeout: this.protocolTimeoutMs,
          // Shutdown is ours (onApplicationShutdown); puppeteer's handlers would exit the process first.
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        });
        this.launches++;
        if (isCurrent()) this.running = browser;
        browser.once('disconnected', () => {
          if (this.running === browser) this.running = undefined;
          if (isCurrent()) {
            this.current = undefined;
            this.logger.warn('Chromium disconnected; it will be relaunched on the next render');
          }
          void killAndRemove(browser, userDataDir);
        });
        return browser;
      } catch (error) {
        if (isCurrent()) this.current = undefined;
        await removeDir(userDataDir);
        if (this.closed) throw error;
        const reason = chromium
          ? `could not start ${chromium.executablePath} (${chromium.source}): ${firstLine(error)}`
          : firstLine(error);
        this.warnUnavailable(new Error(reason));
        throw documentsUnavailable(reason, error);
      }
    })();
    return { browser, userDataDir };
  }

  /** Closes the browser and removes its profile directory; the pool cannot be used afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    this.idle = [];
    this.running = undefined;
    const launched = this.current;
    this.current = undefined;
    if (!launched) return;
    const browser = await launched.browser.catch(() => undefined);
    if (browser) await browser.close().catch(() => killAndRemove(browser, launched.userDataDir));
    await removeDir(launched.userDataDir);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}

/** Stops what is left of a browser (its helper processes too) and then removes its profile. */
async function killAndRemove(browser: Browser, userDataDir: string): Promise<void> {
  const child = browser.process();
  if (child?.pid) {
    const running = child.exitCode === null && child.signalCode === null;
    const exited = running ? new Promise((resolve) => child.once('exit', resolve)) : null;
    try {
      // puppeteer starts Chromium as a process group leader: take the renderers and the zygote along,
      // even when the main process is already gone.
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      if (running) child.kill('SIGKILL');
    }
    await exited;
  }
  await removeDir(userDataDir);
}

const usable = (page: Page): boolean => !page.isClosed() && page.browser().connected;

/**
 * Gives a warm page a new, empty document. `setContent` writes into the page's current document, which keeps
 * what the last one installed: a `<meta>` Content-Security-Policy can only ever be added to, never lifted, so
 * after a consent signature (fonts only) every later letter lost its `data:` images. A navigation started
 * by the browser (not by the document) creates a new about:blank document with a policy container of its
 * own: nothing of the last document carries over. False when the page cannot be reset (then it is closed).
 */
async function freshDocument(page: Page): Promise<boolean> {
  try {
    await page.goto('about:blank', { waitUntil: 'load', timeout: 10_000 });
    return page.url() === 'about:blank';
  } catch {
    return false;
  }
}

function firstLine(error: unknown): string {
  return ((error as Error)?.message ?? String(error)).split('\n')[0]!.trim();
}

async function removeDir(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch {
    // A helper process may still be writing; the OS temp cleaner gets the rest.
  }
}
