import {
  missingColumnsMessage,
  REVIEW_IMPORT_MAX_BYTES,
  REVIEW_IMPORT_MAX_ROWS,
  REVIEW_MESSAGES,
} from '@symposium/domain';
import busboy from 'busboy';
import ExcelJS from 'exceljs';
import type { Request } from 'express';
import { inflateRawSync } from 'node:zlib';
import { FilesErrors } from '../files/files.errors.js';
import { ReviewsErrors } from './reviews.errors.js';

/** Limits of what is unpacked from an uploaded workbook before ExcelJS reads it. */
const MAX_ENTRIES = 500;
const MAX_UNPACKED_BYTES = 30 * 1000 * 1000;
const MAX_RATIO = 200;

/**
 * Reads a multipart request into memory: one file (field 'file', at most REVIEW_IMPORT_MAX_BYTES) and the
 * listed text fields. Anything else (other fields, more files, a larger file) refuses the whole request.
 */
export function readSpreadsheetUpload(
  req: Request,
  fieldNames: readonly string[],
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  const type = req.headers['content-type'];
  if (typeof type !== 'string' || !/^multipart\/form-data\s*;.*boundary=/i.test(type))
    return Promise.reject(FilesErrors.notMultipart());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: REVIEW_IMPORT_MAX_BYTES + 1,
          files: 1,
          fields: fieldNames.length + 1,
          fieldSize: 100_000,
          parts: fieldNames.length + 3,
        },
      });
    } catch {
      return reject(FilesErrors.notMultipart());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let file = false;
    let failure: Error | null = null;
    const fields: Record<string, string> = {};
    const fail = (e: Error) => {
      failure ??= e;
    };
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        fail(ReviewsErrors.invalidXlsx(`Unexpected file field '${name}'`));
        return void stream.resume();
      }
      if (!info.filename) return void stream.resume();
      file = true;
      if (!/\.xlsx$/i.test(info.filename)) fail(ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.notXlsx));
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= REVIEW_IMPORT_MAX_BYTES) chunks.push(c);
      });
      stream.on('limit', () => fail(ReviewsErrors.xlsxTooLarge()));
    });
    parser.on('field', (name, value) => {
      if (!fieldNames.includes(name)) fail(ReviewsErrors.invalidXlsx(`Unexpected field '${name}'`));
      else fields[name] = value;
    });
    parser.on('filesLimit', () => fail(ReviewsErrors.invalidXlsx('Please send one file only')));
    parser.on('fieldsLimit', () => fail(ReviewsErrors.invalidXlsx('Too many fields')));
    parser.on('partsLimit', () => fail(ReviewsErrors.invalidXlsx('Too many fields')));
    parser.on('error', () => fail(ReviewsErrors.invalidXlsx('The upload could not be read')));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file || size === 0) return reject(ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.noFile));
      resolve({ file: Buffer.concat(chunks), fields });
    });
    req.pipe(parser);
  });
}

/**
 * Checks an xlsx file before it is parsed: a ZIP (magic bytes PK\3\4) whose central directory parses,
 * with a workbook and content types, a bounded number of entries, and every entry inflating to at most
 * its declared size (which is capped in total and in ratio) — so a zip bomb is refused, not unpacked.
 */
export function checkXlsxContainer(buf: Buffer): void {
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50)
    throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.notXlsx);
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
  const entries = buf.readUInt16LE(end + 10);
  const dirSize = buf.readUInt32LE(end + 12);
  const dirOffset = buf.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
  if (dirOffset + dirSize > end) throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
  const names = new Set<string>();
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== 0x02014b50)
      throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const declared = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;
    names.add(name);
    total += declared;
    if (
      total > MAX_UNPACKED_BYTES ||
      (compressed > 0 && declared / compressed > MAX_RATIO && declared > 1_000_000)
    )
      throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50)
      throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + compressed > buf.length) throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
    const data = buf.subarray(dataStart, dataStart + compressed);
    if (method === 8) {
      try {
        // maxOutputLength: an entry that inflates past what it declares is refused
        const out = inflateRawSync(data, { maxOutputLength: Math.max(declared, 1) });
        if (out.length !== declared) throw new Error('size');
      } catch {
        throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
      }
    } else if (method !== 0 || compressed !== declared)
      throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
  }
  if (!names.has('xl/workbook.xml') || !names.has('[Content_Types].xml'))
    throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.noWorkbook);
}

/** A cell's value as text (formulas by their result, rich text joined, dates as ISO). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
    if ('error' in value) return '';
  }
  return '';
}

export interface SheetRow {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

/**
 * The rows of the first worksheet by column name (header matched ignoring case and surrounding spaces);
 * refuses the whole file when it is not a workbook, lacks a required column or has too many rows.
 */
export async function readSheet(buf: Buffer, required: readonly string[]): Promise<SheetRow[]> {
  checkXlsxContainer(buf);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx);
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.noWorkbook);
  if (sheet.rowCount - 1 > REVIEW_IMPORT_MAX_ROWS)
    throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.tooManyRows);
  const header = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    header.set(cellText(cell.value).trim().toLowerCase(), col);
  });
  const missing = required.filter((c) => !header.has(c.toLowerCase()));
  if (missing.length) throw ReviewsErrors.invalidXlsx(missingColumnsMessage(missing));
  const rows: SheetRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    for (const c of required) {
      const v = cellText(row.getCell(header.get(c.toLowerCase())!).value).trim();
      values[c] = v;
      if (v) any = true;
    }
    if (any) rows.push({ row: n, values });
  });
  if (rows.length > REVIEW_IMPORT_MAX_ROWS) throw ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.tooManyRows);
  return rows;
}
