/**
 * Shared set-up of the author papers tests: an app with a temporary file store, a chair, tracks made through
 * the chair API, an accepted status, and small real files of each kind (pdf, docx, doc, pptx, mp4...).
 */
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { crc32, deflateRawSync } from 'node:zlib';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { FileStore } from '../../apps/api/src/modules/files/file-store.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';
import { storeContents } from '../support/file-stores.js';

export const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';

export interface PapersEnv {
  t: TestApp;
  dataDir: string;
  chair: Awaited<ReturnType<TestApp['user']>>;
  acceptedStatusId: number;
  /** Creates a track through the chair API; returns its id. */
  track: (body?: Record<string, unknown>) => Promise<number>;
  /** Sets an activity (and its deadline) straight in the database. */
  setActivity: (
    trackId: number,
    activity: 'canSubmitPaper' | 'canEditPaper' | 'canSubmitCameraReady' | 'canSubmitPresentationReady',
    status: boolean,
    deadline?: Date | null,
  ) => Promise<void>;
  accept: (paperId: number) => Promise<void>;
  conference: (patch: Partial<typeof conferenceTable.$inferInsert>) => Promise<void>;
  /** Everything in the file store (objects, temporary files, unfinished multipart uploads), sorted. */
  storedFiles: () => Promise<string[]>;
  /** The stored bytes of a key (from the store the app runs on: disk or S3). */
  storedBytes: (key: string) => Promise<Buffer>;
  close: () => Promise<void>;
}

export async function setupPapers(
  overrides: Parameters<typeof createTestApp>[0] = {},
  appOptions: Parameters<typeof createTestApp>[1] = {},
): Promise<PapersEnv> {
  const dataDir = mkdtempSync(join(tmpdir(), 'papers-'));
  const t = await createTestApp({ dataDir, ...overrides }, appOptions);
  const chair = await t.user({ roles: chairRoles() });
  const [accepted] = await t.db
    .insert(statusesTable)
    .values({ text: 'Accept', position: 2, isAccepted: true })
    .returning();
  let n = 0;
  return {
    t,
    dataDir,
    chair,
    acceptedStatusId: accepted!.id,
    track: async (body = {}) => {
      n++;
      const res = await t.call('post', '/api/chair/tracks', chair.auth).send({ name: `Track ${n}`, ...body });
      if (res.status !== 201) throw new Error(`track: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body._id as number;
    },
    setActivity: async (trackId, activity, status, deadline = null) => {
      const columns = {
        canSubmitPaper: ['canSubmitPaper', 'canSubmitPaperDeadline'],
        canEditPaper: ['canEditPaper', 'canEditPaperDeadline'],
        canSubmitCameraReady: ['canSubmitCameraReady', 'canSubmitCameraReadyDeadline'],
        canSubmitPresentationReady: ['canSubmitPresentationReady', 'canSubmitPresentationReadyDeadline'],
      }[activity];
      await t.db
        .update(tracksTable)
        .set({ [columns[0]!]: status, [columns[1]!]: deadline } as Partial<typeof tracksTable.$inferInsert>)
        .where(eq(tracksTable.id, trackId));
    },
    accept: async (paperId) => {
      await t.db.update(papersTable).set({ statusId: accepted!.id }).where(eq(papersTable.id, paperId));
    },
    conference: async (patch) => {
      await t.db.update(conferenceTable).set(patch).where(eq(conferenceTable.id, 1));
    },
    storedFiles: () => storeContents(t.app.get(FileStore)),
    storedBytes: async (key) => buffer((await t.app.get(FileStore).open(key)).stream),
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

// ----- files of each kind

export const pdf = (text = 'paper'): Buffer =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

/**
 * A ZIP archive with stored (uncompressed) entries, or deflated ones, with their CRCs and real sizes in both
 * headers, or `declaredSize` as every entry's uncompressed size (a lie, as a zip bomb tells it).
 */
export function zip(
  entries: Record<string, string | Buffer>,
  { deflate = false, declaredSize }: { deflate?: boolean; declaredSize?: number } = {},
): Buffer {
  const method = deflate ? 8 : 0;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const packed = deflate ? deflateRawSync(data, { level: 6 }) : data;
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declaredSize ?? data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declaredSize ?? data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export const docx = () =>
  zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document>paper</w:document>' });
export const pptx = () =>
  zip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p:presentation/>' });

/** An OLE2 compound file (what .doc and .ppt files are). */
export function cfb(): Buffer {
  const b = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  b.writeUInt16LE(0x3e, 0x18);
  b.writeUInt16LE(3, 0x1a);
  b.writeUInt16LE(0xfffe, 0x1c);
  b.writeUInt16LE(9, 0x1e);
  return b;
}

/** An ISO base media (mp4) file: an ftyp box and a small mdat box. */
export function mp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(16, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

/** The JSON of a valid submission to a track, with the given authors (the first is the primary author). */
export const submission = (track: number, authors: number[], extra: Record<string, unknown> = {}) => ({
  track,
  title: 'Graph colouring in practice',
  abstract: { text: ABSTRACT, questions: [] },
  authors,
  primaryAuthor: authors[0],
  ...extra,
});
