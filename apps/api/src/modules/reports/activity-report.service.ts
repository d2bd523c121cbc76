import { Injectable } from '@nestjs/common';
import {
  ACTIVITY_EXPORT_MAX,
  ACTIVITY_MESSAGES,
  knownZone,
  PAGE_SIZE,
  type ActivityEntryDto,
} from '@symposium/domain';
import type ExcelJS from 'exceljs';
import { ActivityErrors } from '../activity/activity.errors.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import { ActivityService, type ActivityQuery, type ActivityRow } from '../activity/activity.service.js';
import {
  onlyKeys,
  parseDayRange,
  parseObject,
  parseOptionalId,
  parsePaging,
  parseText,
} from '../../common/report-params.js';
import { keepTextAsText, timeCell, withTimeColumns } from '../../common/xlsx-text.js';
import { ConferenceService } from '../conference/conference.service.js';
import { loadExcelJS } from '../../common/lazy-libraries.js';

const FILTER_KEYS = ['action', 'actor', 'paperId', 'trackId', 'from', 'to'] as const;
const invalid = (field: string) => ActivityErrors.invalid(field, ACTIVITY_MESSAGES.invalidFilter);

/** At most this many people match the actor filter's text (the newest log entries are theirs). */
const MAX_ACTORS = 10_000;

/** The body's filter checked (400 with ACTIVITY_MESSAGES on anything else); actor is the text to match. */
export function parseActivityFilter(value: unknown): ActivityQuery & { actor?: string } {
  const f = parseObject(value, 'filter', invalid);
  onlyKeys(f, FILTER_KEYS, invalid);
  const q: ActivityQuery & { actor?: string } = {};
  const action = parseText(f.action, 'action', 100, invalid);
  if (action) {
    if (!/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/.test(action))
      throw ActivityErrors.invalid('action', ACTIVITY_MESSAGES.invalidAction);
    q.action = action.includes('.') ? { exact: action } : { group: action };
  }
  q.actor = parseText(f.actor, 'actor', 200, invalid);
  q.paperId = parseOptionalId(f.paperId, 'paperId', invalid);
  q.trackId = parseOptionalId(f.trackId, 'trackId', invalid);
  Object.assign(q, parseDayRange(f, ActivityErrors.date, ActivityErrors.range));
  return q;
}

type People = Map<number, UserRow>;
const person = (people: People, id: number | null) => {
  const p = id === null ? undefined : people.get(id);
  return p ? { _id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email } : null;
};

/** One log row for the report; actor and impersonator are null when their account is gone. */
export function toActivityDto(row: ActivityRow, people: People): ActivityEntryDto {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    summary: row.summary,
    actor: person(people, row.actorId),
    impersonator: person(people, row.impersonatorId),
    subjectId: row.subjectId,
    paperId: row.paperId,
    trackId: row.trackId,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}

const EXPORT_COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'When', key: 'at', width: 22 },
  { header: 'Action', key: 'action', width: 22 },
  { header: 'Summary', key: 'summary', width: 60 },
  { header: 'Actor', key: 'actor', width: 24 },
  { header: 'Actor e-mail', key: 'actorEmail', width: 28 },
  { header: 'Impersonated by', key: 'impersonator', width: 28 },
  { header: 'Paper ID', key: 'paperId', width: 10 },
  { header: 'Track ID', key: 'trackId', width: 10 },
  { header: 'Subject ID', key: 'subjectId', width: 10 },
  { header: 'Details', key: 'details', width: 60 },
];

/** The chair's activity report: the log page by page and its xlsx export. */
@Injectable()
export class ActivityReportService {
  constructor(
    private readonly activity: ActivityService,
    private readonly users: UsersService,
    private readonly conference: ConferenceService,
  ) {}

  /** The filter checked, with the actor text turned into the matching people's ids. */
  private async queryOf(filter: unknown): Promise<ActivityQuery> {
    const { actor, ...q } = parseActivityFilter(filter);
    if (actor) q.actorIds = (await this.users.search(actor, MAX_ACTORS)).map((u) => u.id);
    return q;
  }

  /** The rows as DTOs, with their actors and impersonators read in one query. */
  private async dtos(rows: ActivityRow[]): Promise<ActivityEntryDto[]> {
    const ids = rows.flatMap((r) =>
      r.impersonatorId === null ? [r.actorId] : [r.actorId, r.impersonatorId],
    );
    const people = new Map((await this.users.findByIds(ids)).map((u) => [u.id, u]));
    return rows.map((r) => toActivityDto(r, people));
  }

  /** { cp, pg, filter } → one page (newest first) and the total; `first` is the page's first index. */
  async query(body: unknown): Promise<{ count: number; data: ActivityEntryDto[]; first: number }> {
    const b = parseObject(body, 'body', invalid);
    const page = parsePaging(b.cp, b.pg, PAGE_SIZE, ActivityErrors.page);
    const q = await this.queryOf(b.filter);
    const [count, rows] = await Promise.all([this.activity.count(q), this.activity.list(q, page)]);
    return { count, data: await this.dtos(rows), first: page.first };
  }

  /** { filter } → activity.xlsx (newest first; text that could start a formula is quoted). */
  async exportXlsx(body: unknown): Promise<Buffer> {
    const b = parseObject(body, 'body', invalid);
    const q = await this.queryOf(b.filter);
    const rows = await this.dtos(await this.activity.list(q, { offset: 0, limit: ACTIVITY_EXPORT_MAX }));
    const workbook = new (await loadExcelJS()).Workbook();
    workbook.creator = 'Symposium';
    const sheet = workbook.addWorksheet('Activity');
    // times in the conference's zone, named in the header (issue 21 item 11)
    const zone = knownZone((await this.conference.get()).timeZone);
    sheet.columns = withTimeColumns(EXPORT_COLUMNS, ['at'], zone);
    sheet.getRow(1).font = { bold: true };
    for (const r of rows) {
      keepTextAsText(
        sheet.addRow({
          id: r._id,
          at: timeCell(r.at, zone),
          action: r.action,
          summary: r.summary,
          actor: r.actor?.name ?? '',
          actorEmail: r.actor?.email ?? '',
          impersonator: r.impersonator ? `${r.impersonator.name} <${r.impersonator.email}>` : '',
          paperId: r.paperId ?? '',
          trackId: r.trackId ?? '',
          subjectId: r.subjectId ?? '',
          details: Object.keys(r.details).length ? JSON.stringify(r.details) : '',
        }),
      );
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
}
