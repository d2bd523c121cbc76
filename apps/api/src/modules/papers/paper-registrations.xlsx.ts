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
import type ExcelJS from 'exceljs';
import type { Request } from 'express';
import {
  headerKey,
  readXlsxRows,
  readXlsxUpload,
  type XlsxImportErrors,
  type XlsxSheetLimits,
} from '../../common/xlsx-upload.js';
import { FilesErrors } from '../files/files.errors.js';
import { RegistrationErrors } from './paper-registrations.errors.js';
import { loadExcelJS } from '../../common/lazy-libraries.js';

/** The declared uncompressed sizes of all entries together (a zip bomb is refused before it is unpacked). */
export const MAX_UNPACKED_BYTES = 50 * 1000 * 1000;

/** Limits of what is unpacked from an uploaded workbook before ExcelJS reads it. */
const SHEET_LIMITS: XlsxSheetLimits = {
  maxEntries: 500,
  maxUnpackedBytes: MAX_UNPACKED_BYTES,
  maxRatio: 200,
  maxRows: REGISTRATION_IMPORT_MAX_ROWS,
};

/**
 * The registration import's codes: a file that is no usable xlsx is 'Please select a valid file', whatever
 * is wrong with it; the form, the size and the unpacked size have their own.
 */
const ERRORS: XlsxImportErrors = {
  notMultipart: FilesErrors.notMultipart,
  form: (message) => RegistrationErrors.badForm(message),
  notXlsx: RegistrationErrors.invalidFile,
  unreadable: RegistrationErrors.invalidFile,
  tooLarge: RegistrationErrors.tooLarge,
  noFile: RegistrationErrors.noFile,
  corrupt: RegistrationErrors.invalidFile,
  unpackedTooLarge: RegistrationErrors.unpackedTooLarge,
  noWorkbook: RegistrationErrors.invalidFile,
  tooManyRows: RegistrationErrors.tooManyRows,
};

/**
 * Reads the multipart request of the registration import into memory: one file (field `file`, a name ending
 * in .xlsx, at most REGISTRATION_IMPORT_MAX_BYTES) and the optional field `confirm` (true or false). Anything
 * else refuses the request (400); the upload is drained either way.
 */
export async function readRegistrationUpload(req: Request): Promise<{ file: Buffer; confirm: boolean }> {
  const { file, fields } = await readXlsxUpload(req, {
    maxBytes: REGISTRATION_IMPORT_MAX_BYTES,
    maxFieldBytes: 100,
    fields: {
      confirm: (v) =>
        v === 'true' || v === 'false' ? undefined : "The field 'confirm' must be true or false",
    },
    errors: ERRORS,
  });
  return { file, confirm: fields.confirm === 'true' };
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
/** `formula` is ExcelJS.ValueType.Formula (the library is loaded on first use, common/lazy-libraries.ts). */
function readCell(cell: ExcelJS.Cell, formula: number): Cell | { kind: 'error'; message: string } {
  const v = cell.value;
  if (
    cell.type === formula ||
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
const headerText = (cell: ExcelJS.Cell, formula: number): string => {
  const c = readCell(cell, formula);
  return 'text' in c ? headerKey(c.text) : '';
};

/**
 * The registration rows of the first worksheet. The whole file is refused (400) when it is not an xlsx, has
 * more than REGISTRATION_IMPORT_MAX_ROWS rows or lacks a required column; a row whose cells cannot be used
 * (formula, date, a Paper ID or Amount that is not a number) carries its `error`.
 */
export async function readRegistrationSheet(buf: Buffer): Promise<RegistrationSheetRow[]> {
  const header = new Map<string, number>();
  const rows: RegistrationSheetRow[] = [];
  let checked = false;
  const formula = (await loadExcelJS()).ValueType.Formula;
  for await (const row of readXlsxRows(buf, SHEET_LIMITS, ERRORS)) {
    if (row.number === 1) {
      row.eachCell((cell, col) => {
        const name = headerText(cell, formula);
        if (name && !header.has(name)) header.set(name, col);
      });
      continue;
    }
    if (!checked) checkHeader(header);
    checked = true;
    const registration = registrationRow(row, header, formula);
    if (registration) rows.push(registration);
  }
  if (!checked) checkHeader(header);
  return rows;
}

/** Refuses a header without every required column, naming the missing ones. */
function checkHeader(header: Map<string, number>): void {
  const missing = REGISTRATION_IMPORT_REQUIRED.filter((c) => !header.has(headerKey(c)));
  if (missing.length) throw RegistrationErrors.missingColumns([...missing]);
}

/** One data row read through the header's columns; undefined when none of its columns holds a value. */
function registrationRow(
  row: ExcelJS.Row,
  header: Map<string, number>,
  formula: number,
): RegistrationSheetRow | undefined {
  const cells = {} as Record<RegistrationImportColumn, Cell>;
  let error: string | undefined;
  let any = false;
  for (const c of REGISTRATION_IMPORT_COLUMNS) {
    const col = header.get(headerKey(c));
    const read: ReturnType<typeof readCell> =
      col === undefined ? { kind: 'empty' } : readCell(row.getCell(col), formula);
    if (read.kind === 'error') {
      error ??= read.message;
      any = true;
      cells[c] = { kind: 'empty' };
    } else {
      if (read.kind !== 'empty') any = true;
      cells[c] = read;
    }
  }
  if (!any) return undefined;
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
  return {
    row: row.number,
    paperId,
    registrationId: asText(cells['Registration ID']),
    email: asText(cells['E-mail']),
    amount: amount ?? null,
    extra: asText(cells.Extra).slice(0, 2000),
    type: asText(cells.Type).toLowerCase() || 'main',
    ...(error ? { error } : {}),
  };
}
