/**
 * Small text PDFs for the API tests of the submission checks, written by hand (no Chromium: the engine's own
 * tests check its measurements against Chromium-made PDFs; here the API's behaviour around them is tested).
 * Each page sets its lines in Helvetica at a given size inside given margins, one column.
 */

export interface TextPdfOptions {
  /** Page size in points (default US Letter). */
  size?: [number, number];
  /** Font size in points (default 10). */
  fontSize?: number;
  /** Margin on every side in inches (default 1). */
  marginIn?: number;
  /** Info dictionary entries (Author, Title, …). */
  info?: Record<string, string>;
}

const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** Splits text into lines of at most `width` characters at spaces. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/** A PDF whose pages hold these lines (one array per page), set top-down from the top margin. */
export function textPdf(pages: string[][], opts: TextPdfOptions = {}): Buffer {
  const [w, h] = opts.size ?? [612, 792];
  const fs = opts.fontSize ?? 10;
  const m = (opts.marginIn ?? 1) * 72;
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // object numbers start at 1
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages, filled below
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const lines of pages) {
    const ops = [`BT /F1 ${fs} Tf ${fs * 1.2} TL ${m} ${h - m - fs} Td`];
    for (const l of lines) ops.push(`(${escape(l)}) Tj T*`);
    ops.push('ET');
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let info = 0;
  if (opts.info)
    info = add(
      `<< ${Object.entries(opts.info)
        .map(([k, v]) => `/${k} (${escape(v)})`)
        .join(' ')} >>`,
    );
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${info ? ` /Info ${info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Words of a deterministic pseudo-text (seeded), for pages of body text and for duplicate tests. */
export function prose(seed: number, words: number): string {
  const vocabulary =
    'graph colouring vertex edge algorithm bound proof lemma theorem network flow matching schedule solver heuristic exact optimal approximation random instance benchmark runtime memory parallel distributed cache query index tree forest path cycle clique cut partition weight cost model data result method analysis'.split(
      ' ',
    );
  let x = seed * 2654435761 + 1;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(vocabulary[(x >>> 8) % vocabulary.length]!);
  }
  return out.join(' ');
}

/** A paper of `pages` pages of prose (about 45 lines of 90 characters each), then references if asked. */
export function paperPdf(
  seed: number,
  pages: number,
  opts: TextPdfOptions & { references?: number; firstLines?: string[] } = {},
): Buffer {
  const perPage = 45;
  const lines = [...(opts.firstLines ?? []), ...wrap(prose(seed, pages * perPage * 14), 90)];
  const out: string[][] = [];
  for (let p = 0; p < pages; p++) out.push(lines.slice(p * perPage, (p + 1) * perPage));
  for (let r = 0; r < (opts.references ?? 0); r++)
    out.push([...(r === 0 ? ['References'] : []), ...wrap(prose(seed + 1000 + r, 400), 90).slice(0, 40)]);
  return textPdf(out, opts);
}
