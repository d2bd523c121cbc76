/**
 * Set-up of the chair papers tests: setupPapers of the author tests, plus two tracks (the second with subject
 * areas), statuses (default, Accept, Accept with Revision, Reject), a track chair of the first track, authors,
 * papers written straight into the database, and a reader of zip archives.
 */
import { eq } from 'drizzle-orm';
import { inflateRawSync } from 'node:zlib';
import type { Response } from 'supertest';
import {
  paperAuthorsTable,
  papersTable,
  type NewPaperRow,
  type PaperRow,
} from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { ABSTRACT, setupPapers, type PapersEnv } from './papers-author.helpers.js';

export interface ChairEnv extends PapersEnv {
  trackA: number;
  trackB: number;
  /** Subject areas of track B. */
  areasB: number[];
  status: { awaiting: number; accept: number; revision: number; reject: number };
  cochair: Awaited<ReturnType<PapersEnv['t']['user']>>;
  admin: Awaited<ReturnType<PapersEnv['t']['user']>>;
  alice: Awaited<ReturnType<PapersEnv['t']['user']>>;
  bob: Awaited<ReturnType<PapersEnv['t']['user']>>;
  /** Inserts a paper (authors in order, the first primary); default: track A, awaiting decision. */
  paper: (row?: Partial<NewPaperRow>, authors?: number[]) => Promise<PaperRow>;
  row: (id: number) => Promise<PaperRow>;
}

export async function setupChair(): Promise<ChairEnv> {
  const env = await setupPapers();
  const { t } = env;
  const trackA = await env.track({ name: 'Algorithms' });
  const res = await t
    .call('post', '/api/chair/tracks', env.chair.auth)
    .send({ name: 'Bioinformatics', subjectAreas: [{ name: 'Genomics' }, { name: 'Proteins' }] });
  if (res.status !== 201) throw new Error(`track: ${res.status} ${JSON.stringify(res.body)}`);
  const trackB = res.body._id as number;
  const areasB = (res.body.subjectAreas as { _id: number }[]).map((a) => a._id);
  const [awaiting] = await t.db.select().from(statusesTable).where(eq(statusesTable.isDefault, true));
  const [revision, reject] = await t.db
    .insert(statusesTable)
    .values([
      { text: 'Accept with Revision (minor)', position: 3, isAccepted: true },
      { text: 'Reject', position: 4, isAccepted: false },
    ])
    .returning();
  const cochair = await t.user({ roles: { coChair: { is: true, tracks: [trackA] } } });
  const admin = await t.user({ roles: { admin: { is: true } } });
  const alice = await t.user({
    firstName: 'Alice',
    lastName: 'Zephyr',
    email: `alice.${Date.now()}@uni.example`,
    // not the chairs' default organization: a shared one is a conflict of interest that hides reviews (issue 25)
    organization: 'University of Zephyr',
  });
  const bob = await t.user({
    firstName: 'Bob',
    lastName: 'Young',
    email: `bob.${Date.now()}@lab.example`,
    organization: 'Young Lab',
  });
  const paper: ChairEnv['paper'] = async (row = {}, authors = [alice.id]) => {
    const [created] = await t.db
      .insert(papersTable)
      .values({
        title: 'A paper',
        abstractText: ABSTRACT,
        trackId: trackA,
        statusId: awaiting!.id,
        primaryAuthorId: authors[0] ?? null,
        ...row,
      })
      .returning();
    if (authors.length)
      await t.db
        .insert(paperAuthorsTable)
        .values(authors.map((userId, position) => ({ paperId: created!.id, userId, position })));
    return created!;
  };
  return {
    ...env,
    trackA,
    trackB,
    areasB,
    status: {
      awaiting: awaiting!.id,
      accept: env.acceptedStatusId,
      revision: revision!.id,
      reject: reject!.id,
    },
    cochair,
    admin,
    alice,
    bob,
    paper,
    row: async (id) => (await t.db.select().from(papersTable).where(eq(papersTable.id, id)))[0]!,
  };
}

/** supertest: collect a binary body as a Buffer. */
export function binary(res: Response, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** The entries of a zip archive (names and contents), read from its central directory. */
export function readZip(buf: Buffer): { name: string; data: Buffer }[] {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const localName = buf.readUInt16LE(local + 26);
    const localExtra = buf.readUInt16LE(local + 28);
    const start = local + 30 + localName + localExtra;
    const raw = buf.subarray(start, start + compressed);
    out.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
