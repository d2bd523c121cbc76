import {
  missingColumnsMessage,
  REVIEW_IMPORT_MAX_BYTES,
  REVIEW_IMPORT_MAX_ROWS,
  REVIEW_MESSAGES,
} from '@symposium/domain';
import ExcelJS from 'exceljs';
import type { Request } from 'express';
import {
  headerKey,
  readXlsxRows,
  readXlsxUpload,
  type XlsxImportErrors,
  type XlsxSheetLimits,
} from '../../common/xlsx-upload.js';
import { FilesErrors } from '../files/files.errors.js';
import { ReviewsErrors } from './reviews.errors.js';

/** Limits of what is unpacked from an uploaded workbook before ExcelJS reads it. */
const SHEET_LIMITS: XlsxSheetLimits = {
  maxEntries: 500,
  maxUnpackedBytes: 30 * 1000 * 1000,
  maxRatio: 200,
  maxRows: REVIEW_IMPORT_MAX_ROWS,
};

/** The reviews import's codes: 'reviews.invalid_xlsx' (400) with its messages, 'reviews.xlsx_too_large' (413). */
const ERRORS: XlsxImportErrors = {
  notMultipart: FilesErrors.notMultipart,
  form: (message) => ReviewsErrors.invalidXlsx(message),
  notXlsx: () => ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.notXlsx),
  unreadable: () => ReviewsErrors.invalidXlsx('The upload could not be read'),
  tooLarge: ReviewsErrors.xlsxTooLarge,
  noFile: () => ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.noFile),
  corrupt: () => ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx),
  unpackedTooLarge: () => ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.corruptXlsx),
  noWorkbook: () => ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.noWorkbook),
  tooManyRows: () => ReviewsErrors.invalidXlsx(REVIEW_MESSAGES.tooManyRows),
};

const accept = (): undefined => undefined;

/**
 * Reads a multipart request into memory: one file (field 'file', at most REVIEW_IMPORT_MAX_BYTES) and the
 * listed text fields (any value; the caller checks them). Anything else (other fields, more files, a larger
 * file) refuses the whole request.
 */
export function readSpreadsheetUpload(
  req: Request,
  fieldNames: readonly string[],
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  return readXlsxUpload(req, {
    maxBytes: REVIEW_IMPORT_MAX_BYTES,
    maxFieldBytes: 100_000,
    fields: Object.fromEntries(fieldNames.map((name) => [name, accept])),
    errors: ERRORS,
  });
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
 * The rows of the first worksheet by column name (header matched by headerKey: case, spaces and hyphens aside);
 * refuses the whole file when it is not a workbook, lacks a required column or has too many rows.
 */
export async function readSheet(buf: Buffer, required: readonly string[]): Promise<SheetRow[]> {
  const header = new Map<string, number>();
  const rows: SheetRow[] = [];
  let checked = false;
  const checkHeader = () => {
    const missing = required.filter((c) => !header.has(headerKey(c)));
    if (missing.length) throw ReviewsErrors.invalidXlsx(missingColumnsMessage(missing));
    checked = true;
  };
  for await (const row of readXlsxRows(buf, SHEET_LIMITS, ERRORS)) {
    if (row.number === 1) {
      row.eachCell((cell, col) => {
        header.set(headerKey(cellText(cell.value)), col);
      });
      continue;
    }
    if (!checked) checkHeader();
    const values: Record<string, string> = {};
    let any = false;
    for (const c of required) {
      const v = cellText(row.getCell(header.get(headerKey(c))!).value).trim();
      values[c] = v;
      if (v) any = true;
    }
    if (any) rows.push({ row: row.number, values });
  }
  if (!checked) checkHeader();
  return rows;
}
