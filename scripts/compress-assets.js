// Pre-compressed front-end assets: beside every js/css/html/svg/json/txt file of a built app, a .br (brotli,
// quality 11) and a .gz (gzip, level 9), written once at build time so that the API serves them without
// compressing per request (apps/api/src/app.factory.ts, serveFrontEnds). A variant that would not be smaller
// than the file is not written (the server then sends the file itself).
// Run by both apps' vite builds (vite.apps.ts, the config they share) and usable alone: node scripts/compress-assets.js <dir>...
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The extensions worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes file.br and file.gz beside each compressible file of dir; returns what it wrote. */
export async function compressDir(dir) {
  const written = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = await readFile(path);
    const variants = [
      [
        '.br',
        await brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
      ],
      ['.gz', await gz(raw, { level: constants.Z_BEST_COMPRESSION })],
    ];
    const entry = { path, raw: raw.length };
    for (const [ext, body] of variants) {
      if (body.length < raw.length) {
        await writeFile(path + ext, body);
        entry[ext.slice(1)] = body.length;
      } else await rm(path + ext, { force: true });
    }
    written.push(entry);
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/compress-assets.js <dist dir>...');
    process.exit(2);
  }
  for (const dir of dirs) {
    if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a directory`);
    const written = await compressDir(dir);
    const sum = (k) => written.reduce((s, w) => s + (w[k] ?? w.raw), 0);
    console.log(`${dir}: ${written.length} files, ${sum('raw')} bytes → br ${sum('br')}, gzip ${sum('gz')}`);
  }
}
