import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Semaphore } from './semaphore.js';

export interface BrowserPoolOptions {
  /** Chromium binary; default PUPPETEER_EXECUTABLE_PATH, then /usr/bin/chromium. */
  executablePath?: string;
  /** Pages rendering at the same time; the others wait. Default 2. */
  maxPages?: number;
  /** Limit for one DevTools call (a hung browser must not hang a request). Default 30 s. */
  protocolTimeoutMs?: number;
}

export const BROWSER_POOL_OPTIONS = Symbol('BROWSER_POOL_OPTIONS');

/** Headless as root, and no background traffic (TOOLCHAIN.md "Chromium, puppeteer"). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

interface Launched {
  browser: Promise<Browser>;
  userDataDir: string;
}

/**
 * One shared, warm headless Chromium: launched on first use, relaunched when it disconnects (crash, killed),
 * closed on application shutdown. `withPage` lends a fresh page, at most `maxPages` at a time.
 * Usable without Nest: `new BrowserPool({ maxPages: 2 })`, then `await pool.close()`.
 */
@Injectable()
export class BrowserPool implements OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPool.name);
  private readonly slots: Semaphore;
  private readonly executablePath: string;
  private readonly protocolTimeoutMs: number;
  private current?: Launched;
  private closed = false;
  private launches = 0;

  constructor(@Optional() @Inject(BROWSER_POOL_OPTIONS) options: BrowserPoolOptions | null = null) {
    this.slots = new Semaphore(options?.maxPages ?? 2);
    this.executablePath =
      options?.executablePath || process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
    this.protocolTimeoutMs = options?.protocolTimeoutMs ?? 30_000;
  }

  /** How many times Chromium was started (1 while it stays up). */
  get launchCount(): number {
    return this.launches;
  }

  /** Runs `fn` with a new page of the shared browser and closes the page afterwards. */
  async withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
    return this.slots.use(async () => {
      const page = await this.newPage();
      try {
        return await fn(page);
      } finally {
        await page.close().catch(() => undefined);
      }
    });
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
      try {
        const browser = await puppeteer.launch({
          executablePath: this.executablePath,
          headless: true,
          userDataDir,
          args: [...CHROMIUM_ARGS],
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
        throw new Error(
          `Could not start Chromium at ${this.executablePath} (set PUPPETEER_EXECUTABLE_PATH): ${(error as Error).message}`,
          { cause: error },
        );
      }
    })();
    return { browser, userDataDir };
  }

  /** Closes the browser and removes its profile directory; the pool cannot be used afterwards. */
  async close(): Promise<void> {
    this.closed = true;
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

async function removeDir(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch {
    // A helper process may still be writing; the OS temp cleaner gets the rest.
  }
}
