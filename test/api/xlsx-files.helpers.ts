/**
 * Spreadsheets built byte by byte for the import tests: a ZIP of deflated entries with their real sizes, and
 * xlsx workbooks whose one sheet holds up to a million rows (written as XML, deflated at level 9: ~1,000,000
 * rows of 46 MB in under 5 MB, as a spreadsheet program writes repetitive rows), and the requests that send
 * them while /api/health is asked over and over on the same server.
 */
import type { INestApplication } from '@nestjs/common';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zip } from './papers-author.helpers.js';

/** A ZIP of deflated entries (real sizes declared in the local and central headers). */
export const deflatedZip = (entries: Record<string, Buffer>): Buffer => zip(entries, { deflate: true });

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => String.fromCharCode(65 + i);

/**
 * An xlsx whose first sheet has `header` in row 1 and `rows` copies of `row` below it (inline strings for
 * text, numbers as values); `row` null writes empty `<row>` elements (a sheet of nothing but rows).
 * The sheet comes before the workbook in the ZIP, as Excel and exceljs's streaming writer order them.
 */
export function bigSheetXlsx(header: string[], row: (string | number)[] | null, rows: number): Buffer {
  const cell = (v: string | number, ref: string) =>
    typeof v === 'number'
      ? `<c r="${ref}"><v>${v}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`;
  const line = (values: (string | number)[], n: number) =>
    `<row r="${n}">${values.map((v, i) => cell(v, `${column(i)}${n}`)).join('')}</row>`;
  const parts: string[] = [`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`];
  parts.push(line(header, 1));
  for (let n = 2; n <= rows + 1; n++) parts.push(row ? line(row, n) : `<row r="${n}"/>`);
  parts.push('</sheetData></worksheet>');
  return deflatedZip({
    '[Content_Types].xml': Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': Buffer.from(parts.join('')),
    'xl/workbook.xml': Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  });
}

/** What happened while an upload was answered: the answer, and how /api/health fared meanwhile. */
export interface UploadUnderWatch {
  status: number;
  body: { message?: string; code?: string };
  /** Health requests sent after the whole upload was handed to the socket and answered before the import. */
  healthAnsweredBefore: number;
}

/**
 * Sends `file` as the multipart field `file` (plus `fields`) with a Bearer token and, once the body is
 * written, asks GET /api/health again and again (the next when the previous answers) until the upload is
 * answered: a server whose event loop the import blocks answers none of them before the import.
 */
export async function uploadWatchingHealth(
  app: INestApplication,
  path: string,
  token: string,
  file: Buffer,
  fields: Record<string, string> = {},
): Promise<UploadUnderWatch> {
  const server = app.getHttpServer() as Server;
  if (!server.address()) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const boundary = `----watch${Date.now()}`;
  const body = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let answered = false;
  let healthAnsweredBefore = 0;
  const health = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', path: '/api/health', agent: false }, (res) => {
        res.resume();
        res.on('end', () => {
          if (!answered) healthAnsweredBefore++;
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  let watching: Promise<void> = Promise.resolve();
  const answer = await new Promise<UploadUnderWatch>((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        host: '127.0.0.1',
        path,
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          answered = true;
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
            healthAnsweredBefore: 0,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body, () => {
      watching = (async () => {
        while (!answered) await health();
      })();
    });
  });
  await watching;
  return { ...answer, healthAnsweredBefore };
}
