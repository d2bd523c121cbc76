import { Inject, Injectable } from '@nestjs/common';
import { and, arrayContained, desc, eq, getTableColumns, isNotNull, type SQL } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import type { ReportScope } from '../../reads/report-figures.read.js';
import { reportsTable, type ReportRow } from './reports.table.js';

export type { ReportScope };

export type ReportListRow = Omit<ReportRow, 'xlsx'>;

const { xlsx: _xlsx, ...listColumns } = getTableColumns(reportsTable);

/** The stored reports (the figures they are built from are read by ReportFiguresRead, apps/api/src/reads). */
@Injectable()
export class ReportsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  // ----- stored reports

  async insert(row: Omit<ReportRow, 'id' | 'createdAt'>, ex: Executor = this.db): Promise<ReportListRow> {
    const [created] = await ex.insert(reportsTable).values(row).returning(listColumns);
    return created!;
  }

  /** Newest first; a track chair's (createdBy given) only the ones they generated within their tracks. */
  async list(filter: { createdBy?: number; scope: ReportScope }): Promise<ReportListRow[]> {
    return this.db
      .select(listColumns)
      .from(reportsTable)
      .where(this.visible(filter))
      .orderBy(desc(reportsTable.createdAt), desc(reportsTable.id));
  }

  async find(
    id: number,
    filter: { createdBy?: number; scope: ReportScope },
  ): Promise<ReportListRow | undefined> {
    const [row] = await this.db
      .select(listColumns)
      .from(reportsTable)
      .where(and(eq(reportsTable.id, id), this.visible(filter)));
    return row;
  }

  async xlsxOf(id: number, filter: { createdBy?: number; scope: ReportScope }): Promise<Buffer | undefined> {
    const [row] = await this.db
      .select({ xlsx: reportsTable.xlsx })
      .from(reportsTable)
      .where(and(eq(reportsTable.id, id), this.visible(filter)));
    return row?.xlsx;
  }

  private visible(filter: { createdBy?: number; scope: ReportScope }): SQL | undefined {
    if (filter.scope === null) return undefined;
    return and(
      eq(reportsTable.createdBy, filter.createdBy ?? -1),
      isNotNull(reportsTable.trackIds),
      arrayContained(reportsTable.trackIds, filter.scope),
    );
  }
}
