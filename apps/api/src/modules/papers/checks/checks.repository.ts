import { Inject, Injectable } from '@nestjs/common';
import type { TrackChecks } from '@symposium/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../../database/database.js';
import {
  duplicatePairsTable as dp,
  duplicateScansTable as ds,
  findingAcceptancesTable as fa,
  paperFileChecksTable as fc,
  paperFingerprintsTable as fp,
  paperLshKeysTable as lk,
  trackChecksTable as tc,
  type DuplicatePairRow,
  type FindingAcceptanceRow,
  type PaperFileCheckRow,
  type PaperFingerprintRow,
} from './checks.table.js';

export type NewFileCheck = typeof fc.$inferInsert;
export type ScanRow = typeof ds.$inferSelect;

/** The SQL of the submission checks: settings, file checks, acceptances, fingerprints, scans and pairs. */
@Injectable()
export class ChecksRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  settingsOf(
    trackIds: number[],
    ex: Executor = this.db,
  ): Promise<{ trackId: number; settings: TrackChecks }[]> {
    if (!trackIds.length) return Promise.resolve([]);
    return ex
      .select({ trackId: tc.trackId, settings: tc.settings })
      .from(tc)
      .where(inArray(tc.trackId, trackIds));
  }

  async saveSettings(trackId: number, settings: TrackChecks, ex: Executor = this.db): Promise<void> {
    await ex
      .insert(tc)
      .values({ trackId, settings })
      .onConflictDoUpdate({ target: tc.trackId, set: { settings, updatedAt: new Date() } });
  }

  async insertChecks(rows: NewFileCheck[], ex: Executor): Promise<void> {
    if (rows.length) await ex.insert(fc).values(rows).onConflictDoNothing();
  }

  checksOfPapers(paperIds: number[], ex: Executor = this.db): Promise<PaperFileCheckRow[]> {
    if (!paperIds.length) return Promise.resolve([]);
    return ex.select().from(fc).where(inArray(fc.paperId, paperIds)).orderBy(asc(fc.paperId), asc(fc.fileId));
  }

  async checkOfFile(fileId: number, ex: Executor = this.db): Promise<PaperFileCheckRow | undefined> {
    const [row] = await ex.select().from(fc).where(eq(fc.fileId, fileId));
    return row;
  }

  acceptancesOf(fileIds: number[], ex: Executor = this.db): Promise<FindingAcceptanceRow[]> {
    if (!fileIds.length) return Promise.resolve([]);
    return ex.select().from(fa).where(inArray(fa.fileId, fileIds));
  }

  async accept(row: typeof fa.$inferInsert, ex: Executor): Promise<void> {
    await ex
      .insert(fa)
      .values(row)
      .onConflictDoUpdate({
        target: [fa.fileId, fa.code],
        set: { reason: row.reason, byUserId: row.byUserId, byName: row.byName, at: new Date() },
      });
  }

  // ----- duplicate scans

  async enqueueScans(
    rows: { paperId: number; trackId: number; fileId: number; text: string }[],
    ex: Executor,
  ): Promise<void> {
    if (!rows.length) return;
    // requestedAt from here, in milliseconds: finishScan compares it with the value read back
    const requestedAt = new Date();
    await ex
      .insert(ds)
      .values(rows.map((r) => ({ ...r, requestedAt })))
      .onConflictDoUpdate({
        target: ds.paperId,
        set: {
          trackId: sql`excluded.track_id`,
          fileId: sql`excluded.file_id`,
          text: sql`excluded.text`,
          requestedAt,
          leaseUntil: null,
          attempts: 0,
        },
      });
  }

  /** Claims up to `limit` queued scans without a live lease (FOR UPDATE SKIP LOCKED, then the lease). */
  async claimScans(now: Date, leaseUntil: Date, limit: number): Promise<ScanRow[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ paperId: ds.paperId })
        .from(ds)
        .where(or(isNull(ds.leaseUntil), lt(ds.leaseUntil, now)))
        .orderBy(asc(ds.requestedAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(ds)
        .set({ leaseUntil, attempts: sql`${ds.attempts} + 1` })
        .where(
          inArray(
            ds.paperId,
            due.map((d) => d.paperId),
          ),
        )
        .returning();
    });
  }

  /** Ends a scan: removed only while it is the one claimed (a newer request for the paper stays queued). */
  async finishScan(paperId: number, requestedAt: Date, ex: Executor): Promise<void> {
    await ex.delete(ds).where(and(eq(ds.paperId, paperId), eq(ds.requestedAt, requestedAt)));
  }

  async saveFingerprint(
    row: {
      paperId: number;
      trackId: number;
      fileId: number;
      text: string;
      signature: number[];
      version: number;
    },
    keys: number[],
    ex: Executor,
  ): Promise<void> {
    await ex
      .insert(fp)
      .values(row)
      .onConflictDoUpdate({
        target: fp.paperId,
        set: {
          trackId: row.trackId,
          fileId: row.fileId,
          text: row.text,
          signature: row.signature,
          version: row.version,
          updatedAt: new Date(),
        },
      });
    await ex.delete(lk).where(eq(lk.paperId, row.paperId));
    if (keys.length)
      await ex.insert(lk).values(keys.map((key, band) => ({ paperId: row.paperId, band, key })));
  }

  /** Papers sharing at least one LSH band key with these keys (the candidates), without `paperId`. */
  async candidates(
    paperId: number,
    keys: number[],
    version: number,
    ex: Executor = this.db,
  ): Promise<PaperFingerprintRow[]> {
    if (!keys.length) return [];
    const bands = keys.map((_, i) => i);
    return ex
      .select()
      .from(fp)
      .where(
        and(
          ne(fp.paperId, paperId),
          eq(fp.version, version),
          sql`${fp.paperId} in (select ${lk.paperId} from ${lk}
            join unnest(${sql.param(bands)}::int[], ${sql.param(keys)}::int[]) as q(band, key) on ${lk.band} = q.band and ${lk.key} = q.key)`,
        ),
      );
  }

  // ----- pairs

  /**
   * Records the text pairs of a paper found by a scan: new ones inserted, known ones updated (a dismissal
   * stays), and the paper's text pairs no longer similar removed unless dismissed.
   */
  async replaceTextPairs(
    paperId: number,
    pairs: { other: number; similarity: number; passages: DuplicatePairRow['passages'] }[],
    ex: Executor,
  ): Promise<void> {
    const keep = pairs.map((p) => p.other);
    await ex
      .delete(dp)
      .where(
        and(
          eq(dp.kind, 'text'),
          or(eq(dp.paperA, paperId), eq(dp.paperB, paperId)),
          isNull(dp.dismissedAt),
          keep.length
            ? sql`not (${dp.paperA} in (select unnest(${sql.param(keep)}::int[])) or ${dp.paperB} in (select unnest(${sql.param(keep)}::int[])))`
            : undefined,
        ),
      );
    if (!pairs.length) return;
    await ex
      .insert(dp)
      .values(
        pairs.map((p) => ({
          paperA: Math.min(paperId, p.other),
          paperB: Math.max(paperId, p.other),
          kind: 'text' as const,
          similarity: p.similarity,
          passages: p.passages,
        })),
      )
      .onConflictDoUpdate({
        target: [dp.paperA, dp.paperB, dp.kind],
        set: { similarity: sql`excluded.similarity`, passages: sql`excluded.passages` },
      });
  }

  /** Same title / same abstract pairs found at submission (known ones left as they are). */
  async insertSamePairs(
    paperId: number,
    matches: { other: number; kind: 'title' | 'abstract' }[],
    ex: Executor,
  ): Promise<void> {
    if (!matches.length) return;
    await ex
      .insert(dp)
      .values(
        matches.map((m) => ({
          paperA: Math.min(paperId, m.other),
          paperB: Math.max(paperId, m.other),
          kind: m.kind,
          similarity: 1,
          passages: [],
        })),
      )
      .onConflictDoNothing();
  }

  /** Removes the paper's same-title / same-abstract pairs that no longer hold (not dismissed ones). */
  async removeSamePairsExcept(
    paperId: number,
    keep: { other: number; kind: 'title' | 'abstract' }[],
    ex: Executor,
  ): Promise<void> {
    const rows = await ex
      .select({ id: dp.id, a: dp.paperA, b: dp.paperB, kind: dp.kind })
      .from(dp)
      .where(
        and(
          inArray(dp.kind, ['title', 'abstract']),
          or(eq(dp.paperA, paperId), eq(dp.paperB, paperId)),
          isNull(dp.dismissedAt),
        ),
      );
    const gone = rows.filter(
      (r) => !keep.some((k) => k.kind === r.kind && (k.other === r.a || k.other === r.b)),
    );
    if (gone.length)
      await ex.delete(dp).where(
        inArray(
          dp.id,
          gone.map((g) => g.id),
        ),
      );
  }

  /** The open pairs, or the dismissed ones; the most similar first. */
  pairs(opts: { dismissed: boolean }, ex: Executor = this.db): Promise<DuplicatePairRow[]> {
    return ex
      .select()
      .from(dp)
      .where(opts.dismissed ? isNotNull(dp.dismissedAt) : isNull(dp.dismissedAt))
      .orderBy(sql`${dp.similarity} desc`, asc(dp.id));
  }

  async pair(id: number, ex: Executor = this.db): Promise<DuplicatePairRow | undefined> {
    const [row] = await ex.select().from(dp).where(eq(dp.id, id));
    return row;
  }

  async dismiss(id: number, reason: string, by: string, ex: Executor): Promise<DuplicatePairRow | undefined> {
    const [row] = await ex
      .update(dp)
      .set({ dismissedReason: reason, dismissedBy: by, dismissedAt: new Date() })
      .where(eq(dp.id, id))
      .returning();
    return row;
  }
}
