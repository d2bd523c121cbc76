import { Injectable } from '@nestjs/common';
import {
  REPORT_CATEGORIES,
  REPORT_COUNT_TITLES,
  type ReportCategory,
  type ReportCount,
  type ReportDto,
  type ReportSummary,
  type ReportTable,
} from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { ReportFiguresRead } from '../../reads/report-figures.read.js';
import { paperCounts, paperTables, reconciliationLists, type PaperFigures } from './paper-report.js';
import { ReportsErrors } from './reports.errors.js';
import { ReportsRepository, type ReportListRow, type ReportScope } from './reports.repository.js';
import { keepTextAsText } from '../../common/xlsx-text.js';
import { loadExcelJS } from '../../common/lazy-libraries.js';

/** The caller's view of the stored reports: a track chair sees the ones they generated for their tracks. */
const visibility = (scope: ReportScope, user: AuthUser) =>
  scope === null ? { scope } : { scope, createdBy: user.id };

/**
 * Reports (§7 /api/{chair|cochair}/reports): a User or Paper report is built from set-based aggregations of
 * the caller's tracks, stored with its xlsx (one sheet per table, series and list) and listed newest first.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly figures: ReportFiguresRead,
    private readonly tx: TransactionRunner,
    private readonly activity: ActivityService,
  ) {}

  async list(scope: ReportScope, user: AuthUser): Promise<ReportDto[]> {
    return (await this.repo.list(visibility(scope, user))).map(toDto);
  }

  async get(id: number, scope: ReportScope, user: AuthUser): Promise<ReportDto> {
    const row = await this.repo.find(id, visibility(scope, user));
    if (!row) throw ReportsErrors.notFound();
    return toDto(row);
  }

  async xlsx(id: number, scope: ReportScope, user: AuthUser): Promise<{ name: string; data: Buffer }> {
    const row = await this.repo.find(id, visibility(scope, user));
    const data = row && (await this.repo.xlsxOf(id, visibility(scope, user)));
    if (!row || !data) throw ReportsErrors.notFound();
    return { name: `report-${row.category}-${row.id}.xlsx`, data };
  }

  /** POST /generate {category}: builds, stores and answers the report (the activity entry in the same transaction). */
  async generate(body: unknown, scope: ReportScope, user: AuthUser): Promise<ReportDto> {
    const category = (body as { category?: unknown } | null)?.category;
    if (typeof category !== 'string' || !(REPORT_CATEGORIES as readonly string[]).includes(category))
      throw ReportsErrors.category();
    const cat = category as ReportCategory;
    const { summary, sheets } =
      cat === 'Paper' ? await this.paperReport(scope) : await this.userReport(scope);
    const xlsx = await workbookOf(summary, sheets);
    const row = await this.tx.run(async (tx) => {
      const created = await this.repo.insert(
        {
          category: cat,
          trackIds: scope,
          summary,
          xlsx,
          size: xlsx.length,
          createdBy: user.id,
        },
        tx,
      );
      await this.activity.record(
        {
          ...ActivityService.fromUser(user),
          action: 'report.generate',
          summary: `Generated ${cat} report ${created.id}`,
          subjectId: created.id,
          details: { category: cat, trackIds: scope },
        },
        tx,
      );
      return created;
    });
    return toDto(row);
  }

  // ----- the paper report

  private async paperReport(scope: ReportScope): Promise<{ summary: ReportSummary; sheets: ReportTable[] }> {
    const figures: PaperFigures = {
      byTrack: await this.figures.papersByTrackAndDecision(scope),
      byStatus: await this.figures.papersByStatus(scope),
      progress: await this.figures.readyProgress(scope),
      load: await this.figures.reviewerLoad(scope),
      registrations: await this.figures.registrationsByTrack(scope),
    };
    const reconciliation = reconciliationLists(scope, {
      notRegistered: await this.figures.acceptedNotRegistered(scope),
      presenters: await this.figures.scheduledPresenterNotRegistered(scope),
      chairs: await this.figures.sessionChairNotRegistered(scope),
      letters: await this.figures.lettersNotDownloaded(scope),
    });
    const summary: ReportSummary = {
      category: 'Paper',
      counts: paperCounts(figures),
      tables: paperTables(figures),
      reconciliation,
    };
    return { summary, sheets: [] };
  }

  // ----- the user report

  private async userReport(scope: ReportScope): Promise<{ summary: ReportSummary; sheets: ReportTable[] }> {
    const roles = await this.figures.usersByRole(scope);
    const countries = await this.figures.usersByCountry(scope);
    const reviewers = await this.figures.reviewersByTrack(scope);
    const people = await this.figures.userList(scope);
    const n = (k: string) => roles[k] ?? 0;
    const counts: Record<string, ReportCount[]> = {
      usersByRole: [
        { label: 'Authors', count: n('authors') },
        { label: 'Reviewers', count: n('reviewers') },
        { label: 'Track chairs', count: n('trackChairs') },
        { label: 'Session chairs', count: n('sessionChairs') },
        { label: 'Chairs', count: n('chairs') },
        { label: 'Admins', count: n('admins') },
      ],
      usersByCountry: countries,
      usersRegistered: [
        { label: 'Registered', count: n('registered') },
        { label: 'Not registered', count: n('total') - n('registered') },
      ],
      reviewersByTrack: reviewers,
    };
    const tables: ReportTable[] = [
      {
        title: 'Users',
        columns: ['Users', 'Registered', 'Not registered'],
        rows: [[n('total'), n('registered'), n('total') - n('registered')]],
      },
    ];
    const sheets: ReportTable[] = [
      {
        title: 'People',
        columns: ['User ID', 'Name', 'E-mail', 'Organization', 'Country', 'Registered', 'Roles'],
        rows: people.map((p) => [
          p.id,
          p.name,
          p.email,
          p.organization,
          p.country,
          p.registered ? 'Yes' : 'No',
          p.roles,
        ]),
      },
    ];
    return { summary: { category: 'User', counts, tables }, sheets };
  }
}

function toDto(row: ReportListRow): ReportDto {
  return {
    _id: row.id,
    category: row.category as ReportCategory,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    trackIds: row.trackIds,
    size: row.size,
    summary: row.summary,
    downloadUrl: `reports/${row.id}/xlsx`,
  };
}

/** A sheet name: at most 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(title: string, used: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet';
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base.slice(0, 27)} (${i})`;
  used.add(name.toLowerCase());
  return name;
}

/** The report's xlsx: one sheet per table, count series, reconciliation list and extra sheet, in full. */
async function workbookOf(summary: ReportSummary, extra: ReportTable[]): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = 'Symposium';
  const used = new Set<string>();
  const add = (t: ReportTable) => {
    const sheet = workbook.addWorksheet(sheetName(t.title, used));
    keepTextAsText(sheet.addRow(t.columns)).font = { bold: true };
    for (const row of t.rows) keepTextAsText(sheet.addRow(row));
    t.columns.forEach((title, i) => {
      sheet.getColumn(i + 1).width = Math.min(60, Math.max(12, title.length + 2));
    });
  };
  for (const t of summary.tables) add(t);
  for (const [key, series] of Object.entries(summary.counts))
    add({
      title: REPORT_COUNT_TITLES[key] ?? key,
      columns: ['', 'Count'],
      rows: series.map((c) => [c.label, c.count]),
    });
  for (const list of summary.reconciliation ?? [])
    add({
      title: list.title,
      columns: ['Item', 'Fix', 'Paper ID', 'Session ID', 'User ID'],
      rows: list.items.map((i) => [
        i.label,
        i.fixPath,
        i.paperId ?? null,
        i.sessionId ?? null,
        i.userId ?? null,
      ]),
    });
  for (const t of extra) add(t);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
