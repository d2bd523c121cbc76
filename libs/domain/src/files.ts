/**
 * Uploaded files: safe names, the kind of a file told from its bytes (never from its name alone), and the one
 * check every upload goes through (name, extension, emptiness, size limit, content agreeing with the
 * extension). Pure: the API's files module feeds it the first and last bytes it stored.
 */
import { fileTooLargeMessage, PAPER_MESSAGES, type PaperFileKind } from './papers.js';

/** How many bytes of the start and of the end of a stored file are kept for sniffing. */
export const SNIFF_HEAD_BYTES = 8 * 1024;
export const SNIFF_TAIL_BYTES = 64 * 1024;
/** Longest file name kept (longer ones are shortened, keeping the extension). */
export const FILE_NAME_MAX = 200;
/** Longer names cannot come from a real file system (255 is the common limit): refused outright. */
export const FILE_NAME_RAW_MAX = 255;

export const FILE_MESSAGES = {
  invalid: PAPER_MESSAGES.invalidFile,
  missing: 'Please select a file to upload',
  notMultipart: 'Please send the file as multipart/form-data',
  malformed: 'The upload was interrupted or malformed, please try again',
  tooManyParts: 'The form has too many parts',
  notFound: PAPER_MESSAGES.fileNotFound,
} as const;

export const tooManyFilesMessage = (max: number) =>
  max === 1 ? 'Please upload one file at a time' : `Please upload at most ${max} files at a time`;
export const wrongFileFieldMessage = (field: string) => `Please send the file in the "${field}" field`;
export const unexpectedFieldMessage = (field: string) => `Unexpected form field "${field}"`;
export const duplicateFieldMessage = (field: string) => `The "${field}" field was sent more than once`;
export const fieldTooLongMessage = (field: string) => `The "${field}" field is too long`;

/** Decimal megabytes of a byte limit, as shown in 'Files with size above N MB' (40000000 → 40). */
export const bytesToDecimalMb = (bytes: number): number => Math.round((bytes / 1_000_000) * 1000) / 1000;

// ---------------------------------------------------------------------------------------------------------
// Names

// C0 controls (NUL, CR, LF, TAB...), DEL, C1 controls, and the Unicode format characters that reorder or hide
// text (bidi overrides and isolates, zero-width joiners, BOM, line/paragraph separators).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;
// Characters Windows refuses in names; replaced so that a downloaded file can be saved anywhere.
const RESERVED = /[<>:"|?*]/g;

/**
 * A file name safe to store and to send back in Content-Disposition, or null when the name cannot be used:
 * control characters (NUL, CR, LF...) or a '..' path segment refuse the name; directories are stripped
 * ('C:\fakepath\paper.pdf' → 'paper.pdf'); Windows-reserved characters become '_'; surrounding spaces and
 * trailing dots go; the result is at most 200 characters, keeping the extension; nothing left → null.
 */
export function sanitizeFileName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const raw = name.normalize('NFC');
  if ([...raw].length > FILE_NAME_RAW_MAX) return null;
  if (CONTROL.test(raw)) return null;
  const segments = raw.split(/[/\\]/);
  if (segments.some((s) => s.trim() === '..')) return null;
  let base = (segments[segments.length - 1] ?? '')
    .replace(RESERVED, '_')
    .trim()
    .replace(/[.\s]+$/u, '');
  if (base === '' || /^\.+$/.test(base)) return null;
  // a name that is only an extension ('.pdf') has nothing to call the file by
  if (base.startsWith('.') && base.lastIndexOf('.') === 0) return null;
  const chars = [...base];
  if (chars.length > FILE_NAME_MAX) {
    const dot = base.lastIndexOf('.');
    const suffix = dot > 0 && base.length - dot <= 17 ? [...base.slice(dot)] : [];
    const stem = chars.slice(0, chars.length - suffix.length).slice(0, FILE_NAME_MAX - suffix.length);
    base = (stem.join('').trimEnd() || 'file') + suffix.join('');
  }
  return base;
}

/** The lower-cased extension of a name's last segment, without the dot ('' when none, '.bashrc' has none). */
export function extensionOf(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

// ---------------------------------------------------------------------------------------------------------
// Content

/**
 * The format of a file from its bytes: 'cfb' is an OLE2 compound file (doc, ppt and pps alike — only the
 * extension tells them apart); 'docx' and 'pptx' are ZIP packages holding word/ or ppt/ parts, 'zip' any other
 * ZIP; 'exe' covers Windows (MZ), ELF and Mach-O executables and #! scripts.
 */
export type DetectedFileKind =
  'pdf' | 'cfb' | 'docx' | 'pptx' | 'zip' | 'mp4' | 'mov' | 'avi' | 'mpeg' | 'exe' | 'unknown';

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 2 ** 24;
const u32be = (b: Uint8Array, at: number) =>
  b[at]! * 2 ** 24 + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const latin1 = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

const PDF = ascii('%PDF-');
const PDF_EOF = ascii('%%EOF');
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_CENTRAL = [0x50, 0x4b, 0x01, 0x02];
const ZIP_END = [0x50, 0x4b, 0x05, 0x06];
const EXECUTABLES = [
  ascii('MZ'),
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  ascii('#!'),
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal (and Java classes)
];
const QT_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/** The bytes of a file the checks look at: its first bytes, its last bytes, and its total size. */
export interface FileSample {
  head: Uint8Array;
  /** The last bytes (up to SNIFF_TAIL_BYTES); when omitted the head must hold the whole file. */
  tail?: Uint8Array;
  size: number;
  /** The ZIP central directory when it does not fit in the tail (read by the caller, see zipDirectoryRange). */
  zipDirectory?: Uint8Array;
}

const tailOf = (s: FileSample): Uint8Array | null =>
  s.tail ?? (s.head.length >= s.size ? s.head.subarray(0, s.size) : null);

/** Where the ZIP end-of-central-directory record starts in `tail`, or -1. */
function findZipEnd(tail: Uint8Array): number {
  for (let i = tail.length - 22; i >= 0; i--) {
    if (startsWith(tail, ZIP_END, i) && i + 22 + u16(tail, i + 20) === tail.length) return i;
  }
  return -1;
}

/**
 * The offset and length of a ZIP file's central directory, from the end record found in the tail; null when
 * the file has no end record there (not a ZIP, or truncated) or the numbers do not fit the file size.
 */
export function zipDirectoryRange(tail: Uint8Array, size: number): { offset: number; length: number } | null {
  const end = findZipEnd(tail);
  if (end < 0) return null;
  const length = u32(tail, end + 12);
  const offset = u32(tail, end + 16);
  const endAt = size - (tail.length - end);
  if (offset === 0xffffffff || length === 0xffffffff) return null; // ZIP64: not an office document
  if (offset + length !== endAt) return null;
  return { offset, length };
}

/** Entry names of a ZIP central directory (stops at the first record that does not parse). */
function centralDirectoryNames(dir: Uint8Array): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 46 <= dir.length && startsWith(dir, ZIP_CENTRAL, at)) {
    const nameLen = u16(dir, at + 28);
    const next = at + 46 + nameLen + u16(dir, at + 30) + u16(dir, at + 32);
    if (next > dir.length) break;
    names.push(latin1(dir, at + 46, at + 46 + nameLen));
    at = next;
  }
  return names;
}

/** Entry names of the local headers that can be walked from the start of a ZIP file. */
function localHeaderNames(head: Uint8Array): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= head.length && startsWith(head, ZIP_LOCAL, at)) {
    const nameLen = u16(head, at + 26);
    if (at + 30 + nameLen > head.length) break;
    names.push(latin1(head, at + 30, at + 30 + nameLen));
    const flags = u16(head, at + 6);
    if (flags & 0x08) break; // sizes follow the data: the next header cannot be found from here
    at += 30 + nameLen + u16(head, at + 28) + u32(head, at + 18);
  }
  return names;
}

/** The entry names of a ZIP file that can be read from the sample (local headers and central directory). */
function zipNames(s: FileSample): string[] {
  const names = localHeaderNames(s.head);
  const tail = tailOf(s);
  if (s.zipDirectory) names.push(...centralDirectoryNames(s.zipDirectory));
  else if (tail) {
    const range = zipDirectoryRange(tail, s.size);
    const tailStart = s.size - tail.length;
    if (range && range.offset >= tailStart)
      names.push(
        ...centralDirectoryNames(
          tail.subarray(range.offset - tailStart, range.offset - tailStart + range.length),
        ),
      );
  }
  return names;
}

function ooxmlKind(names: readonly string[]): 'docx' | 'pptx' | null {
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
  return null;
}

/** ISO base media (mp4) or QuickTime (mov) from the first box. */
function isoKind(head: Uint8Array, size: number): 'mp4' | 'mov' | null {
  if (head.length < 12) return null;
  const boxSize = u32be(head, 0);
  const type = latin1(head, 4, 8);
  const sizeOk = boxSize === 1 || (boxSize >= 8 && (boxSize <= size || boxSize === 0));
  if (!sizeOk) return null;
  if (type === 'ftyp') return latin1(head, 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  if (QT_ATOMS.includes(type)) return 'mov';
  return null;
}

/**
 * The format of a file from its first bytes (and, for ZIP packages, the entry names that can be read from
 * the head and the tail). `totalSize` is the size of the whole file.
 */
export function detectFileKind(head: Uint8Array, totalSize: number, tail?: Uint8Array): DetectedFileKind {
  return detect({ head, tail, size: totalSize });
}

function detect(sample: FileSample): DetectedFileKind {
  const { head, size } = sample;
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, CFB)) return 'cfb';
  if (startsWith(head, ZIP_LOCAL)) return ooxmlKind(zipNames(sample)) ?? 'zip';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('AVI '), 8)) return 'avi';
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) return 'mpeg';
  const iso = isoKind(head, size);
  if (iso) return iso;
  if (EXECUTABLES.some((sig) => startsWith(head, sig))) return 'exe';
  return 'unknown';
}

/** Whether the file is whole: the end markers a format has are where they must be. */
function isComplete(kind: DetectedFileKind, s: FileSample): boolean {
  const tail = tailOf(s);
  switch (kind) {
    case 'pdf': {
      // '%%EOF' within the last 1024 bytes, as PDF readers require
      if (!tail) return false;
      const end = tail.subarray(Math.max(0, tail.length - 1024));
      for (let i = end.length - PDF_EOF.length; i >= 0; i--) if (startsWith(end, PDF_EOF, i)) return true;
      return false;
    }
    case 'docx':
    case 'pptx':
      return tail !== null && zipDirectoryRange(tail, s.size) !== null;
    case 'cfb': {
      // byte order mark, version 3 (512-byte sectors) or 4 (4096), and room for header, FAT and directory
      const h = s.head;
      if (h.length < 512 || u16(h, 0x1c) !== 0xfffe) return false;
      const major = u16(h, 0x1a);
      const shift = u16(h, 0x1e);
      if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) return false;
      return s.size >= 3 * (1 << shift);
    }
    case 'avi':
      return s.head.length >= 12 && u32(s.head, 4) + 8 <= s.size;
    default:
      return true;
  }
}

/** The content formats each accepted extension may carry (a ppsx is a pptx that opens as a slideshow). */
const CONTENT_FOR_EXTENSION: Record<PaperFileKind, readonly DetectedFileKind[]> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  pptx: ['pptx'],
  ppsx: ['pptx'],
  mp4: ['mp4', 'mov'],
  mov: ['mov', 'mp4'],
  avi: ['avi'],
  mpeg: ['mpeg'],
};

/** Parts an OOXML package must have to be a document of its extension. */
const REQUIRED_PART: Partial<Record<PaperFileKind, string>> = {
  docx: 'word/document.xml',
  pptx: 'ppt/presentation.xml',
  ppsx: 'ppt/presentation.xml',
};

/** The Content-Type sent with each kind of file. */
export const FILE_CONTENT_TYPES: Record<PaperFileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mpeg: 'video/mpeg',
};

const isUploadKind = (ext: string): ext is PaperFileKind => Object.hasOwn(CONTENT_FOR_EXTENSION, ext);

export interface UploadCheckInput extends FileSample {
  /** The name the client gave (sanitized here). */
  name: string;
  /** The kinds this upload accepts, e.g. ['doc', 'docx', 'pdf'] for a paper. */
  declaredKinds: readonly PaperFileKind[];
  /** Largest accepted size in bytes (limits in MB are decimal: fileSizeLimitBytes). */
  maxBytes: number;
}

export type UploadCheck =
  | {
      ok: true;
      kind: PaperFileKind;
      ext: string;
      name: string;
      contentType: string;
      detected: DetectedFileKind;
    }
  | { ok: false; reason: string; problem: 'name' | 'type' | 'empty' | 'tooLarge' | 'content' };

/** The name check alone (before anything is stored): a usable name with an accepted extension. */
export function checkUploadName(
  name: string,
  declaredKinds: readonly PaperFileKind[],
): { ok: true; name: string; ext: PaperFileKind } | { ok: false; reason: string; problem: 'name' | 'type' } {
  const safe = sanitizeFileName(name);
  if (!safe) return { ok: false, reason: FILE_MESSAGES.invalid, problem: 'name' };
  const ext = extensionOf(safe);
  if (!isUploadKind(ext) || !declaredKinds.includes(ext))
    return { ok: false, reason: FILE_MESSAGES.invalid, problem: 'type' };
  return { ok: true, name: safe, ext };
}

/**
 * Every upload: the name must be usable and end in one of the declared kinds; the file must not be empty nor
 * above the limit ('Files with size above N MB', N in decimal MB); its bytes must be of the kind its
 * extension says (a .pdf starts with %PDF- and ends with %%EOF, a .docx is a ZIP with word/document.xml, a .doc
 * an OLE2 compound file...) and whole. Anything else: 'Please select a valid file'.
 */
export function checkUpload(input: UploadCheckInput): UploadCheck {
  const named = checkUploadName(input.name, input.declaredKinds);
  if (!named.ok) return named;
  if (input.size <= 0) return { ok: false, reason: FILE_MESSAGES.invalid, problem: 'empty' };
  if (input.size > input.maxBytes)
    return { ok: false, reason: fileTooLargeMessage(bytesToDecimalMb(input.maxBytes)), problem: 'tooLarge' };
  const detected = detect(input);
  const ext = named.ext;
  const invalid = { ok: false, reason: FILE_MESSAGES.invalid, problem: 'content' } as const;
  if (!CONTENT_FOR_EXTENSION[ext].includes(detected)) return invalid;
  const required = REQUIRED_PART[ext];
  if (required && !zipNames(input).includes(required)) return invalid;
  if (!isComplete(detected, input)) return invalid;
  return { ok: true, kind: ext, ext, name: named.name, contentType: FILE_CONTENT_TYPES[ext], detected };
}
