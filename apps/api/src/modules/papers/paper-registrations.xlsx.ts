import {
  REGISTRATION_EXTRA_MESSAGES,
  REGISTRATION_IMPORT_COLUMNS,
  REGISTRATION_IMPORT_MAX_BYTES,
  REGISTRATION_IMPORT_MAX_ROWS,
  REGISTRATION_IMPORT_MESSAGES,
  REGISTRATION_IMPORT_REQUIRED,
  parseRegistrationAmount,
  registrationDateMessage,
  registrationFormulaMessage,
  type RegistrationImportColumn,
} from '@symposium/domain';
import busboy from 'busboy';
import ExcelJS from 'exceljs';
import type { Request } from 'express';
import { inflateRawSync } from 'node:zlib';
import { FilesErrors } from '../files/files.errors.js';
import { RegistrationErrors } from './paper-registrations.errors.js';

/** Limits of what is unpacked from an uploaded workbook before ExcelJS reads it. */
const MAX_ENTRIES = 500;
/** The declared uncompressed sizes of all entries together (a zip bomb is refused before it is unpacked). */
export const MAX_UNPACKED_BYTES = 50 * 1000 * 1000;

/**
 * Reads the multipart request of the registration import into memory: one file (field `file`, a name ending
 * in .xlsx, at most REGISTRATION_IMPORT_MAX_BYTES) and the optional field `confirm`. Anything else refuses the
 * request (400); the upload is drained either way.
 */
export function readRegistrationUpload(req: Request): Promise<{ file: Buffer; confirm: boolean }> {
  const type = req.headers['content-type'];
  if (typeof type !== 'string' || !/^multipart\/form-data\s*;.*boundary=/i.test(type))
    return Promise.reject(FilesErrors.notMultipart());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: REGISTRATION_IMPORT_MAX_BYTES + 1,
          files: 1,
          fields: 2,
          fieldSize: 100,
          parts: 4,
        },
      });
    } catch {
      return reject(FilesErrors.notMultipart());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let file = false;
    let confirm = false;
    let failure: Error | null = null;
    const fail = (e: Error) => {
      failure ??= e;
    };
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        fail(RegistrationErrors.badForm(`Unexpected file field '${name}'`));
        return void stream.resume();
      }
      if (!info.filename) return void stream.resume();
      file = true;
      if (!/\.xlsx$/i.test(info.filename)) fail(RegistrationErrors.invalidFile());
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= REGISTRATION_IMPORT_MAX_BYTES) chunks.push(c);
      });
      stream.on('limit', () => fail(RegistrationErrors.tooLarge()));
    });
    parser.on('field', (name, value) => {
      if (name !== 'confirm') fail(RegistrationErrors.badForm(`Unexpected field '${name}'`));
      else if (value !== 'true' && value !== 'false')
        fail(RegistrationErrors.badForm("The field 'confirm' must be true or false"));
      else confirm = value === 'true';
    });
    parser.on('filesLimit', () => fail(RegistrationErrors.badForm('Please send one file only')));
    parser.on('fieldsLimit', () => fail(RegistrationErrors.badForm('Too many fields')));
    parser.on('partsLimit', () => fail(RegistrationErrors.badForm('Too many fields')));
    parser.on('error', () => fail(RegistrationErrors.invalidFile()));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file || size === 0) return reject(RegistrationErrors.noFile());
      resolve({ file: Buffer.concat(chunks), confirm });
    });
    req.pipe(parser);
  });
}

/**
 * Checks the bytes of an xlsx before ExcelJS sees them: a ZIP (PK\3\4) whose central directory parses, with
 * xl/workbook.xml and [Content_Types].xml, at most MAX_ENTRIES entries whose declared uncompressed sizes add
 * up to at most MAX_UNPACKED_BYTES, and each entry inflating to exactly its declared size (inflation stops at
 * the declared size, so an entry lying about it is refused without being unpacked further).
 */
export function checkXlsxBytes(buf: Buffer): void {
  const invalid = RegistrationErrors.invalidFile;
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) throw invalid();
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw invalid();
  const entries = buf.readUInt16LE(end + 10);
  const dirSize = buf.readUInt32LE(end + 12);
  const dirOffset = buf.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES || dirOffset + dirSize > end) throw invalid();
  // first pass: the declared sizes only (nothing is inflated when they are too large)
  const list: { method: number; compressed: number; declared: number; local: number; name: string }[] = [];
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== 0x02014b50) throw invalid();
    const nameLen = buf.readUInt16LE(at + 28);
    const entry = {
      method: buf.readUInt16LE(at + 10),
      compressed: buf.readUInt32LE(at + 20),
      declared: buf.readUInt32LE(at + 24),
      local: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLen),
    };
    at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    total += entry.declared;
    list.push(entry);
  }
  if (total > MAX_UNPACKED_BYTES) throw RegistrationErrors.unpackedTooLarge();
  const names = new Set(list.map((e) => e.name));
  if (!names.has('xl/workbook.xml') || !names.has('[Content_Types].xml')) throw invalid();
  for (const e of list) {
    if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50) throw invalid();
    const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
    if (start + e.compressed > buf.length) throw invalid();
    const data = buf.subarray(start, start + e.compressed);
    if (e.method === 8) {
      try {
        const out = inflateRawSync(data, { maxOutputLength: Math.max(e.declared, 1) });
        if (out.length !== e.declared) throw new Error('size');
      } catch {
        throw invalid();
      }
    } else if (e.method !== 0 || e.compressed !== e.declared) throw invalid();
  }
}

/** One data row of the sheet, its cells read and typed; `error` names the first cell that cannot be used. */
export interface RegistrationSheetRow {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  paperId: number | null;
  registrationId: string;
  email: string;
  amount: number | null;
  extra: string;
  type: string;
  error?: string;
}

type Cell = { kind: 'empty' } | { kind: 'text'; text: string } | { kind: 'number'; value: number };

/**
 * A cell's value. A formula is refused naming the cell (its cached result is never used), a date too; rich
 * text and hyperlinks count by their text.
 */
function readCell(cell: ExcelJS.Cell): Cell | { kind: 'error'; message: string } {
  const v = cell.value;
  if (
    cell.type === ExcelJS.ValueType.Formula ||
    (v !== null && typeof v === 'object' && ('formula' in v || 'sharedFormula' in v))
  )
    return { kind: 'error', message: registrationFormulaMessage(cell.address) };
  if (v === null || v === undefined) return { kind: 'empty' };
  if (v instanceof Date) return { kind: 'error', message: registrationDateMessage(cell.address) };
  if (typeof v === 'number') return { kind: 'number', value: v };
  if (typeof v === 'string') return v.trim() ? { kind: 'text', text: v.trim() } : { kind: 'empty' };
  if (typeof v === 'boolean') return { kind: 'text', text: String(v) };
  if (typeof v === 'object') {
    if ('richText' in v) return textCell(v.richText.map((r) => r.text).join(''));
    if ('text' in v && typeof (v as { text: unknown }).text === 'string')
      return textCell((v as { text: string }).text);
    if ('error' in v) return { kind: 'error', message: `Cell ${cell.address} holds an error value` };
  }
  return { kind: 'error', message: `Cell ${cell.address} cannot be read` };
}

const textCell = (s: string): Cell => (s.trim() ? { kind: 'text', text: s.trim() } : { kind: 'empty' });
const asText = (c: Cell): string => (c.kind === 'text' ? c.text : c.kind === 'number' ? String(c.value) : '');
const headerText = (cell: ExcelJS.Cell): string => {
  const c = readCell(cell);
  return 'text' in c ? c.text.toLowerCase() : '';
};

/**
 * The registration rows of the first worksheet. The whole file is refused (400) when it is not an xlsx, has
 * more than REGISTRATION_IMPORT_MAX_ROWS rows or lacks a required column; a row whose cells cannot be used
 * (formula, date, a Paper ID or Amount that is not a number) carries its `error`.
 */
export async function readRegistrationSheet(buf: Buffer): Promise<RegistrationSheetRow[]> {
  checkXlsxBytes(buf);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw RegistrationErrors.invalidFile();
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw RegistrationErrors.invalidFile();
  if (sheet.actualRowCount - 1 > REGISTRATION_IMPORT_MAX_ROWS) throw RegistrationErrors.tooManyRows();
  const header = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const name = headerText(cell);
    if (name && !header.has(name)) header.set(name, col);
  });
  const missing = REGISTRATION_IMPORT_REQUIRED.filter((c) => !header.has(c.toLowerCase()));
  if (missing.length) throw RegistrationErrors.missingColumns([...missing]);
  const rows: RegistrationSheetRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cells = {} as Record<RegistrationImportColumn, Cell>;
    let error: string | undefined;
    let any = false;
    for (const c of REGISTRATION_IMPORT_COLUMNS) {
      const col = header.get(c.toLowerCase());
      const read: ReturnType<typeof readCell> =
        col === undefined ? { kind: 'empty' } : readCell(row.getCell(col));
      if (read.kind === 'error') {
        error ??= read.message;
        any = true;
        cells[c] = { kind: 'empty' };
      } else {
        if (read.kind !== 'empty') any = true;
        cells[c] = read;
      }
    }
    if (!any) return;
    const paper = cells['Paper ID'];
    let paperId: number | null = null;
    if (
      paper.kind === 'number' &&
      Number.isInteger(paper.value) &&
      paper.value >= 1 &&
      paper.value <= 2_147_483_647
    )
      paperId = paper.value;
    else if (paper.kind === 'text' && /^\d{1,10}$/.test(paper.text) && Number(paper.text) <= 2_147_483_647)
      paperId = Number(paper.text);
    else error ??= REGISTRATION_IMPORT_MESSAGES.paperIdInvalid;
    const amountCell = cells.Amount;
    const amount = parseRegistrationAmount(
      amountCell.kind === 'number' ? amountCell.value : amountCell.kind === 'text' ? amountCell.text : null,
    );
    if (amount === undefined) error ??= REGISTRATION_EXTRA_MESSAGES.amount;
    rows.push({
      row: n,
      paperId,
      registrationId: asText(cells['Registration ID']),
      email: asText(cells['E-mail']),
      amount: amount ?? null,
      extra: asText(cells.Extra).slice(0, 2000),
      type: asText(cells.Type).toLowerCase() || 'main',
      ...(error ? { error } : {}),
    });
  });
  if (rows.length > REGISTRATION_IMPORT_MAX_ROWS) throw RegistrationErrors.tooManyRows();
  return rows;
}
