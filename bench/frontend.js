// Front-end bench (issue 12, "Front ends"; fair by issue 23): first contentful paint of the author and the chair
// sign-in pages on a COLD cache (a new browser context per run), against a static page of the same compressed
// size (an HTML and one script of the same brotli byte count that paints text as soon as it runs), both served
// by the API's own front-end handler (serveFrontEnds: pre-compressed variants, same headers) in this process,
// in ABBA order (app, reference, reference, app …): the median of the per-pair FCP ratios and its range, the
// CPU of every Chromium process per load (/proc) beside the renderer's TaskDuration and the wall time.
// The first screens' JS (raw / gzip / brotli) from the vite manifest: each sign-in page (entry + the lazy
// sign-in chunk) and each home after sign-in (entry + the shell chunk + the home screen's chunks), on the
// desktop path and on the phone path (below 900 px the shell's menu drawer is one more lazy chunk). Checks
// (exit 1): each screen ≤ 150 kB of brotli and ≤ 170 kB of gzip on both paths; every script the browser
// really fetched, at a desktop and at a phone viewport, is inside the count; every page renders.
//
//   npm run build && node bench/frontend.js [--runs 9] [--throttle]
//
// --throttle emulates a 10 Mbit/s link with 40 ms latency (transfer size then counts, not only parsing).
// API_DIST=<dir> runs another build of the API; AUTHOR_APP_DIR / CHAIR_APP_DIR another build of the apps.
/* global document */ // the page functions passed to waitForFunction run in Chromium
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { compressDir } from '../scripts/compress-assets.js';
import { benchName, check, figure, finish, median, sidesOfRound, treeCpuMs } from './lib/measure.js';

benchName('frontend');
/** JS of a first screen: at most 150 kB of brotli, and 170 kB of gzip (for clients without brotli). */
const BUDGET = 150_000;
const GZIP_BUDGET = 170_000;
/**
 * Below 900 px wide the shell shows its menu as a drawer: a lazy chunk fetched when the menu first opens, not
 * for the first screen (the browser check below proves the phone path fetches nothing beyond the count).
 */
const PHONE_KEYS = [];
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 800 };
/** The lazy module of the sign-in pages in both apps' vite manifests (the path from the app's root). */
const SIGN_IN_PAGES = '../../libs/ui/src/auth-pages.tsx';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = process.env.API_DIST
  ? pathToFileURL(`${process.env.API_DIST.replace(/\/$/, '')}/`).href
  : new URL('../apps/api/dist/', import.meta.url).href;
const AUTHOR_DIR = process.env.AUTHOR_APP_DIR || join(ROOT, 'apps/author-web/dist');
const CHAIR_DIR = process.env.CHAIR_APP_DIR || join(ROOT, 'apps/chair-web/dist');

const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '9' }, throttle: { type: 'boolean', default: false } },
});
const RUNS = Number(opts.runs);

const fail = (msg) => check(msg, false);
const br = (buf) =>
  brotliCompressSync(buf, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: 1 },
  });
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/**
 * The manifest's files for `keys` (source paths of lazy modules, or chunk names such as the 'shell' group) with
 * their static imports, after the entry's; null without a manifest (builds before the route split). A key that
 * the build does not have fails the bench (the count would leave a screen's code out).
 */
function manifestFiles(dir, keys) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  const files = new Set();
  const add = (key) => {
    const chunk = manifest[key] ?? Object.values(manifest).find((c) => c.name === key && !c.src);
    if (!chunk) return fail(`${dir}: no chunk for ${key} in the vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) add(i);
  };
  add('index.html');
  for (const key of keys) add(key);
  return [...files];
}

/**
 * The JS of a screen: the scripts index.html loads or preloads, and (with a manifest) the lazy chunks of the
 * screen's `keys` with their static imports. The sign-in pages and the signed-in shell are lazy chunks, so
 * they are counted here for the screens that show them.
 */
function screenJs(dir, base, keys) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = new Set(
    [
      ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
    ].map((m) => m[1].slice(base.length)),
  );
  for (const f of manifestFiles(dir, keys) ?? []) files.add(f);
  let raw = 0;
  let gz = 0;
  let brotli = 0;
  for (const f of files) {
    const buf = readFileSync(join(dir, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
    brotli += br(buf).length;
  }
  return { files: files.size, list: [...files], raw, gz, br: brotli };
}

/**
 * The reference: index.html and one module script whose brotli size is `target` bytes (random, hence
 * incompressible, text in a string) and which writes the sign-in heading as soon as it runs.
 */
function writeReference(dir, base, target) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const paint =
    ";document.getElementById('root').innerHTML='<main><h1>Sign in</h1><p>Reference page</p></main>';";
  const script = (n) =>
    Buffer.from(`window.__pad=${JSON.stringify(randomBytes(n).toString('base64'))}${paint}`);
  let lo = 0;
  let hi = target * 2;
  while (hi - lo > 8) {
    const mid = (lo + hi) >> 1;
    if (br(script(mid)).length < target) lo = mid;
    else hi = mid;
  }
  const js = script(lo);
  writeFileSync(join(dir, 'assets/reference.js'), js);
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Reference</title>\n` +
      `    <script type="module" crossorigin src="${base}assets/reference.js"></script>\n  </head>\n` +
      `  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`,
  );
  return { raw: js.length, br: br(js).length };
}

async function startServer(tag, authorDir, chairDir) {
  // app.factory reads AUTHOR_APP_DIR / CHAIR_APP_DIR when it loads: a second copy (?tag) for the reference
  process.env.AUTHOR_APP_DIR = authorDir;
  process.env.CHAIR_APP_DIR = chairDir;
  const { createApp } = await import(new URL(`app.factory.js?${tag}`, DIST).href);
  const app = await createApp(
    {
      port: 0,
      dataDir: '/nonexistent',
      inMemoryDatabase: true,
      jwtSecret: randomBytes(32).toString('hex'),
      publicUrl: 'http://127.0.0.1',
      demoData: false,
      serveApps: true,
      runJobs: false,
    },
    { logger: ['error'] },
  );
  await app.listen(0, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${app.getHttpServer().address().port}` };
}

/** One cold load: a fresh browser context (empty cache), the page until `ready` shows, its FCP and CPU. */
async function coldLoad(browser, url, ready, viewport = DESKTOP, cookies = []) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (cookies.length) await page.setCookie(...cookies.map((c) => ({ ...c, url })));
    page.setDefaultTimeout(30000);
    await page.setViewport(viewport);
    const scripts = new Set();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
    });
    const cpu0 = treeCpuMs(browser.process().pid);
    if (opts.throttle) await page.emulateNetworkConditions({ download: 1.25e6, upload: 1.25e6, latency: 40 });
    const t0 = performance.now();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(ready, { polling: 'raf' });
    const wall = performance.now() - t0;
    const shown = await page.evaluate(() => performance.now());
    // the paint entry is queued once the frame is presented, shortly after the content is in the DOM
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, {
      polling: 'raf',
      timeout: 10000,
    });
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0].startTime,
    );
    const metrics = await page.metrics();
    return {
      fcp,
      shown,
      wall,
      taskMs: metrics.TaskDuration * 1000,
      scriptMs: metrics.ScriptDuration * 1000,
      chromiumMs: treeCpuMs(browser.process().pid) - cpu0,
      scripts: [...scripts],
    };
  } finally {
    await context.close();
  }
}

/** A new author signed up through the API: the session cookies (name, value) for the browser. */
async function signUp(base) {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Author',
      email: `bench-${randomBytes(4).toString('hex')}@example.org`,
      alternateEmail: `bench-${randomBytes(4).toString('hex')}@home.example`,
      organization: 'Bench University',
      country: 'Portugal',
      phone: '+351 210 000 000',
      password: 'a-good-bench-password',
    }),
  });
  check(
    'a new author can sign up (for the signed-in screens)',
    res.ok,
    `${res.status} ${res.ok ? '' : await res.text()}`,
  );
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

async function main() {
  const { resolveChromium, assertExecutable } = await import(
    new URL('modules/documents/chromium.js', DIST).href
  );
  const apps = [
    {
      name: 'author sign-in',
      dir: AUTHOR_DIR,
      base: '/',
      path: '/SignIn',
      keys: [SIGN_IN_PAGES],
      home: {
        name: 'author home (paper list)',
        path: '/',
        keys: ['shell', 'src/features/home/author-home.tsx'],
      },
      ready: () => !!document.querySelector('input[type=password]'),
    },
    {
      name: 'chair sign-in',
      dir: CHAIR_DIR,
      base: '/chair/',
      path: '/chair/SignIn',
      keys: [SIGN_IN_PAGES],
      home: { name: 'chair home (menu)', keys: ['shell'] },
      ready: () => !!document.querySelector('input[type=password]'),
    },
  ];
  const refRoot = mkdtempSync(join(tmpdir(), 'symposium-bench-frontend-'));
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let browser;
  const servers = [];
  try {
    console.log(`front ends: ${AUTHOR_DIR}, ${CHAIR_DIR}`);
    for (const a of apps) {
      a.size = screenJs(a.dir, a.base, a.keys);
      a.homeSize = screenJs(a.dir, a.base, a.home.keys);
      a.phoneSize = a.size; // no shell, no drawer: the sign-in page is the same on a phone (checked below)
      a.homePhoneSize = screenJs(a.dir, a.base, [...a.home.keys, ...PHONE_KEYS]);
      a.refDir = join(refRoot, a.base === '/' ? 'author' : 'chair');
      a.ref = writeReference(a.refDir, a.base, a.size.br);
      await compressDir(a.refDir);
    }
    const appServer = await startServer('app', AUTHOR_DIR, CHAIR_DIR);
    servers.push(appServer);
    const refServer = await startServer('reference', apps[0].refDir, apps[1].refDir);
    servers.push(refServer);

    const chromium = await resolveChromium();
    await assertExecutable(chromium.executablePath);
    browser = await puppeteer.launch({
      executablePath: chromium.executablePath,
      headless: chromium.headless,
      args: chromium.args,
    });
    console.log(
      `Chromium: ${chromium.source}; ${RUNS} cold loads each, interleaved${opts.throttle ? '; throttled to 10 Mbit/s, 40 ms' : ''}`,
    );
    const refReady = () => !!document.querySelector('h1');
    for (const a of apps) {
      a.runs = [];
      a.refRuns = [];
      await coldLoad(browser, appServer.url + a.path, a.ready); // warm-up (server, Chromium), not counted
      await coldLoad(browser, refServer.url + a.path, refReady);
      // ABBA: app, reference, reference, app, … so that drift hits both sides alike
      for (let i = 0; i < RUNS; i++) {
        for (const side of sidesOfRound(i)) {
          if (side === 'a') {
            try {
              a.runs.push(await coldLoad(browser, appServer.url + a.path, a.ready));
            } catch (error) {
              fail(`${a.name} renders`, error.message);
            }
          } else a.refRuns.push(await coldLoad(browser, refServer.url + a.path, refReady));
        }
      }
      // the phone path, once: what the browser really fetched must be inside what the count counts
      a.phoneLoad = await coldLoad(browser, appServer.url + a.path, a.ready, PHONE);
      if (a.home.path) {
        // signed in (a new author), the home screen at both widths, with the same check
        const cookies = await signUp(appServer.url);
        const shown = () => !!document.querySelector('main#main h2');
        a.homeLoads = {
          desktop: await coldLoad(browser, appServer.url + a.home.path, shown, DESKTOP, cookies),
          phone: await coldLoad(browser, appServer.url + a.home.path, shown, PHONE, cookies),
        };
      }
    }

    for (const a of apps) {
      console.log(`\n${a.name} (${a.path})`);
      console.log(`  reference page: one script, raw ${kb(a.ref.raw)}, brotli ${kb(a.ref.br)}`);
      const screens = [
        { name: a.name, size: a.size, phone: a.phoneSize },
        { name: a.home.name, size: a.homeSize, phone: a.homePhoneSize },
      ];
      for (const sc of screens) {
        for (const [path, size] of [
          ['desktop', sc.size],
          ['phone', sc.phone],
        ]) {
          console.log(
            `  ${sc.name}, ${path}: ${size.files} files, raw ${kb(size.raw)}, gzip ${kb(size.gz)}, brotli ${kb(size.br)}`,
          );
          check(`${sc.name} (${path}): JS ≤ ${kb(BUDGET)} brotli`, size.br <= BUDGET, kb(size.br));
          check(`${sc.name} (${path}): JS ≤ ${kb(GZIP_BUDGET)} gzip`, size.gz <= GZIP_BUDGET, kb(size.gz));
          figure(`${sc.name} (${path}) JS brotli`, size.br / 1000, {
            unit: 'kB',
            goal: { op: '<=', value: BUDGET / 1000 },
          });
          figure(`${sc.name} (${path}) JS gzip`, size.gz / 1000, {
            unit: 'kB',
            goal: { op: '<=', value: GZIP_BUDGET / 1000 },
          });
        }
      }
      // independent check of the count: every script the browser fetched is counted (desktop and phone)
      const loads = [
        [a.name, 'desktop', a.runs, a.size.list],
        [a.name, 'phone', a.phoneLoad ? [a.phoneLoad] : [], a.phoneSize.list],
      ];
      if (a.homeLoads)
        loads.push(
          [a.home.name, 'desktop', [a.homeLoads.desktop], a.homeSize.list],
          [a.home.name, 'phone', [a.homeLoads.phone], a.homePhoneSize.list],
        );
      for (const [name, path, runs, counted] of loads) {
        const fetched = new Set(runs.flatMap((r) => r.scripts.map((u) => u.slice(a.base.length))));
        const missing = [...fetched].filter((f) => !counted.includes(f));
        check(
          `${name} (${path}): every script the browser fetched is in the count`,
          runs.length > 0 && !missing.length,
          missing.length ? `not counted: ${missing.join(', ')}` : `${fetched.size} scripts fetched`,
        );
      }
      if (!a.runs.length) continue;
      const m = (runs, k) => median(runs.map((r) => r[k]));
      const fcp = m(a.runs, 'fcp');
      const refFcp = m(a.refRuns, 'fcp');
      check(`${a.name}: first-contentful-paint measured`, Number.isFinite(fcp));
      const ratios = a.runs.map((r, i) => r.fcp / a.refRuns[i].fcp);
      console.log(
        `  FCP median: app ${fcp.toFixed(0)} ms, reference ${refFcp.toFixed(0)} ms; median of pair ratios ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
      );
      figure(`${a.name}: FCP app / same-size page`, median(ratios), {
        range: [Math.min(...ratios), Math.max(...ratios)],
        note: `app ${fcp.toFixed(0)} ms, reference ${refFcp.toFixed(0)} ms`,
      });
      console.log(
        `  form shown (page clock) median: app ${m(a.runs, 'shown').toFixed(0)} ms, reference ${m(a.refRuns, 'shown').toFixed(0)} ms;` +
          ` wall (goto → shown) app ${m(a.runs, 'wall').toFixed(0)} ms, reference ${m(a.refRuns, 'wall').toFixed(0)} ms`,
      );
      console.log(
        `  Chromium CPU per load (all its processes), median: app ${m(a.runs, 'chromiumMs').toFixed(0)} ms, reference ${m(a.refRuns, 'chromiumMs').toFixed(0)} ms;` +
          ` renderer TaskDuration / ScriptDuration: app ${m(a.runs, 'taskMs').toFixed(0)} / ${m(a.runs, 'scriptMs').toFixed(0)} ms,` +
          ` reference ${m(a.refRuns, 'taskMs').toFixed(0)} / ${m(a.refRuns, 'scriptMs').toFixed(0)} ms`,
      );
    }
  } finally {
    await browser?.close();
    for (const s of servers) await s.app.close();
    rmSync(refRoot, { recursive: true, force: true });
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `\nbench process (servers): wall ${((performance.now() - wall0) / 1000).toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
  );
}

await main();
finish();
