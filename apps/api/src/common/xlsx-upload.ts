import busboy from 'busboy';
import ExcelJS from 'exceljs';
import type { Request } from 'express';
import { inflateRawSync } from 'node:zlib';

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

/** Limits of what is unpacked from an uploaded workbook before ExcelJS reads it. */
export interface XlsxZipLimits {
  maxEntries: number;
  /** The declared uncompressed sizes of all entries together. */
  maxUnpackedBytes: number;
  /** The largest declared/compressed ratio of an entry declaring more than 1 MB. */
  maxRatio: number;
}

interface ZipEntry {
  method: number;
  compressed: number;
  declared: number;
  local: number;
  name: string;
}

/**
 * Checks the bytes of an xlsx before ExcelJS sees them: a ZIP (PK\3\4) whose central directory parses,
 * with at most `maxEntries` entries whose declared uncompressed sizes add up to at most `maxUnpackedBytes`
 * (checked before anything is inflated), none inflating more than `maxRatio` times past 1 MB, each
 * inflating to exactly its declared size (inflation stops at the declared size, so an entry lying about
 * it is refused without being unpacked further), and with xl/workbook.xml and [Content_Types].xml.
 */
export function checkXlsxZip(buf: Buffer, limits: XlsxZipLimits, errors: XlsxImportErrors): void {
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
  // first pass: the central directory and the declared sizes only (nothing is inflated when too large)
  const list: ZipEntry[] = [];
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== 0x02014b50) throw errors.corrupt();
    const nameLen = buf.readUInt16LE(at + 28);
    const entry: ZipEntry = {
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
  if (total > limits.maxUnpackedBytes) throw errors.unpackedTooLarge();
  for (const e of list)
    if (e.compressed > 0 && e.declared / e.compressed > limits.maxRatio && e.declared > 1_000_000)
      throw errors.corrupt();
  // second pass: every entry's local header and data
  for (const e of list) {
    if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50) throw errors.corrupt();
    const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
    if (start + e.compressed > buf.length) throw errors.corrupt();
    const data = buf.subarray(start, start + e.compressed);
    if (e.method === 8) {
      try {
        // maxOutputLength: an entry that inflates past what it declares is refused
        const out = inflateRawSync(data, { maxOutputLength: Math.max(e.declared, 1) });
        if (out.length !== e.declared) throw new Error('size');
      } catch {
        throw errors.corrupt();
      }
    } else if (e.method !== 0 || e.compressed !== e.declared) throw errors.corrupt();
  }
  const names = new Set(list.map((e) => e.name));
  if (!names.has('xl/workbook.xml') || !names.has('[Content_Types].xml')) throw errors.noWorkbook();
}

/**
 * The first worksheet of an uploaded xlsx: its bytes checked by checkXlsxZip, then read by ExcelJS
 * (`errors.corrupt` when it cannot, `errors.noWorkbook` when there is no worksheet).
 */
export async function openXlsxWorksheet(
  buf: Buffer,
  limits: XlsxZipLimits,
  errors: XlsxImportErrors,
): Promise<ExcelJS.Worksheet> {
  checkXlsxZip(buf, limits, errors);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw errors.corrupt();
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw errors.noWorkbook();
  return sheet;
}
