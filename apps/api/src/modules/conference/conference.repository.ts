import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { conferenceImagesTable, conferenceTable, type ConferenceRow } from './conference.table.js';

export type ImageKind = 'banner' | 'logo';
export type ConferencePatch = Partial<Omit<typeof conferenceTable.$inferInsert, 'id' | 'agreementVersion'>>;
export interface ImageMeta {
  kind: ImageKind;
  updatedAt: Date;
}

/** All SQL of the conference row and its banner and logo. */
@Injectable()
export class ConferenceRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async get(id: number, ex: Executor = this.db): Promise<ConferenceRow | undefined> {
    const [row] = await ex.select().from(conferenceTable).where(eq(conferenceTable.id, id));
    return row;
  }

  /** The row, locked until the end of the transaction (one conference edit at a time). */
  async getForUpdate(id: number, ex: Executor): Promise<ConferenceRow | undefined> {
    const [row] = await ex.select().from(conferenceTable).where(eq(conferenceTable.id, id)).for('update');
    return row;
  }

  /** Updates the row; a changed publishing agreement text bumps agreementVersion in the same statement. */
  async update(
    id: number,
    patch: ConferencePatch,
    ex: Executor = this.db,
  ): Promise<ConferenceRow | undefined> {
    const html = patch.publishingAgreementHtml;
    const [row] = await ex
      .update(conferenceTable)
      .set({
        ...patch,
        ...(html !== undefined
          ? {
              agreementVersion: sql`case when ${conferenceTable.publishingAgreementHtml} is distinct from ${html}
                then ${conferenceTable.agreementVersion} + 1 else ${conferenceTable.agreementVersion} end`,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(conferenceTable.id, id))
      .returning();
    return row;
  }

  /** Which images the conference has, without their bytes. */
  async listImages(conferenceId: number, ex: Executor = this.db): Promise<ImageMeta[]> {
    const rows = await ex
      .select({ kind: conferenceImagesTable.kind, updatedAt: conferenceImagesTable.updatedAt })
      .from(conferenceImagesTable)
      .where(eq(conferenceImagesTable.conferenceId, conferenceId));
    return rows as ImageMeta[];
  }

  async getImage(
    conferenceId: number,
    kind: ImageKind,
    ex: Executor = this.db,
  ): Promise<{ contentType: string; data: Buffer; updatedAt: Date } | undefined> {
    const [row] = await ex
      .select({
        contentType: conferenceImagesTable.contentType,
        data: conferenceImagesTable.data,
        updatedAt: conferenceImagesTable.updatedAt,
      })
      .from(conferenceImagesTable)
      .where(and(eq(conferenceImagesTable.conferenceId, conferenceId), eq(conferenceImagesTable.kind, kind)));
    return row;
  }

  async saveImage(
    conferenceId: number,
    kind: ImageKind,
    image: { contentType: string; data: Buffer },
    ex: Executor = this.db,
  ): Promise<void> {
    const updatedAt = new Date();
    await ex
      .insert(conferenceImagesTable)
      .values({ conferenceId, kind, ...image, updatedAt })
      .onConflictDoUpdate({
        target: [conferenceImagesTable.conferenceId, conferenceImagesTable.kind],
        set: { ...image, updatedAt },
      });
  }

  async deleteImage(conferenceId: number, kind: ImageKind, ex: Executor = this.db): Promise<void> {
    await ex
      .delete(conferenceImagesTable)
      .where(and(eq(conferenceImagesTable.conferenceId, conferenceId), eq(conferenceImagesTable.kind, kind)));
  }
}
