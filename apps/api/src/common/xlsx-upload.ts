import busboy from 'busboy';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './lazy-libraries.js';
import type { Request } from 'express';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * The errors of an xlsx import, one factory each, so that every module keeps its own codes and messages
 * while sharing how the upload is read and the workbook checked.
 */
export interface XlsxImportErrors {
  /** The request is not multipart/form-data (or busboy cannot parse its headers). */
  notMultipart: () => Error;
  /** The form itself is wrong: an unexpected field or file field, too many of them, a refused field value. */
  form: (message: string) => Error;
  /** The file's name does not end in .xlsx, or its bytes do not start as a ZIP. */
  notXlsx: () => Error;
  /** The multipart body breaks off or is malformed. */
  unreadable: () => Error;
  /** The file is larger than `maxBytes`. */
  tooLarge: () => Error;
  /** No file, or an empty one. */
  noFile: () => Error;
  /** The ZIP does not parse, an entry lies about its size or inflates too much, or ExcelJS cannot read it. */
  corrupt: () => Error;
  /** The declared uncompressed sizes of all entries add up to more than `maxUnpackedBytes`. */
  unpackedTooLarge: () => Error;
  /** The ZIP lacks xl/workbook.xml or [Content_Types].xml, or the workbook has no worksheet. */
  noWorkbook: () => Error;
  /** The first worksheet has more data rows than the caller's `maxRows`. */
  tooManyRows: () => Error;
}

/**
 * The text fields a form may carry besides the file, each with its check: a message (raised through
 * `errors.form`) when the value is refused, undefined when it is accepted.
 */
export type XlsxFormFields = Readonly<Record<string, (value: string) => string | undefined>>;

export interface XlsxUploadOptions {
  /** The largest file accepted, in bytes (one more byte refuses the request with `errors.tooLarge`). */
  maxBytes: number;
  /** The longest text field busboy keeps, in bytes (longer values are cut before their check sees them). */
  maxFieldBytes: number;
  fields: XlsxFormFields;
  errors: XlsxImportErrors;
}

/**
 * Reads a multipart request into memory: one file (field 'file', a name ending in .xlsx, at most
 * `maxBytes`) and the listed text fields, each passing its check. Anything else (other fields, more files,
 * a larger file) refuses the whole request with the first problem met; the upload is drained either way.
 */
export function readXlsxUpload(
  req: Request,
  { maxBytes, maxFieldBytes, fields: allowed, errors }: XlsxUploadOptions,
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  const type = req.headers['content-type'];
  if (typeof type !== 'string' || !/^multipart\/form-data\s*;.*boundary=/i.test(type))
    return Promise.reject(errors.notMultipart());
  const fieldCount = Object.keys(allowed).length;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: maxBytes + 1,
          files: 1,
          fields: fieldCount + 1,
          fieldSize: maxFieldBytes,
          parts: fieldCount + 3,
        },
      });
    } catch {
      return reject(errors.notMultipart());
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
        fail(errors.form(`Unexpected file field '${name}'`));
        return void stream.resume();
      }
      if (!info.filename) return void stream.resume();
      file = true;
      if (!/\.xlsx$/i.test(info.filename)) fail(errors.notXlsx());
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= maxBytes) chunks.push(c);
      });
      stream.on('limit', () => fail(errors.tooLarge()));
    });
    parser.on('field', (name, value) => {
      // own properties only: a field named 'constructor' or '__proto__' is unexpected, not Object's
      if (!Object.hasOwn(allowed, name)) return fail(errors.form(`Unexpected field '${name}'`));
      const refused = allowed[name]!(value);
      if (refused !== undefined) fail(errors.form(refused));
      else fields[name] = value;
    });
    parser.on('filesLimit', () => fail(errors.form('Please send one file only')));
    parser.on('fieldsLimit', () => fail(errors.form('Too many fields')));
    parser.on('partsLimit', () => fail(errors.form('Too many fields')));
    parser.on('error', () => fail(errors.unreadable()));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file || size === 0) return reject(errors.noFile());
      resolve({ file: Buffer.concat(chunks), fields });
    });
    req.pipe(parser);
  });
}

/**
 * The key a header cell is matched by: lower case without spaces, hyphens or other punctuation, so that
 * "E-mail", "Email", " e-Mail " and "E mail" name one column, as do "Paper ID" and "paper_id".
 */
export const headerKey = (name: string): string => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The OpenAPI description of an import's `file` field: the columns its first sheet's row 1 must name (and
 * the optional ones), how they are matched, and the limits.
 */
export function xlsxColumnsDescription(
  required: readonly string[],
  optional: readonly string[],
  maxBytes: number,
  maxRows: number,
): string {
  return (
    `An .xlsx file (at most ${maxBytes / 1_000_000} MB and ${maxRows.toLocaleString('en')} data rows). Row 1 ` +
    `of its first sheet names the columns: ${required.join(', ')}` +
    (optional.length ? `; optional: ${optional.join(', ')}` : '') +
    '. Names are matched ignoring case, spaces and hyphens ("Email" = "E-mail" = "e mail"); other columns ' +
    'are ignored; every following row with a value is one record.'
  );
}

/** Limits of what is unpacked from an uploaded workbook before ExcelJS reads it. */
export interface XlsxZipLimits {
  maxEntries: number;
  /** The declared uncompressed sizes of all entries together. */
  maxUnpackedBytes: number;
  /** The largest declared/compressed ratio of an entry declaring more than 1 MB. */
  maxRatio: number;
}

/** What the first worksheet may hold: data rows (after the header row) that have a value. */
export interface XlsxSheetLimits extends XlsxZipLimits {
  maxRows: number;
}

interface ZipEntry {
  method: number;
  crc: number;
  compressed: number;
  declared: number;
  name: string;
  /** Where the entry's compressed bytes start in the buffer. */
  start: number;
}

/**
 * Checks the bytes of an xlsx before ExcelJS sees them: a ZIP (PK\3\4) whose central directory parses,
 * with at most `maxEntries` entries whose declared uncompressed sizes add up to at most `maxUnpackedBytes`
 * (checked before anything is inflated), none inflating more than `maxRatio` times past 1 MB, each
 * inflating to exactly its declared size (inflation stops at the declared size, so an entry lying about
 * it is refused without being unpacked further), and with xl/workbook.xml and [Content_Types].xml.
 * Inflation runs in zlib's thread pool, a chunk at a time, so a large workbook never blocks the event loop.
 */
export async function checkXlsxZip(
  buf: Buffer,
  limits: XlsxZipLimits,
  errors: XlsxImportErrors,
): Promise<Map<string, ZipEntry>> {
  const list = readZipDirectory(buf, limits, errors);
  for (const e of list) {
    if (e.method === 8) {
      if ((await inflatedLength(buf.subarray(e.start, e.start + e.compressed), e.declared)) !== e.declared)
        throw errors.corrupt();
    } else if (e.method !== 0 || e.compressed !== e.declared) throw errors.corrupt();
  }
  const byName = new Map(list.map((e) => [e.name, e]));
  if (!byName.has('xl/workbook.xml') || !byName.has('[Content_Types].xml')) throw errors.noWorkbook();
  return byName;
}

/** The central directory and every local header (nothing inflated); refused when over the limits. */
function readZipDirectory(buf: Buffer, limits: XlsxZipLimits, errors: XlsxImportErrors): ZipEntry[] {
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) throw errors.notXlsx();
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw errors.corrupt();
  const entries = buf.readUInt16LE(end + 10);
  const dirSize = buf.readUInt32LE(end + 12);
  const dirOffset = buf.readUInt32LE(end + 16);
  if (entries > limits.maxEntries || dirOffset + dirSize > end) throw errors.corrupt();
  const list: ZipEntry[] = [];
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== 0x02014b50) throw errors.corrupt();
    const nameLen = buf.readUInt16LE(at + 28);
    list.push({
      method: buf.readUInt16LE(at + 10),
      crc: buf.readUInt32LE(at + 16),
      compressed: buf.readUInt32LE(at + 20),
      declared: buf.readUInt32LE(at + 24),
      start: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLen),
    });
    total += list[list.length - 1]!.declared;
    at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  if (total > limits.maxUnpackedBytes) throw errors.unpackedTooLarge();
  for (const e of list) {
    if (e.compressed > 0 && e.declared / e.compressed > limits.maxRatio && e.declared > 1_000_000)
      throw errors.corrupt();
    const local = e.start;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw errors.corrupt();
    e.start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (e.start + e.compressed > buf.length) throw errors.corrupt();
  }
  return list;
}

/**
 * How many bytes `data` inflates to, counting the output a chunk at a time in zlib's thread pool; -1 as soon
 * as it passes `max` (inflation stops there) or when the data does not inflate.
 */
function inflatedLength(data: Buffer, max: number): Promise<number> {
  return new Promise((resolve) => {
    const z = createInflateRaw({ chunkSize: 256 * 1024 });
    let n = 0;
    z.on('data', (c: Buffer) => {
      n += c.length;
      if (n > max) {
        z.destroy();
        resolve(-1);
      }
    });
    z.on('end', () => resolve(n));
    z.on('error', () => resolve(-1));
    z.end(data);
  });
}

/** An entry's whole text (the small parts: workbook.xml and its relationships). */
async function entryText(buf: Buffer, e: ZipEntry, errors: XlsxImportErrors): Promise<string> {
  const data = buf.subarray(e.start, e.start + e.compressed);
  if (e.method === 0) return data.toString('utf8');
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const z = createInflateRaw();
    z.on('data', (c: Buffer) => chunks.push(c));
    z.on('end', resolve);
    z.on('error', () => reject(errors.corrupt()));
    z.end(data);
  });
  return Buffer.concat(chunks).toString('utf8');
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s(?:[\\w.-]+:)?${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];

/**
 * The ZIP entry of the workbook's first worksheet (first `<sheet>` of xl/workbook.xml, through its
 * relationship in xl/_rels/workbook.xml.rels); undefined when there is none.
 */
async function firstSheetEntry(
  buf: Buffer,
  entries: Map<string, ZipEntry>,
  errors: XlsxImportErrors,
): Promise<ZipEntry | undefined> {
  const workbook = await entryText(buf, entries.get('xl/workbook.xml')!, errors);
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  const sheetTag = /<(?:[\w.-]+:)?sheet\s[^>]*>/.exec(workbook)?.[0];
  const rId = sheetTag && attribute(sheetTag, 'id');
  if (!rId || !rels) return undefined;
  for (const tag of (await entryText(buf, rels, errors)).match(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g) ?? []) {
    if (attribute(tag, 'Id') !== rId) continue;
    const target = attribute(tag, 'Target') ?? '';
    return entries.get(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  return undefined;
}

/** A local ZIP entry with its sizes in the header (no data descriptor), as unzipper reads it in one pass. */
function localEntry(
  name: string,
  e: Pick<ZipEntry, 'method' | 'crc' | 'compressed' | 'declared'>,
  data: Buffer,
) {
  const n = Buffer.from(name);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt32LE(e.crc, 14);
  h.writeUInt32LE(e.compressed, 18);
  h.writeUInt32LE(e.declared, 22);
  h.writeUInt16LE(n.length, 26);
  return [h, n, data];
}

const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
);

/**
 * The rows of an uploaded xlsx's first worksheet, read streaming: the bytes are checked by checkXlsxZip,
 * then only the parts ExcelJS needs (relationships, workbook, shared strings, styles, the first sheet — in
 * that order, so the sheet streams instead of being buffered until the shared strings come) are handed
 * to ExcelJS's streaming reader, and the rows come as they are parsed. More than `maxRows` data rows
 * with a value (or more than ten times as many row elements, empty ones included) refuses the file with
 * `errors.tooManyRows` as soon as the row past the limit is parsed: the rest of the sheet is never read.
 * Unreadable XML is `errors.corrupt`, a workbook without a worksheet `errors.noWorkbook`.
 */
export async function* readXlsxRows(
  buf: Buffer,
  limits: XlsxSheetLimits,
  errors: XlsxImportErrors,
): AsyncGenerator<ExcelJS.Row> {
  const entries = await checkXlsxZip(buf, limits, errors);
  const sheet = await firstSheetEntry(buf, entries, errors);
  if (!sheet) throw errors.noWorkbook();
  const parts: Buffer[] = [];
  const add = (name: string, e: ZipEntry | undefined) => {
    if (e) parts.push(...localEntry(name, e, buf.subarray(e.start, e.start + e.compressed)));
  };
  add('xl/_rels/workbook.xml.rels', entries.get('xl/_rels/workbook.xml.rels'));
  add('xl/workbook.xml', entries.get('xl/workbook.xml'));
  const shared = entries.get('xl/sharedStrings.xml');
  if (shared) add('xl/sharedStrings.xml', shared);
  else
    parts.push(
      ...localEntry(
        'xl/sharedStrings.xml',
        { method: 0, crc: 0, compressed: EMPTY_SHARED_STRINGS.length, declared: EMPTY_SHARED_STRINGS.length },
        EMPTY_SHARED_STRINGS,
      ),
    );
  add('xl/styles.xml', entries.get('xl/styles.xml'));
  add('xl/worksheets/sheet1.xml', sheet);
  const endOfDirectory = Buffer.alloc(22);
  endOfDirectory.writeUInt32LE(0x06054b50, 0);
  parts.push(endOfDirectory);

  const input = Readable.from(parts, { objectMode: false });
  const reader = new (await loadExcelJS()).stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // dates are numbers with a date format
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let dataRows = 0;
  let elements = 0;
  try {
    const worksheets = reader[Symbol.asyncIterator]();
    const first = await step(worksheets, errors);
    if (first.done) throw errors.noWorkbook();
    const rows = first.value[Symbol.asyncIterator]();
    for (;;) {
      const next = await step(rows, errors);
      if (next.done) break;
      const row = next.value;
      elements++;
      if (row.number > 1 && row.hasValues) dataRows++;
      if (dataRows > limits.maxRows || elements > 10 * (limits.maxRows + 1)) throw errors.tooManyRows();
      yield row;
    }
  } finally {
    input.destroy();
  }
}

/** One step of ExcelJS's reader; its own failures (bad XML, a broken entry) are `errors.corrupt`. */
async function step<T>(it: AsyncIterator<T>, errors: XlsxImportErrors): Promise<IteratorResult<T>> {
  try {
    return await it.next();
  } catch {
    throw errors.corrupt();
  }
}
