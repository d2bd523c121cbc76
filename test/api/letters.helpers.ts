/**
 * Set-up of the letters tests: the chair papers set-up with a filled-in conference, and readers of the PDFs
 * the API answers (text with pdftotext, page 1 as PNG with pdftoppm, the QR code decoded with jsQR).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { Response } from 'supertest';
import {
  daysTable,
  eventsTable,
  roomsTable,
  sessionPapersTable,
  sessionsTable,
} from '../../apps/api/src/modules/programme/programme.table.js';
import { binary, setupChair, type ChairEnv } from './papers-chair.helpers.js';

/** jsqr is CommonJS with its function as exports.default: take it whichever way the loader hands it over. */
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ?? jsQRModule) as unknown as Decode;

export async function setupLetters(): Promise<ChairEnv> {
  const env = await setupChair();
  await env.conference({
    shortName: 'GRAPHS 2026',
    fullName: 'International Conference on Graphs',
    dates: '14–17 July 2026',
    city: 'Lisbon',
    country: 'Portugal',
    address: 'Avenida Rovisco Pais 1',
    timeZone: 'Europe/Lisbon',
  });
  return env;
}

/** A real PNG (a small dark bar) to use as a signature image. */
export function signaturePng(): Buffer {
  const png = new PNG({ width: 120, height: 30 });
  for (let i = 0; i < png.data.length; i += 4) {
    const x = (i / 4) % 120;
    const dark = x > 10 && x < 110 && Math.floor(i / 4 / 120) % 10 < 3;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = dark ? 20 : 255;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** The body of a binary answer (supertest's parser for PDFs and zips). */
export const asBuffer = (res: Response, cb: (err: Error | null, body: Buffer) => void) => binary(res, cb);

/**
 * The text of a PDF, every run of white space one space: where a line wraps depends on the fonts of the
 * machine's Chromium, so a title may be cut across two lines.
 */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/\s+/g, ' ');
}

/** Renders page 1 at 150 dpi and decodes the QR code on it; null when none is found. */
export function qrOfPage1(pdf: Buffer): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'letters-qr-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '150',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    return found?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The images of a PDF (pdfimages -list): their pixel sizes, in page order. */
export function imagesOf(pdf: Buffer): { width: number; height: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'letters-img-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const list = execFileSync('pdfimages', ['-list', file]).toString('utf8').split('\n').slice(2);
    return list
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols.length > 4 && cols[2] === 'image')
      .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Places a paper in a new technical session (room, day 2026-07-15, event 10:30–12:00); its session id. */
export async function schedule(
  env: ChairEnv,
  paperId: number,
  title = `Session ${paperId}`,
  roomName = `Room ${paperId}`,
): Promise<number> {
  const db = env.t.db;
  const [room] = await db.insert(roomsTable).values({ name: roomName }).returning();
  const [day] =
    (await db.select().from(daysTable).where(eq(daysTable.date, '2026-07-15'))).length > 0
      ? await db.select().from(daysTable).where(eq(daysTable.date, '2026-07-15'))
      : await db.insert(daysTable).values({ date: '2026-07-15', desk: '08:00', color: '#fff' }).returning();
  const [event] = await db
    .insert(eventsTable)
    .values({ dayId: day!.id, type: 'technical', start: '10:30', end: '12:00' })
    .returning();
  const [session] = await db
    .insert(sessionsTable)
    .values({ kind: 'technical', number: paperId, title, roomId: room!.id, eventId: event!.id })
    .returning();
  await db.insert(sessionPapersTable).values({ paperId, sessionId: session!.id, position: 0 });
  return session!.id;
}
