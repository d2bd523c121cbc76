import {
  bytesToDecimalMb,
  checkUpload,
  checkUploadName,
  detectFileKind,
  extensionOf,
  FILE_CONTENT_TYPES,
  FILE_NAME_MAX,
  sanitizeFileName,
  zipDirectoryRange,
  type UploadCheckInput,
} from './files.js';

// ---- hand-built samples ------------------------------------------------------------------------------

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const le16 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff);
const le32 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff);
const be32 = (n: number) => Uint8Array.of((n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
const filler = (n: number, byte = 0x20) => new Uint8Array(n).fill(byte);

const pdf = (bodyBytes = 100, trailer = '\n%%EOF\n') =>
  concat(bytes('%PDF-1.7\n'), filler(bodyBytes), bytes(trailer));

/** A stored (uncompressed) ZIP with the given entries, local headers, central directory and end record. */
function zip(entries: string[], opts: { dataBytes?: number } = {}) {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const name of entries) {
    const data = filler(opts.dataBytes ?? 10, 0x41);
    const n = bytes(name);
    // prettier-ignore
    const local = concat(
      Uint8Array.of(0x50, 0x4b, 0x03, 0x04), le16(20), le16(0), le16(0), le16(0), le16(0), le32(0),
      le32(data.length), le32(data.length), le16(n.length), le16(0), n, data,
    );
    // prettier-ignore
    centrals.push(concat(
      Uint8Array.of(0x50, 0x4b, 0x01, 0x02), le16(20), le16(20), le16(0), le16(0), le16(0), le16(0), le32(0),
      le32(data.length), le32(data.length), le16(n.length), le16(0), le16(0), le16(0), le16(0), le32(0),
      le32(offset), n,
    ));
    locals.push(local);
    offset += local.length;
  }
  const dir = concat(...centrals);
  // prettier-ignore
  const end = concat(
    Uint8Array.of(0x50, 0x4b, 0x05, 0x06), le16(0), le16(0), le16(entries.length), le16(entries.length),
    le32(dir.length), le32(offset), le16(0),
  );
  return concat(...locals, dir, end);
}
const DOCX = ['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/styles.xml'];
const PPTX = ['[Content_Types].xml', '_rels/.rels', 'ppt/presentation.xml', 'ppt/slides/slide1.xml'];

/** An OLE2 compound file header (version 3, 512-byte sectors) followed by `sectors` sectors. */
function cfb(sectors = 2, major = 3) {
  const header = new Uint8Array(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  header.set(le16(0x3e), 0x18);
  header.set(le16(major), 0x1a);
  header.set(le16(0xfffe), 0x1c);
  header.set(le16(major === 4 ? 12 : 9), 0x1e);
  return concat(header, new Uint8Array(sectors * 512));
}

const mp4 = (brand = 'isom') => concat(be32(24), bytes('ftyp'), bytes(brand), filler(12, 0), filler(200, 1));
const avi = (declared?: number) => {
  const body = concat(bytes('AVI LIST'), filler(100, 0));
  return concat(bytes('RIFF'), le32(declared ?? body.length), body);
};
const mpeg = () => concat(Uint8Array.of(0x00, 0x00, 0x01, 0xba), filler(100, 0));

const MB = 1_000_000;
/** checkUpload over a whole small file (head = the file). */
const check = (name: string, file: Uint8Array, extra: Partial<UploadCheckInput> = {}) =>
  checkUpload({
    name,
    declaredKinds: ['doc', 'docx', 'pdf'],
    head: file.subarray(0, 8192),
    tail: file.subarray(Math.max(0, file.length - 65536)),
    size: file.length,
    maxBytes: 40 * MB,
    ...extra,
  });

// ---- names -----------------------------------------------------------------------------------------------

describe('sanitizeFileName', () => {
  it('keeps an ordinary name, including non-Latin letters and spaces', () => {
    expect(sanitizeFileName('My paper (final).pdf')).toBe('My paper (final).pdf');
    expect(sanitizeFileName('Überblick – 論文.docx')).toBe('Überblick – 論文.docx');
  });

  it('strips the directories a browser may send', () => {
    expect(sanitizeFileName('C:\\fakepath\\paper.pdf')).toBe('paper.pdf');
    expect(sanitizeFileName('/home/me/paper.pdf')).toBe('paper.pdf');
  });

  it('refuses a name with a .. segment', () => {
    expect(sanitizeFileName('../paper.pdf')).toBeNull();
    expect(sanitizeFileName('..\\..\\etc\\passwd')).toBeNull();
    expect(sanitizeFileName('a/../../b.pdf')).toBeNull();
    expect(sanitizeFileName('..')).toBeNull();
  });

  it('keeps dots that are not a path segment', () => {
    expect(sanitizeFileName('v1..2.pdf')).toBe('v1..2.pdf');
  });

  it('refuses NUL, CR, LF, other control characters and bidi overrides', () => {
    expect(sanitizeFileName('paper.pdf\u0000.exe')).toBeNull();
    expect(sanitizeFileName('paper\r\nX-Evil: 1.pdf')).toBeNull();
    expect(sanitizeFileName('paper\n.pdf')).toBeNull();
    expect(sanitizeFileName('pa\tper.pdf')).toBeNull();
    expect(sanitizeFileName('pa\u007fper.pdf')).toBeNull();
    expect(sanitizeFileName('invoice\u202efdp.exe')).toBeNull();
  });

  it('replaces the characters Windows refuses', () => {
    expect(sanitizeFileName('a<b>c:d"e|f?g*.pdf')).toBe('a_b_c_d_e_f_g_.pdf');
  });

  it('trims spaces and trailing dots', () => {
    expect(sanitizeFileName('  paper.pdf. . ')).toBe('paper.pdf');
  });

  it('returns null when nothing usable remains', () => {
    expect(sanitizeFileName('')).toBeNull();
    expect(sanitizeFileName('   ')).toBeNull();
    expect(sanitizeFileName('dir/')).toBeNull();
    expect(sanitizeFileName('...')).toBeNull();
    expect(sanitizeFileName('.pdf')).toBeNull();
    expect(sanitizeFileName(undefined)).toBeNull();
    expect(sanitizeFileName(42)).toBeNull();
  });

  it('shortens a long name to 200 characters keeping the extension', () => {
    const name = `${'a'.repeat(230)}.PDF`;
    const safe = sanitizeFileName(name)!;
    expect([...safe]).toHaveLength(FILE_NAME_MAX);
    expect(safe.endsWith('.PDF')).toBe(true);
    const emoji = `${'😀'.repeat(210)}.pdf`;
    const safeEmoji = sanitizeFileName(emoji)!;
    expect([...safeEmoji]).toHaveLength(FILE_NAME_MAX);
    expect(safeEmoji.endsWith('😀.pdf')).toBe(true);
  });

  it('refuses names longer than any file system allows', () => {
    expect(sanitizeFileName(`${'a'.repeat(300)}.pdf`)).toBeNull();
  });
});

describe('extensionOf', () => {
  it('gives the lower-cased last extension, or nothing', () => {
    expect(extensionOf('Paper.Final.DOCX')).toBe('docx');
    expect(extensionOf('paper')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('dir.d/paper')).toBe('');
    expect(extensionOf('paper.')).toBe('');
  });
});

// ---- content ---------------------------------------------------------------------------------------------

describe('detectFileKind', () => {
  const kind = (file: Uint8Array) => detectFileKind(file.subarray(0, 8192), file.length, file);

  it('recognises a pdf', () => expect(kind(pdf())).toBe('pdf'));
  it('recognises an OLE2 compound file (doc or ppt)', () => expect(kind(cfb())).toBe('cfb'));
  it('recognises a Word package by its word/ parts', () => expect(kind(zip(DOCX))).toBe('docx'));
  it('recognises a PowerPoint package by its ppt/ parts', () => expect(kind(zip(PPTX))).toBe('pptx'));
  it('calls any other ZIP a zip', () => expect(kind(zip(['a.txt', 'b/c.txt']))).toBe('zip'));
  it('recognises mp4 and QuickTime by the ftyp brand', () => {
    expect(kind(mp4('isom'))).toBe('mp4');
    expect(kind(mp4('qt  '))).toBe('mov');
  });
  it('recognises avi and mpeg', () => {
    expect(kind(avi())).toBe('avi');
    expect(kind(mpeg())).toBe('mpeg');
    expect(kind(concat(Uint8Array.of(0, 0, 1, 0xb3), filler(20, 0)))).toBe('mpeg');
  });
  it('recognises executables and scripts', () => {
    expect(kind(concat(bytes('MZ'), filler(100, 0)))).toBe('exe');
    expect(kind(concat(Uint8Array.of(0x7f, 0x45, 0x4c, 0x46), filler(100, 0)))).toBe('exe');
    expect(kind(bytes('#!/bin/sh\nrm -rf /\n'))).toBe('exe');
    expect(kind(concat(Uint8Array.of(0xcf, 0xfa, 0xed, 0xfe), filler(100, 0)))).toBe('exe');
  });
  it('knows nothing of plain text or images', () => {
    expect(kind(bytes('hello world'))).toBe('unknown');
    expect(kind(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('unknown');
    expect(kind(new Uint8Array(0))).toBe('unknown');
  });

  it('finds word/ in the central directory when the local headers cannot be walked from the head', () => {
    // the first entry is bigger than the head, so only the tail's central directory names word/document.xml
    const file = zip(DOCX, { dataBytes: 20_000 });
    expect(detectFileKind(file.subarray(0, 8192), file.length, file.subarray(file.length - 4096))).toBe(
      'docx',
    );
  });
});

describe('zipDirectoryRange', () => {
  it('locates the central directory from the end record', () => {
    const file = zip(DOCX);
    const range = zipDirectoryRange(file.subarray(file.length - 100), file.length)!;
    expect(range.offset + range.length).toBe(file.length - 22);
  });
  it('finds nothing in a truncated zip', () => {
    const file = zip(DOCX);
    expect(zipDirectoryRange(file.subarray(0, file.length - 10), file.length - 10)).toBeNull();
  });
});

// ---- the upload check -----------------------------------------------------------------------------------

describe('checkUpload accepts', () => {
  it('a pdf, with its content type and sanitized name', () => {
    expect(check('C:\\fakepath\\paper.pdf', pdf())).toEqual({
      ok: true,
      kind: 'pdf',
      ext: 'pdf',
      name: 'paper.pdf',
      contentType: 'application/pdf',
      detected: 'pdf',
    });
  });
  it('a pdf whose %%EOF is followed by a few line ends', () => {
    expect(check('paper.pdf', pdf(100, '%%EOF\r\n\r\n\n')).ok).toBe(true);
  });
  it('a docx and a doc', () => {
    expect(check('paper.DOCX', zip(DOCX))).toMatchObject({ ok: true, kind: 'docx' });
    expect(check('paper.doc', cfb())).toMatchObject({
      ok: true,
      kind: 'doc',
      contentType: 'application/msword',
    });
    expect(check('paper.doc', cfb(24, 4))).toMatchObject({ ok: true, kind: 'doc' });
  });
  it('slides, slideshows and videos when the upload declares them', () => {
    const declaredKinds = ['ppt', 'pptx', 'ppsx', 'mp4', 'mov', 'avi', 'mpeg'] as const;
    expect(check('talk.ppt', cfb(), { declaredKinds })).toMatchObject({ ok: true, kind: 'ppt' });
    expect(check('talk.pptx', zip(PPTX), { declaredKinds })).toMatchObject({ ok: true, kind: 'pptx' });
    expect(check('talk.ppsx', zip(PPTX), { declaredKinds })).toMatchObject({
      ok: true,
      kind: 'ppsx',
      contentType: FILE_CONTENT_TYPES.ppsx,
    });
    expect(check('talk.mp4', mp4(), { declaredKinds })).toMatchObject({ ok: true, kind: 'mp4' });
    expect(check('talk.mov', mp4('qt  '), { declaredKinds })).toMatchObject({ ok: true, kind: 'mov' });
    expect(check('talk.avi', avi(), { declaredKinds })).toMatchObject({ ok: true, kind: 'avi' });
    expect(check('talk.mpeg', mpeg(), { declaredKinds })).toMatchObject({ ok: true, kind: 'mpeg' });
  });
  it('a file of exactly the limit', () => {
    const file = pdf(100);
    expect(check('paper.pdf', file, { maxBytes: file.length }).ok).toBe(true);
  });
  it('a docx whose central directory the caller read separately', () => {
    const file = zip(DOCX, { dataBytes: 20_000 });
    const range = zipDirectoryRange(file.subarray(file.length - 22), file.length)!;
    const result = check('paper.docx', file, {
      tail: file.subarray(file.length - 22),
      zipDirectory: file.subarray(range.offset, range.offset + range.length),
    });
    expect(result).toMatchObject({ ok: true, kind: 'docx' });
  });
});

describe('checkUpload refuses', () => {
  const invalid = { ok: false, reason: 'Please select a valid file' };

  it('an empty file', () =>
    expect(check('paper.pdf', new Uint8Array(0))).toMatchObject({ ...invalid, problem: 'empty' }));

  it('a file above the limit, naming the limit in decimal MB', () => {
    const file = pdf(100);
    expect(check('paper.pdf', file, { maxBytes: file.length - 1 })).toMatchObject({
      ok: false,
      problem: 'tooLarge',
    });
    expect(check('paper.pdf', file, { maxBytes: 40 * MB, size: 40 * MB + 1 })).toEqual({
      ok: false,
      problem: 'tooLarge',
      reason: 'Files with size above 40 MB',
    });
    expect(check('paper.pdf', file, { maxBytes: 2_500_000, size: 3 * MB })).toMatchObject({
      reason: 'Files with size above 2.5 MB',
    });
  });

  it('an extension the upload does not accept', () => {
    expect(check('talk.pptx', zip(PPTX))).toMatchObject({ ...invalid, problem: 'type' });
    expect(check('paper.txt', bytes('hello'))).toMatchObject({ ...invalid, problem: 'type' });
    expect(check('paper', pdf())).toMatchObject({ ...invalid, problem: 'type' });
    expect(check('paper.exe', pdf())).toMatchObject({ ...invalid, problem: 'type' });
  });

  it('unusable names', () => {
    expect(check('../paper.pdf', pdf())).toMatchObject({ ...invalid, problem: 'name' });
    expect(check('paper\u0000.pdf', pdf())).toMatchObject({ ...invalid, problem: 'name' });
    expect(check('paper\r\n.pdf', pdf())).toMatchObject({ ...invalid, problem: 'name' });
  });

  it('a pdf that is not a pdf', () => {
    expect(check('paper.pdf', bytes('hello, this is text'))).toMatchObject({
      ...invalid,
      problem: 'content',
    });
    expect(check('paper.pdf', cfb())).toMatchObject({ ...invalid, problem: 'content' });
  });

  it('renamed executables', () => {
    expect(check('paper.pdf', concat(bytes('MZ'), filler(300, 0)))).toMatchObject(invalid);
    expect(check('paper.doc', concat(Uint8Array.of(0x7f, 0x45, 0x4c, 0x46), filler(300, 0)))).toMatchObject(
      invalid,
    );
    expect(check('paper.docx', bytes('#!/bin/sh\necho hi\n'))).toMatchObject(invalid);
  });

  it('a truncated pdf and a pdf without %%EOF', () => {
    const whole = pdf(5000);
    expect(check('paper.pdf', whole.subarray(0, 3000))).toMatchObject({ ...invalid, problem: 'content' });
    expect(check('paper.pdf', pdf(100, '\ntrailer\n'))).toMatchObject({ ...invalid, problem: 'content' });
  });

  it('a pdf whose %%EOF is far from the end', () => {
    expect(check('paper.pdf', concat(pdf(10), filler(2000)))).toMatchObject({
      ...invalid,
      problem: 'content',
    });
  });

  it('a pdf whose tail was not supplied', () => {
    const file = pdf(10_000);
    expect(check('paper.pdf', file, { tail: undefined })).toMatchObject({ ...invalid, problem: 'content' });
  });

  it('a zip that is not a Word document, or a Word document named as slides', () => {
    expect(check('paper.docx', zip(['a.txt']))).toMatchObject({ ...invalid, problem: 'content' });
    expect(check('paper.docx', zip(PPTX))).toMatchObject({ ...invalid, problem: 'content' });
    expect(check('paper.docx', zip(['word/styles.xml']))).toMatchObject({ ...invalid, problem: 'content' });
    expect(check('talk.pptx', zip(DOCX), { declaredKinds: ['pptx'] })).toMatchObject(invalid);
  });

  it('a truncated docx', () => {
    const file = zip(DOCX);
    expect(check('paper.docx', file.subarray(0, file.length - 30))).toMatchObject({
      ...invalid,
      problem: 'content',
    });
  });

  it('a doc that is a docx, and a docx that is a doc', () => {
    expect(check('paper.doc', zip(DOCX))).toMatchObject(invalid);
    expect(check('paper.docx', cfb())).toMatchObject(invalid);
  });

  it('a compound file too short to hold anything, or with a broken header', () => {
    expect(check('paper.doc', cfb(0))).toMatchObject({ ...invalid, problem: 'content' });
    const broken = cfb();
    broken[0x1c] = 0;
    expect(check('paper.doc', broken)).toMatchObject({ ...invalid, problem: 'content' });
  });

  it('videos of another kind or cut short', () => {
    const declaredKinds = ['mp4', 'avi', 'mpeg'] as const;
    expect(check('talk.mp4', avi(), { declaredKinds })).toMatchObject(invalid);
    expect(check('talk.avi', avi(10_000), { declaredKinds })).toMatchObject({
      ...invalid,
      problem: 'content',
    });
    expect(check('talk.mpeg', mp4(), { declaredKinds })).toMatchObject(invalid);
  });
});

describe('checkUploadName', () => {
  it('checks the name and extension before anything is stored', () => {
    expect(checkUploadName('paper.PDF', ['pdf'])).toEqual({ ok: true, name: 'paper.PDF', ext: 'pdf' });
    expect(checkUploadName('paper.docx', ['pdf'])).toMatchObject({ ok: false, problem: 'type' });
    expect(checkUploadName('a/../paper.pdf', ['pdf'])).toMatchObject({ ok: false, problem: 'name' });
    expect(checkUploadName('paper.constructor', ['pdf'])).toMatchObject({ ok: false, problem: 'type' });
  });
});

describe('bytesToDecimalMb', () => {
  it('divides by a million', () => {
    expect(bytesToDecimalMb(40_000_000)).toBe(40);
    expect(bytesToDecimalMb(1_500_000)).toBe(1.5);
  });
});
