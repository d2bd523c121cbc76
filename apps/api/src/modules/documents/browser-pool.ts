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
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
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

interface Launched {
  browser: Promise<Browser>;
  userDataDir: string;
}

/**
 * One shared, warm headless Chromium: launched on first use, relaunched when it disconnects (crash, killed),
 * closed on application shutdown. `withPage` lends a page, at most `maxPages` at a time: a page whose
 * work succeeded is kept warm for the next caller (opening a page costs more than rendering a letter),
 * and lent again on a new, empty document (nothing of the last one, such as its security policy, carries
 * over); a page whose work failed is closed, so a broken or navigated page is never lent again.
 * Usable without Nest: `new BrowserPool({ maxPages: 2 })`, then `await pool.close()`.
 */
@Injectable()
export class BrowserPool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPool.name);
  private readonly slots: Semaphore;
  private readonly maxPages: number;
  /** Warm pages of the current browser, at most maxPages. */
  private idle: Page[] = [];
  private resolved?: Promise<ResolvedChromium>;
  private warned = false;
  private readonly protocolTimeoutMs: number;
  private current?: Launched;
  private closed = false;
  private launches = 0;

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

  /**
   * Runs `fn` with a page of the shared browser. `fn` must leave the page as it found it (listeners
   * removed) when it succeeds; when it throws, the page is closed instead of kept.
   */
  async withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
    return this.slots.use(async () => {
      const page = await this.takePage();
      let keep = false;
      try {
        const result = await fn(page);
        keep = true;
        return result;
      } finally {
        if (keep && !this.closed && this.idle.length < this.maxPages && usable(page)) this.idle.push(page);
        else await page.close().catch(() => undefined);
      }
    });
  }

  /** A warm page of the running browser (on a new, empty document), else a new one. */
  private async takePage(): Promise<Page> {
    for (let page = this.idle.pop(); page; page = this.idle.pop()) {
      if (!usable(page)) continue;
      if (await freshDocument(page)) return page;
      await page.close().catch(() => undefined);
    }
    return this.newPage();
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
        browser.once('disconnected', () => {
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
