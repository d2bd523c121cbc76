/**
 * POST /api/chair/papers/import/registrations with xlsx files written by LibreOffice (CSV and flat ODS
 * converted by one headless soffice call): valid rows stored, refused rows reported by row number, nothing
 * written while a row is refused unless confirm=true; hostile files (formulas, dates, text amounts, huge
 * sheets, zip bombs, other formats) refused cleanly.
 */
import {
  REGISTRATION_EXTRA_MESSAGES,
  REGISTRATION_IMPORT_MESSAGES,
  REGISTRATION_MESSAGES,
  registrationMissingColumnsMessage,
} from '@symposium/domain';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { paperRegistrationIdsTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';
import { bigSheetXlsx, deflatedZip, uploadWatchingHealth } from './xlsx-files.helpers.js';

const HEADER = 'Paper ID,Registration ID,E-mail,Amount,Extra,Type';

/** A flat ODS sheet with the header and one row whose Amount (D2) is a formula. */
const formulaFods = (paperId: number, email: string) => `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet><table:table table:name="Registrations">
<table:table-row>${['Paper ID', 'Registration ID', 'E-mail', 'Amount'].map((h) => `<table:table-cell office:value-type="string"><text:p>${h}</text:p></table:table-cell>`).join('')}</table:table-row>
<table:table-row><table:table-cell office:value-type="float" office:value="${paperId}"><text:p>${paperId}</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>6601</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>${email}</text:p></table:table-cell><table:table-cell table:formula="of:=100+50" office:value-type="float" office:value="150"><text:p>150</text:p></table:table-cell></table:table-row>
</table:table></office:spreadsheet></office:body></office:document>
`;

describe('registration import', () => {
  let env: ChairEnv;
  let dir: string;
  const files: Record<string, Buffer> = {};
  let author: Awaited<ReturnType<ChairEnv['t']['user']>>;
  let co: Awaited<ReturnType<ChairEnv['t']['user']>>;
  let p1: number;
  let p2: number;
  let p3: number;
  let taken: number;

  beforeAll(async () => {
    env = await setupChair();
    author = await env.t.user({
      firstName: 'Imp',
      lastName: 'Author',
      email: `imp.${Date.now()}@uni.example`,
    });
    co = await env.t.user({ firstName: 'Imp', lastName: 'Co', email: `co.${Date.now()}@uni.example` });
    p1 = (await env.paper({ title: 'Import one' }, [author.id, co.id])).id;
    p2 = (await env.paper({ title: 'Import two' }, [co.id])).id;
    p3 = (await env.paper({ title: 'Import three' }, [author.id])).id;
    taken = (await env.paper({ title: 'Holds 6999' }, [env.alice.id])).id;
    await env.t
      .call('put', `/api/chair/papers/${taken}`, env.chair.auth, {
        registration: { author: env.alice.id, id: '6999' },
      })
      .expect(200);

    dir = mkdtempSync(join(tmpdir(), 'reg-import-'));
    const csv: Record<string, string[]> = {
      good: [
        `${p1},6001,${author.email},250,student,main`,
        `${p1},TR601-A,${co.email.toUpperCase()},120.5,,other`,
      ],
      onebad: [
        `${p2},6101,${co.email},90,,`,
        `${p3},6102,${author.email},abc,,main`, // row 3: a text amount
        `${p3},6103,${env.bob.email},10,,main`, // row 4: not an author
        `${p2},6999,${co.email},10,,other`, // row 5: another paper's number
        `${p2},6101,${co.email},10,,other`, // row 6: used by row 2
        `oops,6104,${co.email},10,,main`, // row 7: paper id not a number
        `999999,6105,${co.email},10,,main`, // row 8: no such paper
        `${p2},12,${co.email},10,,other`, // row 9: §5 rule
        `${p2},,${co.email},10,,other`, // row 10: other needs an id
        `${p2},6106,${co.email},10,,guest`, // row 11: type
      ],
      dated: [`${p3},6201,${author.email},2024-05-01,,main`],
      missing: ['Paper ID,Registration ID,Extra', `${p1},6301,x`],
    };
    const names: string[] = [];
    for (const [name, lines] of Object.entries(csv)) {
      const body = name === 'missing' ? lines : [HEADER, ...lines];
      writeFileSync(join(dir, `${name}.csv`), `${body.join('\n')}\n`);
      names.push(`${name}.csv`);
    }
    writeFileSync(join(dir, 'formula.fods'), formulaFods(p3, author.email));
    names.push('formula.fods');
    execFileSync(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--convert-to',
        'xlsx',
        '--outdir',
        join(dir, 'out'),
        ...names,
      ],
      { cwd: dir, timeout: 170_000, stdio: 'pipe' },
    );
    for (const n of ['good', 'onebad', 'dated', 'missing', 'formula'])
      files[n] = readFileSync(join(dir, 'out', `${n}.xlsx`));
    // 6,000 rows written by exceljs
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Registrations');
    ws.addRow(HEADER.split(','));
    for (let i = 0; i < 6000; i++) ws.addRow([p1, String(10000 + i), author.email, 1, '', 'other']);
    files.huge = Buffer.from(await wb.xlsx.writeBuffer());
  }, 180_000);

  afterAll(async () => {
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const upload = (
    file: Buffer,
    name = 'registrations.xlsx',
    confirm?: string,
    who = env.chair,
    prefix = 'chair',
  ) => {
    const req = env.t.call('post', `/api/${prefix}/papers/import/registrations`, who.auth);
    if (confirm !== undefined) req.field('confirm', confirm);
    return req.attach('file', file, name);
  };
  const numbersOf = async (ids: number[]) =>
    (
      await env.t.db
        .select()
        .from(paperRegistrationIdsTable)
        .where(inArray(paperRegistrationIdsTable.paperId, ids))
    )
      .map((r) => `${r.paperId}:${r.kind}:${r.registrationId}`)
      .sort();
  const isRegistered = async (userId: number) =>
    (await env.t.db.select().from(usersTable).where(eq(usersTable.id, userId)))[0]!.isRegistered;

  it('imports a LibreOffice file: main and other registrations, numbers, isRegistered, an activity entry', async () => {
    const res = await upload(files.good!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: 2, total: 2, errors: [], imported: true });
    const row = await env.row(p1);
    expect(row.registration).toEqual({ author: author.id, id: '6001', amount: 250, extra: 'student' });
    expect(row.otherRegistrations).toEqual([{ author: co.id, id: 'TR601-A', amount: 120.5, extra: '' }]);
    expect(await numbersOf([p1])).toEqual([`${p1}:main:6001`, `${p1}:other:TR601-A`]);
    expect(await isRegistered(author.id)).toBe(true);
    expect(await isRegistered(co.id)).toBe(true);
    const entries = await env.t.db
      .select()
      .from(auditLogTable)
      .where(eq(auditLogTable.action, 'import.registrations'));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(env.chair.id);
    // the same file again: the paper keeps its own numbers
    expect((await upload(files.good!)).body).toMatchObject({ valid: 2, imported: true });
  });

  it('reports every refused row and writes nothing, then imports the valid rows when confirmed', async () => {
    const before = await numbersOf([p2, p3]);
    const res = await upload(files.onebad!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: 1,
      total: 10,
      imported: false,
      errors: [
        { row: 3, message: REGISTRATION_EXTRA_MESSAGES.amount },
        { row: 4, message: REGISTRATION_IMPORT_MESSAGES.authorNotFound },
        { row: 5, message: REGISTRATION_IMPORT_MESSAGES.inUse },
        { row: 6, message: REGISTRATION_IMPORT_MESSAGES.inFile },
        { row: 7, message: REGISTRATION_IMPORT_MESSAGES.paperIdInvalid },
        { row: 8, message: REGISTRATION_IMPORT_MESSAGES.paperNotFound },
        { row: 9, message: REGISTRATION_MESSAGES.invalidId },
        { row: 10, message: REGISTRATION_MESSAGES.otherIdRequired },
        { row: 11, message: REGISTRATION_IMPORT_MESSAGES.typeInvalid },
      ],
    });
    expect(await numbersOf([p2, p3])).toEqual(before);
    expect((await env.row(p2)).registration).toBeNull();
    // confirm=false is the same as leaving it out
    expect((await upload(files.onebad!, 'r.xlsx', 'false')).body.imported).toBe(false);
    const confirmed = await upload(files.onebad!, 'r.xlsx', 'true');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ valid: 1, total: 10, imported: true });
    expect((await env.row(p2)).registration).toEqual({ author: co.id, id: '6101', amount: 90, extra: '' });
    expect((await env.row(p3)).registration).toBeNull();
    expect(await numbersOf([p2, p3])).toEqual([`${p2}:main:6101`]);
    // 6999 is still the other paper's
    expect(await numbersOf([taken])).toEqual([`${taken}:main:6999`]);
  });

  it('refuses a formula cell by its address (never its cached value) and a date cell', async () => {
    const formula = await upload(files.formula!, 'formula.xlsx', 'true');
    expect(formula.status).toBe(200);
    expect(formula.body).toEqual({
      valid: 0,
      total: 1,
      imported: false,
      errors: [{ row: 2, message: 'Cell D2 holds a formula: please type the value' }],
    });
    const dated = await upload(files.dated!, 'dated.xlsx', 'true');
    expect(dated.body).toEqual({
      valid: 0,
      total: 1,
      imported: false,
      errors: [{ row: 2, message: 'Cell D2 holds a date, not a number or text' }],
    });
    expect((await env.row(p3)).registration).toBeNull();
  });

  it('refuses a file without the required columns, naming them', async () => {
    const res = await upload(files.missing!);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(registrationMissingColumnsMessage(['E-mail', 'Amount']));
  });

  it("refuses what is not an xlsx with 'Please select a valid file'", async () => {
    const csvBytes = readFileSync(join(dir, 'good.csv'));
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const cases: [Buffer, string][] = [
      [csvBytes, 'registrations.xlsx'], // a CSV renamed
      [pdf, 'registrations.xlsx'],
      [files.good!, 'registrations.csv'], // a real xlsx under another name
      [deflatedZip({ 'word/document.xml': Buffer.from('<w/>') }), 'doc.xlsx'], // a zip, not a workbook
    ];
    for (const [file, name] of cases) {
      const res = await upload(file, name);
      expect([name, res.status, res.body.message]).toEqual([
        name,
        400,
        REGISTRATION_IMPORT_MESSAGES.invalidFile,
      ]);
    }
  });

  it('refuses huge sheets, files over 5 MB and zip bombs with 400, writing nothing', async () => {
    const huge = await upload(files.huge!);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe(REGISTRATION_IMPORT_MESSAGES.tooManyRows);
    const big = await upload(Buffer.alloc(5_200_000, 1), 'big.xlsx');
    expect(big.status).toBe(400);
    expect(big.body.message).toBe(REGISTRATION_IMPORT_MESSAGES.tooLarge);
    // declares 60 MB unpacked in about 60 KB: refused before anything is inflated
    const bomb = deflatedZip({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'xl/workbook.xml': Buffer.from('<workbook/>'),
      'xl/worksheets/sheet1.xml': Buffer.alloc(60 * 1000 * 1000, 0x41),
    });
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(bomb, 'bomb.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REGISTRATION_IMPORT_MESSAGES.unpackedTooLarge);
    // an entry declaring less than it inflates to
    const lying = deflatedZip({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'xl/workbook.xml': Buffer.alloc(2_000_000, 0x41),
    });
    lying.writeUInt32LE(1000, lying.length - 22 - (46 + 'xl/workbook.xml'.length) + 24);
    const lied = await upload(lying, 'lying.xlsx');
    expect(lied.status).toBe(400);
    expect(lied.body.message).toBe(REGISTRATION_IMPORT_MESSAGES.invalidFile);
    expect(await numbersOf([p1])).toEqual([`${p1}:main:6001`, `${p1}:other:TR601-A`]);
  });

  it('refuses a 900,000-row sheet inside every size limit at the row limit while /api/health keeps answering', async () => {
    // 44 MB of sheet XML in a 4.5 MB file: under the 5 MB upload and the 50 MB unpacked limits
    const file = bigSheetXlsx(['Paper ID', 'Registration ID', 'E-mail', 'Amount'], [p1], 900_000);
    expect(file.length).toBeLessThan(5_000_000);
    const res = await uploadWatchingHealth(
      env.t.app,
      '/api/chair/papers/import/registrations',
      env.chair.token,
      file,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REGISTRATION_IMPORT_MESSAGES.tooManyRows);
    // health requests sent once the upload was on its way were answered before the import's answer
    expect(res.healthAnsweredBefore).toBeGreaterThan(0);
    // a sheet of a million empty rows (nothing but <row> elements) is refused at the row limit too
    const empty = await uploadWatchingHealth(
      env.t.app,
      '/api/chair/papers/import/registrations',
      env.chair.token,
      bigSheetXlsx(['Paper ID', 'Registration ID', 'E-mail', 'Amount'], null, 1_000_000),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(REGISTRATION_IMPORT_MESSAGES.tooManyRows);
    expect(await numbersOf([p1])).toEqual([`${p1}:main:6001`, `${p1}:other:TR601-A`]);
  }, 300_000);

  it('accepts the header spelled Email, e-mail or with other case and spacing', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Registrations');
    ws.addRow(['paper id', ' Registration  ID ', 'Email', 'AMOUNT', 'type']);
    ws.addRow([p3, '6401', author.email, 30, 'main']);
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: 1, total: 1, errors: [], imported: true });
    expect(await numbersOf([p3])).toContain(`${p3}:main:6401`);
    // the OpenAPI document describes the expected columns of the route's multipart file
    const doc = (await env.t.http().get('/api/docs-json')).body;
    const body = doc.paths['/api/chair/papers/import/registrations'].post.requestBody;
    const schema = body.content['multipart/form-data'].schema;
    expect(schema.required).toEqual(['file']);
    expect(schema.properties.file.description).toContain('Paper ID, Registration ID, E-mail, Amount');
    expect(schema.properties.file.description).toContain('optional: Extra, Type');
  });

  it('refuses a request without a file or with unexpected fields, and is chair-only', async () => {
    const none = await env.t
      .call('post', '/api/chair/papers/import/registrations', env.chair.auth)
      .field('confirm', 'true');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(REGISTRATION_IMPORT_MESSAGES.noFile);
    const odd = await env.t
      .call('post', '/api/chair/papers/import/registrations', env.chair.auth)
      .field('confirm', 'yes')
      .attach('file', files.good!, 'r.xlsx');
    expect(odd.status).toBe(400);
    const json = await env.t
      .call('post', '/api/chair/papers/import/registrations', env.chair.auth)
      .send({ file: 'x' });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect((await upload(files.good!, 'r.xlsx', undefined, env.cochair)).status).toBe(403);
    expect((await upload(files.good!, 'r.xlsx', undefined, env.cochair, 'cochair')).status).toBe(404);
    const author = await env.t.user();
    expect((await upload(files.good!, 'r.xlsx', undefined, author)).status).toBe(403);
  });
});
