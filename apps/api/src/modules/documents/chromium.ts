import { constants, existsSync } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the Chromium of the documents module and of the browser tests comes from, decided in this one place:
 *
 * 1. `PUPPETEER_EXECUTABLE_PATH` when set, used as it is (even when nothing is there: then rendering
 *    answers 503, which is how a missing browser is tested);
 * 2. else the first of the system paths that exists: /usr/bin/chromium, /usr/bin/chromium-browser,
 *    /usr/bin/google-chrome, or the colon-separated list in `CHROMIUM_SYSTEM_PATHS` (empty or `none`
 *    hides the system Chromium, as CI does to prove the next step);
 * 3. else the Chromium shipped in the npm package @sparticuz/chromium, unpacked into the temp directory
 *    on first use (about 2.5 s, once per machine).
 */
export type ChromiumSource = 'env' | 'system' | 'packaged';

export interface ResolvedChromium {
  executablePath: string;
  /** Command-line switches for puppeteer.launch. */
  args: string[];
  /** puppeteer's `headless`: the packaged binary is chrome-headless-shell. */
  headless: true | 'shell';
  source: ChromiumSource;
}

export const DEFAULT_SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
] as const;

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

/**
 * What the packaged chrome-headless-shell needs on top of CHROMIUM_ARGS. Not the package's own `args`:
 * those also switch web security off, which a sandboxed document renderer must keep.
 */
const PACKAGED_EXTRA_ARGS = ['--no-zygote', '--font-render-hinting=none'] as const;

/** The system paths looked at, in order ([] when CHROMIUM_SYSTEM_PATHS is empty or `none`). */
export function systemChromiumPaths(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = env.CHROMIUM_SYSTEM_PATHS;
  if (listed === undefined) return [...DEFAULT_SYSTEM_CHROMIUM_PATHS];
  if (listed.trim() === '' || listed.trim().toLowerCase() === 'none') return [];
  return listed
    .split(':')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The Chromium to launch; rejects only when the packaged one was needed and could not be unpacked. */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedChromium> {
  const fromEnv = env.PUPPETEER_EXECUTABLE_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: [...CHROMIUM_ARGS], headless: true, source: 'env' };
  const system = systemChromiumPaths(env).find((p) => existsSync(p));
  if (system) return { executablePath: system, args: [...CHROMIUM_ARGS], headless: true, source: 'system' };
  return {
    executablePath: await packagedChromium(),
    args: [...CHROMIUM_ARGS, ...PACKAGED_EXTRA_ARGS],
    headless: 'shell',
    source: 'packaged',
  };
}

/** Throws with a one-line reason when `path` is not an executable file. */
export async function assertExecutable(path: string): Promise<void> {
  let isFile: boolean;
  try {
    isFile = (await stat(path)).isFile();
  } catch {
    throw new Error(`${path} does not exist`);
  }
  if (!isFile) throw new Error(`${path} is not a file`);
  try {
    await access(path, constants.X_OK);
  } catch {
    throw new Error(`${path} is not executable`);
  }
}

let unpacking: Promise<string> | undefined;

/** Unpacks @sparticuz/chromium once per process (and, through a lock directory, once per machine). */
function packagedChromium(): Promise<string> {
  unpacking ??= unpackPackaged().catch((error: unknown) => {
    unpacking = undefined;
    throw error;
  });
  return unpacking;
}

const LOCK_STALE_MS = 120_000;

async function unpackPackaged(): Promise<string> {
  let chromium: typeof import('@sparticuz/chromium').default;
  try {
    chromium = (await import('@sparticuz/chromium')).default;
  } catch (error) {
    throw new Error(`the package @sparticuz/chromium is not installed (${(error as Error).message})`, {
      cause: error,
    });
  }
  // The package unpacks into <tmp>/chromium and reuses whatever is there: a half-written binary from a
  // concurrent or interrupted unpack would be taken as it is. So one process unpacks at a time, and a
  // marker written after a complete unpack tells a finished binary from a partial one.
  const lock = join(tmpdir(), 'symposium-chromium-unpack.lock');
  const marker = join(tmpdir(), 'symposium-chromium-unpacked');
  await acquire(lock);
  try {
    if (!existsSync(marker)) {
      await rm(join(tmpdir(), 'chromium'), { force: true });
      await rm(join(tmpdir(), 'fonts'), { recursive: true, force: true });
    }
    const path = await chromium.executablePath();
    await writeFile(marker, `${path}\n`);
    return path;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function acquire(lock: string): Promise<void> {
  for (;;) {
    try {
      await mkdir(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const age = await stat(lock).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
