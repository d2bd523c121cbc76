import { Injectable, Logger } from '@nestjs/common';
import {
  formatShortInZone,
  knownZone,
  PAPER_FILE_LABELS,
  sanitizeFileName,
  type ChairPaperDto,
  type PaperFileDto,
  type PaperFilePart,
  type TrackDto,
} from '@symposium/domain';
import type { Response } from 'express';
import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import { escapeHtml } from '../documents/html.js';
import { contentDisposition } from '../files/download.js';
import { FilesService } from '../files/files.service.js';
import { ChairPapersService } from './chair-papers.service.js';
import { parseIds } from './paper-filters.js';
import type { TrackScope } from './paper-query.repository.js';
import { PapersRepository } from './papers.repository.js';
import { PapersService } from './papers.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import type { PaperRow } from './papers.table.js';
import { keepTextAsText, timeCell, withTimeColumns } from '../../common/xlsx-text.js';
import { ConferenceService } from '../conference/conference.service.js';
import { loadExcelJS } from '../../common/lazy-libraries.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const XLSX_COLUMNS = [
  { header: 'Paper ID', key: 'id', width: 10 },
  { header: 'Title', key: 'title', width: 50 },
  { header: 'Track', key: 'track', width: 25 },
  { header: 'Subject Area', key: 'subjectArea', width: 25 },
  { header: 'Status', key: 'status', width: 20 },
  { header: 'Authors', key: 'authors', width: 40 },
  { header: 'Author E-mails', key: 'emails', width: 40 },
  { header: 'Organizations', key: 'organizations', width: 30 },
  { header: 'Countries', key: 'countries', width: 20 },
  { header: 'Primary Author', key: 'primaryAuthor', width: 30 },
  { header: 'Submitted Camera Ready', key: 'submittedCameraReady', width: 12 },
  { header: 'Camera Ready OK', key: 'isCameraReady', width: 12 },
  { header: 'Submitted Presentation Ready', key: 'submittedPresentationReady', width: 12 },
  { header: 'Presentation Ready OK', key: 'isPresentationReady', width: 12 },
  { header: 'Registration ID', key: 'registration', width: 15 },
  { header: 'Deleted', key: 'deleted', width: 8 },
  { header: 'Notes', key: 'notes', width: 30 },
  { header: 'Created', key: 'createdAt', width: 22 },
  { header: 'Last Modified', key: 'updatedAt', width: 22 },
  { header: 'Abstract', key: 'abstract', width: 80 },
];

/** Papers whose details (authors, files…) are read and written at a time by the xlsx export. */
const EXPORT_CHUNK = 1000;
/** Users kept between chunks of an export (bounds its memory when nearly every author is new). */
const EXPORT_PEOPLE_CACHE = 20_000;

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;

/** Every stored file of a paper DTO with its part, in a fixed order. */
function filesOf(p: ChairPaperDto): { part: PaperFilePart; file: PaperFileDto }[] {
  const out: { part: PaperFilePart; file: PaperFileDto }[] = p.abstract.files.map((file) => ({
    part: 'abstract',
    file,
  }));
  for (const [part, file] of Object.entries(p.cameraReady.files))
    if (file) out.push({ part: part as PaperFilePart, file });
  for (const [part, file] of Object.entries(p.presentationReady.files))
    if (file) out.push({ part: part as PaperFilePart, file });
  return out;
}

const HTML_STYLE =
  'body{font-family:sans-serif;margin:2em;line-height:1.4}section{border-bottom:1px solid #ccc;padding-bottom:1em;margin-bottom:1em}' +
  'th{text-align:left;vertical-align:top;padding-right:1em}p.abstract{white-space:pre-wrap}';

/**
 * The chairs' exports: the xlsx list (text that could start a formula is quoted), the html sheets (every value
 * escaped) and the zip of the selected papers' files (streamed, one file at a time).
 */
@Injectable()
export class PaperExportsService {
  private readonly logger = new Logger('PaperExports');

  constructor(
    private readonly chairPapers: ChairPapersService,
    private readonly papers: PapersService,
    private readonly repo: PapersRepository,
    private readonly files: FilesService,
    private readonly statuses: StatusesService,
    private readonly users: UsersService,
    private readonly conference: ConferenceService,
  ) {}

  /**
   * POST /export/xls: the selected papers (ids) or those matching filters and search. Written by exceljs's
   * streaming writer (each row serialised as it is added, no in-memory workbook model) into memory, the
   * papers' details read EXPORT_CHUNK papers at a time so only one chunk of DTOs is alive at once.
   */
  async xlsx(
    scope: TrackScope,
    body: { ids?: unknown; filters?: unknown; search?: unknown; sort?: unknown },
  ): Promise<Buffer> {
    const rows = await this.chairPapers.select(scope, body);
    const areas = await this.subjectAreaNames(rows);
    const trackNames = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.trackId)))
      trackNames.set(id, (await this.papers.track(id)).name);
    const statusTexts = new Map((await this.statuses.list()).map((st) => [st._id, st.text]));
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise<void>((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'Symposium';
    const sheet = workbook.addWorksheet('Papers');
    // times in the conference's zone, named in the header (issue 21 item 11)
    const zone = knownZone((await this.conference.get()).timeZone);
    sheet.columns = withTimeColumns(XLSX_COLUMNS, ['createdAt', 'updatedAt'], zone);
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    /** Authors write many papers: each user row is read once (up to EXPORT_PEOPLE_CACHE at a time). */
    const people = new Map<number, UserRow>();
    for (let start = 0; start < rows.length; start += EXPORT_CHUNK) {
      const chunk = rows.slice(start, start + EXPORT_CHUNK);
      // the authors of the chunk in order (paper_authors), their users read once for the whole export
      const authorsOf = new Map<number, UserRow[]>(chunk.map((p) => [p.id, []]));
      const links = await this.repo.authorsOf(chunk.map((p) => p.id));
      if (people.size > EXPORT_PEOPLE_CACHE) people.clear();
      const unknown = [...new Set(links.map((l) => l.userId))].filter((id) => !people.has(id));
      for (const user of await this.users.findByIds(unknown)) people.set(user.id, user);
      for (const l of links) {
        const user = people.get(l.userId);
        if (user) authorsOf.get(l.paperId)?.push(user);
      }
      for (const p of chunk) {
        const authors = authorsOf.get(p.id) ?? [];
        const primary = authors.find((a) => a.id === p.primaryAuthorId);
        keepTextAsText(
          sheet.addRow({
            id: p.id,
            title: p.title,
            track: trackNames.get(p.trackId) ?? '',
            subjectArea: areas.get(p.id) ?? '',
            status: p.statusId === null ? '' : (statusTexts.get(p.statusId) ?? ''),
            authors: authors.map(fullName).join('; '),
            emails: authors.map((a) => a.email).join('; '),
            organizations: [...new Set(authors.map((a) => a.organization))].join('; '),
            countries: [...new Set(authors.map((a) => a.country))].join('; '),
            primaryAuthor: primary ? `${fullName(primary)} <${primary.email}>` : '',
            submittedCameraReady: yesNo(p.submittedCameraReady),
            isCameraReady: yesNo(p.isCameraReady),
            submittedPresentationReady: yesNo(p.submittedPresentationReady),
            isPresentationReady: yesNo(p.isPresentationReady),
            registration: p.registration?.id ?? '',
            deleted: yesNo(p.isDeleted),
            notes: p.notes,
            createdAt: timeCell(p.createdAt, zone),
            updatedAt: timeCell(p.updatedAt, zone),
            abstract: p.abstractText,
          }),
        ).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
    await ended;
    return Buffer.concat(chunks);
  }

  /** GET /export/html/:paperId: one paper as an html page. */
  async htmlOne(scope: TrackScope, paperId: number): Promise<string> {
    const row = await this.papers.managedPaper(paperId, scope, { includeDeleted: true });
    return this.html([row], `Paper ${row.id}`);
  }

  /** POST /export/html: the selected papers (or the matching ones) in one html page. */
  async htmlMany(
    scope: TrackScope,
    body: { ids?: unknown; filters?: unknown; search?: unknown; sort?: unknown },
  ): Promise<string> {
    return this.html(await this.chairPapers.select(scope, body), 'Papers');
  }

  /**
   * POST /download and /download/:paperId: the papers' files as one zip, streamed (each stored file is opened
   * only when the archive reaches it). Entries are `<paperId>/<part>/<name>`; a file missing from the store is
   * left out.
   */
  async zip(scope: TrackScope, body: { ids?: unknown } | number, res: Response): Promise<void> {
    let rows: PaperRow[];
    let name: string;
    if (typeof body === 'number') {
      rows = [await this.papers.managedPaper(body, scope, { includeDeleted: true })];
      name = `paper-${body}.zip`;
    } else {
      const ids = parseIds(body.ids, { required: true })!;
      rows = await this.chairPapers.select(scope, { ids });
      name = 'papers.zip';
    }
    const files = await this.repo.filesOf(rows.map((r) => r.id));
    const zip = new yazl.ZipFile();
    const used = new Set<string>();
    for (const f of files) {
      if (!(await this.files.existsStored(f.key))) {
        this.logger.warn(`File ${f.id} of paper ${f.paperId} is missing from the store`);
        continue;
      }
      const base = `${f.paperId}/${f.part}/${sanitizeFileName(f.name) ?? `file-${f.id}`}`;
      let entry = base;
      for (let n = 2; used.has(entry); n++) entry = base.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
      used.add(entry);
      zip.addReadStreamLazy(entry, { mtime: f.createdAt, size: f.size }, (cb) => {
        this.files.openStored(f.key, f.sha256).then(
          (opened) => {
            if (opened) return cb(null, opened.stream);
            cb(new Error(`File ${f.id} is missing from the store`), undefined as never);
          },
          (e: unknown) => cb(e, undefined as never),
        );
      });
    }
    zip.end();
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', contentDisposition(name));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    zip.on('error', (e: Error) => {
      this.logger.warn(`Zip download failed: ${e.message}`);
      // the headers are out: only the connection can tell the client the archive is incomplete
      res.destroy();
    });
    const out = zip.outputStream;
    out.pipe(res);
    await new Promise<void>((resolve) => {
      res.on('close', resolve);
      res.on('finish', resolve);
    });
  }

  // ----- helpers

  private async subjectAreaNames(rows: PaperRow[]): Promise<Map<number, string>> {
    const tracks = new Map<number, TrackDto>();
    for (const id of new Set(rows.map((r) => r.trackId))) tracks.set(id, await this.papers.track(id));
    return new Map(
      rows.map((r) => [
        r.id,
        tracks.get(r.trackId)?.subjectAreas.find((a) => a._id === r.primarySubjectAreaId)?.name ?? '',
      ]),
    );
  }

  /** A self-contained html page; every value from the database goes through escapeHtml. */
  private async html(rows: PaperRow[], title: string): Promise<string> {
    const zone = knownZone((await this.conference.get()).timeZone);
    const dtos = await this.papers.toChairDtos(rows);
    const areas = await this.subjectAreaNames(rows);
    const e = escapeHtml;
    const line = (label: string, value: string) => `<tr><th>${e(label)}</th><td>${value}</td></tr>`;
    const sections = dtos.map((p) => {
      const primary = p.authors.find((a) => a._id === p.primaryAuthor);
      const authors = p.authors
        .map(
          (a) => `<li>${e(fullName(a))} (${e(a.organization)}, ${e(a.country)}) &lt;${e(a.email)}&gt;</li>`,
        )
        .join('');
      const answers = p.abstract.questions
        .map((q) => `<li><strong>${e(q.title)}</strong>: ${e(q.answer ?? '')}</li>`)
        .join('');
      const files = filesOf(p)
        .map(
          ({ part, file }) =>
            `<li>${e(PAPER_FILE_LABELS[part] ?? part)}: ${e(file.name)} (${file.size} bytes)</li>`,
        )
        .join('');
      return [
        `<section id="paper-${p._id}">`,
        `<h2>${p._id}. ${e(p.title)}</h2>`,
        '<table>',
        line('Track', e(p.trackName)),
        line('Subject area', e(areas.get(p._id) ?? '')),
        line('Status', e(p.statusText ?? '')),
        line('Primary author', primary ? e(`${fullName(primary)} <${primary.email}>`) : ''),
        line('Authors', `<ul>${authors}</ul>`),
        line('Camera ready', e(`${yesNo(p.submittedCameraReady)} (approved: ${yesNo(p.isCameraReady)})`)),
        line(
          'Presentation ready',
          e(`${yesNo(p.submittedPresentationReady)} (approved: ${yesNo(p.isPresentationReady)})`),
        ),
        line('Registration', e(p.registration?.id ?? '')),
        line('Deleted', yesNo(p.isDeleted)),
        line('Notes', e(p.notes)),
        line('Files', `<ul>${files}</ul>`),
        line('Created', e(formatShortInZone(p.createdAt, zone))),
        line('Last modified', e(formatShortInZone(p.updatedAt, zone))),
        '</table>',
        '<h3>Abstract</h3>',
        `<p class="abstract">${e(p.abstract.text)}</p>`,
        answers ? `<h3>Answers</h3><ul>${answers}</ul>` : '',
        '</section>',
      ].join('\n');
    });
    return [
      '<!DOCTYPE html>',
      '<html lang="en"><head><meta charset="utf-8">',
      `<title>${e(title)}</title>`,
      `<style>${HTML_STYLE}</style>`,
      '</head><body>',
      ...sections,
      '</body></html>',
    ].join('\n');
  }
}
