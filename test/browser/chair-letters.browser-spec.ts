import { LETTER_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import {
  documentTemplatesTable,
  issuedDocumentsTable,
  letterSettingsTable,
} from '../../apps/api/src/modules/letters/letters.table.js';
import {
  paperAuthorsTable,
  paperRegistrationIdsTable,
  papersTable,
} from '../../apps/api/src/modules/papers/papers.table.js';
import {
  daysTable,
  eventsTable,
  roomsTable,
  sessionPapersTable,
  sessionsTable,
} from '../../apps/api/src/modules/programme/programme.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickSelector,
  clickText,
  fillByLabel,
  selectOption,
  signIn,
  waitForText,
} from '../support/browser.js';
import { useBrowserEnv, insertChair, CHAIR, ABSTRACT } from '../support/browser-setup.js';
import { qrOfFirstPage, signaturePng, trackDownloads } from './letters.helpers.js';
import { checkDialog, checkState } from './programme.helpers.js';

/** testConfig's PUBLIC_URL: the address the QR code of every document encodes. */
const PUBLIC_URL = 'http://localhost:3000';

/** The state the verification page states (data-state of its banner: valid, revoked or unknown). */
async function verifyState(page: Page, state: string): Promise<string> {
  const el = await page.waitForSelector(`[data-testid=verify-state][data-state=${state}]`);
  await el!.dispose();
  return page.evaluate(() => document.body.innerText);
}

describe('chair letters, invoices and their verification page', () => {
  let dir: string;
  let paperId: number;
  let downloads: Awaited<ReturnType<typeof trackDownloads>>;
  const docs = () =>
    env.db.select().from(issuedDocumentsTable).where(eq(issuedDocumentsTable.paperId, paperId));
  const paperRow = async () =>
    (await env.db.select().from(papersTable).where(eq(papersTable.id, paperId)))[0]!;

  async function chooseFile(selector: string, name: string, content: Buffer) {
    const path = join(dir, name);
    writeFileSync(path, content);
    const input = (await env.page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(path);
  }

  /** Answers the reason dialog (revoke or credit note) and waits until it is gone. */
  async function giveReason(reason: string) {
    await fillByLabel(env.page, 'Reason', reason);
    await clickSelector(env.page, '[data-testid=reason-confirm]');
    await env.page.waitForFunction(() => !document.querySelector('[data-testid=reason-confirm]'));
  }

  const env = useBrowserEnv(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'sym-letters-'));
      downloads = await trackDownloads(env.page, dir);
      const [track] = await env.db.insert(tracksTable).values({ name: 'Networks', position: 0 }).returning();
      await insertChair(env);
      const [vera, otto] = await env.db
        .insert(usersTable)
        .values([
          {
            firstName: 'Vera',
            lastName: 'Visa',
            email: 'vera@uni.example',
            alternateEmail: 'v@o.example',
            organization: 'University of Porto',
            country: 'Portugal',
          },
          { firstName: 'Otto', lastName: 'Other', email: 'otto@uni.example', alternateEmail: 'o@o.example' },
        ])
        .returning();
      // letters need an accepted paper, certificates a scheduled one, invoices a complete issuer
      const [status] = await env.db
        .insert(statusesTable)
        .values({ text: 'Accept', position: 5, isAccepted: true })
        .returning();
      const [paper] = await env.db
        .insert(papersTable)
        .values({
          title: 'Routing in sparse meshes',
          abstractText: ABSTRACT,
          trackId: track!.id,
          statusId: status!.id,
          primaryAuthorId: vera!.id,
          registration: { author: vera!.id, id: '1234', amount: 350, extra: 'Full registration' },
          otherRegistrations: [{ author: otto!.id, id: '1235-B', amount: 120.5, extra: 'Extra paper' }],
        })
        .returning();
      paperId = paper!.id;
      await env.db.insert(paperAuthorsTable).values([
        { paperId, userId: vera!.id, position: 0 },
        { paperId, userId: otto!.id, position: 1 },
      ]);
      await env.db.insert(paperRegistrationIdsTable).values([
        { registrationId: '1234', paperId, kind: 'main' },
        { registrationId: '1235-B', paperId, kind: 'other' },
      ]);
      const [room] = await env.db.insert(roomsTable).values({ name: 'Aula 1' }).returning();
      const [day] = await env.db
        .insert(daysTable)
        .values({ date: '2026-07-15', desk: '08:00', color: '#fff' })
        .returning();
      const [event] = await env.db
        .insert(eventsTable)
        .values({ dayId: day!.id, type: 'technical', start: '10:30', end: '12:00' })
        .returning();
      const [session] = await env.db
        .insert(sessionsTable)
        .values({ kind: 'technical', number: 1, title: 'Meshes', roomId: room!.id, eventId: event!.id })
        .returning();
      await env.db.insert(sessionPapersTable).values({ paperId, sessionId: session!.id, position: 0 });
      await env.db
        .insert(letterSettingsTable)
        .values({ id: 1, issuerName: 'Mesh Society', issuerAddress: '1 Main Street', issuerTaxId: 'PT1' })
        .onConflictDoUpdate({
          target: letterSettingsTable.id,
          set: { issuerName: 'Mesh Society', issuerAddress: '1 Main Street', issuerTaxId: 'PT1' },
        });
      await signIn(env, 'chair', CHAIR.email, CHAIR.password);
    },
    { cleanup: () => rmSync(dir, { recursive: true, force: true }) },
  );

  it('enables the acceptance letter of a paper from its row actions', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/chair/ViewPapers`);
    await clickSelector(page, `[aria-label="Actions for paper ${paperId}"]`);
    await clickText(page, 'Letters', '[role=menuitem]');
    await waitForText(page, 'Letters the authors may download');
    expect(page.url()).toBe(`${baseUrl}/chair/EditPaperDownloadLetter/${paperId}`);
    await waitForText(page, 'No document was issued yet.');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/chair/papers/${paperId}`) && r.request().method() === 'PUT',
    );
    await clickSelector(page, 'input[name=acceptanceLetterEnabled]');
    expect((await saved).status()).toBe(200);
    await page.waitForSelector('input[name=acceptanceLetterEnabled]:checked');
    await checkState(page, 'EditPaperDownloadLetter, a letter enabled');
    const row = await paperRow();
    expect(row.acceptanceLetterEnabled).toBe(true);
    expect(row.certificateEnabled).toBe(false);
    expect(row.invitationLetterEnabled).toBe(false);
  });

  it("shows the server's signature messages, then generates a letter whose QR code opens a Valid verification page", async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/chair/GenerateLetter/${paperId}`);
    await waitForText(page, 'Routing in sparse meshes');
    // No stored signature and none uploaded: the server's message.
    await clickText(page, 'Use the stored signature', 'label');
    await clickText(page, 'Generate', 'button');
    await page.waitForSelector('[data-testid=letter-error]');
    await waitForText(page, LETTER_MESSAGES.signatureRequired);
    await checkState(page, 'GenerateLetter, refused');
    // A file named .png that is not an image: refused by the server (it checks the bytes).
    await clickText(page, 'Upload a signature image', 'label');
    await chooseFile('input[name=signature]', 'fake.png', Buffer.from('not an image at all'));
    await waitForText(page, 'Chosen: fake.png');
    await clickText(page, 'Generate', 'button');
    await page.waitForFunction(
      (m: string) => document.querySelector('[data-testid=letter-error]')?.textContent === m,
      {},
      LETTER_MESSAGES.signatureInvalid,
    );
    expect(await docs()).toHaveLength(0);

    await chooseFile('input[name=signature]', 'signature.png', signaturePng());
    await waitForText(page, 'Chosen: signature.png');
    const saved = downloads.next();
    await clickText(page, 'Generate', 'button');
    const file = await saved;
    expect(file.name).toBe(`acceptance-${paperId}-Visa.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.waitForSelector('[data-testid=letter-issued]');

    const [doc] = await docs();
    expect(doc).toMatchObject({ kind: 'acceptance', recipientName: 'Vera Visa', fileName: file.name });
    expect(doc!.sha256).toBe(createHash('sha256').update(file.bytes).digest('hex'));
    await waitForText(page, doc!.code);
    await checkState(page, 'GenerateLetter, issued');

    const url = qrOfFirstPage(file.path, dir);
    expect(url).toBe(`${PUBLIC_URL}/verify/${doc!.code}`);
    await page.goto(`${baseUrl}${new URL(url!).pathname}`);
    const text = await verifyState(page, 'valid');
    expect(text).toContain('Valid');
    expect(text).toContain('Vera Visa');
    expect(text).toContain('Acceptance letter');
    expect(text).toContain('Routing in sparse meshes');
    expect(text).toContain(doc!.sha256);
  });

  it('revokes the letter on /EditPaperDownloadLetter: the verification page then says Revoked with the reason', async () => {
    const { page, baseUrl } = env;
    const [doc] = await docs();
    await page.goto(`${baseUrl}/chair/EditPaperDownloadLetter/${paperId}`);
    await page.waitForSelector(`[aria-label="Revoke ${doc!.code}"]`);
    await checkState(page, 'EditPaperDownloadLetter, an issued letter');
    await clickSelector(page, `[aria-label="Revoke ${doc!.code}"]`);
    await checkDialog(page, 'EditPaperDownloadLetter, revoke');
    // The reason is required.
    await clickSelector(page, '[data-testid=reason-confirm]');
    await waitForText(page, LETTER_MESSAGES.reasonRequired);
    await giveReason('Issued to the wrong author');
    await page.waitForFunction(
      (id: number) =>
        document.querySelector(`[data-testid=document-${id}]`)?.textContent?.includes('Revoked'),
      {},
      doc!.id,
    );
    await checkState(page, 'EditPaperDownloadLetter, a revoked letter');
    const [after] = await docs();
    expect(after!.revokedAt).not.toBeNull();
    expect(after!.revokeReason).toBe('Issued to the wrong author');

    await page.goto(`${baseUrl}/verify/${doc!.code}`);
    const text = await verifyState(page, 'revoked');
    expect(text).toContain('Revoked');
    expect(text).toContain('Issued to the wrong author');
    expect(text).toContain('Vera Visa');

    await page.goto(`${baseUrl}/verify/NOSUCHCODE`);
    expect(await verifyState(page, 'unknown')).toContain('No document with this code');
  });

  it('generates an invoice of the registrations, lists it with its number, and corrects it with a credit note', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/chair/GenerateInvoiceOrReceipt/${paperId}`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=billing-total]')?.textContent === '470.50',
    );
    await waitForText(page, '1235-B');
    const saved = downloads.next();
    await clickText(page, 'Generate', 'button');
    const file = await saved;
    expect(file.name).toMatch(new RegExp(`^invoice-${paperId}-Visa\\.pdf$`));
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const invoice = (await docs()).find((d) => d.kind === 'invoice')!;
    expect(invoice.numberLabel).toMatch(/^INV-\d{4}-0001$/);
    expect(invoice.amount).toBe('470.50');
    await page.waitForFunction(
      (id: number, label: string) =>
        document.querySelector(`[data-testid=document-${id}]`)?.textContent?.includes(label),
      {},
      invoice.id,
      invoice.numberLabel!,
    );

    await checkState(page, 'GenerateInvoiceOrReceipt, an invoice issued');
    await clickSelector(page, `[aria-label="Credit note for ${invoice.numberLabel}"]`);
    await checkDialog(page, 'GenerateInvoiceOrReceipt, credit note');
    await giveReason('Registration cancelled');
    const credit = async () => (await docs()).find((d) => d.kind === 'creditNote');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=document-rows] tr')].some((tr) =>
        tr.textContent?.startsWith('Credit note'),
      ),
    );
    const note = (await credit())!;
    expect(note.creditsId).toBe(invoice.id);
    expect(note.numberLabel).toMatch(/^CN-\d{4}-0001$/);
    await waitForText(page, note.numberLabel!);
    // Corrected once: no second credit note offered for the invoice.
    await page.waitForFunction(
      (label: string) => !document.querySelector(`[aria-label="Credit note for ${label}"]`),
      {},
      invoice.numberLabel!,
    );
    await checkState(page, 'GenerateInvoiceOrReceipt, credited');
  });

  it('stores a signature and the signer in /LetterSettings, then a letter is generated with the stored signature', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/chair/PublisherSettings`);
    await clickText(page, 'Letter and invoice settings');
    await page.waitForSelector('[data-testid=no-signature]');
    expect(page.url()).toBe(`${baseUrl}/chair/LetterSettings`);
    await checkState(page, 'LetterSettings, no signature');
    await chooseFile('input[name=storedSignature]', 'stored.png', signaturePng());
    // The preview is the stored image, served back by the API.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=signature-preview]');
      return !!img && img.complete && img.naturalWidth === 240;
    });
    await fillByLabel(page, 'Signer name', 'Carla Chair');
    await fillByLabel(page, 'Signer title', 'General chair');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/chair/letters/settings') && r.request().method() === 'PUT',
    );
    await clickText(page, 'Save', 'button');
    expect((await saved).status()).toBe(200);
    await waitForText(page, LETTER_MESSAGES.settingsSaved);
    await checkState(page, 'LetterSettings, saved with a signature');
    const [settings] = await env.db.select().from(letterSettingsTable);
    expect(settings).toMatchObject({ signerName: 'Carla Chair', signerTitle: 'General chair' });
    expect(settings!.signature?.length).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/chair/GenerateLetter/${paperId}`);
    await waitForText(page, 'Routing in sparse meshes');
    await selectOption(page, 'select[name=kind]', 'invitation');
    await clickText(page, 'Use the stored signature', 'label');
    await waitForText(page, 'A signature is stored in the letter settings.');
    const file = downloads.next();
    await clickText(page, 'Generate', 'button');
    expect((await file).name).toBe(`invitation-${paperId}-Visa.pdf`);
    await page.waitForSelector('[data-testid=letter-issued]');
  });

  it("refuses an unknown placeholder in /LetterTemplates with the server's message, saves, previews and resets", async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/chair/LetterTemplates`);
    await waitForText(page, 'The built-in template (not changed).');
    await page.waitForSelector('[data-testid="ph-recipient.name"]');
    // Billing placeholders are not offered for a letter.
    expect(await page.$('[data-testid="ph-billing.total"]')).toBeNull();
    await fillByLabel(page, 'Template (HTML)', '<p>Dear {{recipient.name}}: {{paper.titel}}</p>');
    await clickText(page, 'Save', 'button');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=template-error]')?.textContent ===
        'Unknown placeholder {{paper.titel}}',
    );
    await checkState(page, 'LetterTemplates, refused');
    expect(await env.db.select().from(documentTemplatesTable)).toHaveLength(0);

    await fillByLabel(page, 'Template (HTML)', '<p>Dear {{recipient.name}}: {{paper.title}}</p>');
    await clickText(page, 'Save', 'button');
    await waitForText(page, LETTER_MESSAGES.templateSaved);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=template-state]')?.textContent?.startsWith('Saved'),
    );
    const [stored] = await env.db.select().from(documentTemplatesTable);
    expect(stored).toMatchObject({ kind: 'acceptance' });
    expect(stored!.html).toContain('{{paper.title}}');

    const preview = page.waitForResponse((r) => r.url().endsWith('/templates/acceptance/preview'));
    await clickText(page, 'Preview', 'button');
    const res = await preview;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    await page.waitForSelector('[data-testid=pdf-preview]');
    await checkState(page, 'LetterTemplates, preview');

    await clickText(page, 'Reset to default', 'button');
    await checkDialog(page, 'LetterTemplates, reset');
    await clickSelector(page, '[data-testid=confirm-button]');
    await waitForText(page, 'The built-in template (not changed).');
    expect(await env.db.select().from(documentTemplatesTable)).toHaveLength(0);
  });

  it('issues the letters of the papers ticked on /ViewPapers as a job: progress, then the zip', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/chair/ViewPapers`);
    await clickSelector(page, `[aria-label="Select paper ${paperId}"]`);
    await page.waitForSelector('[data-testid=selected-count]');
    await clickText(page, 'Issue letters', 'button');
    await page.waitForSelector('[data-testid=selected-papers]');
    expect(page.url()).toBe(`${baseUrl}/chair/IssueDocuments?ids=${paperId}`);
    await checkState(page, 'IssueDocuments, one paper');
    await selectOption(page, 'select[name=kind]', 'certificate');
    await clickText(page, 'Start', 'button');
    await page.waitForSelector('[data-testid=batch][data-state=done]', { timeout: 60_000 });
    await waitForText(page, '1 issued, 0 failed, of 1');
    const zip = downloads.next();
    await clickText(page, 'Download zip', 'button');
    const file = await zip;
    expect(file.name).toMatch(/\.zip$/);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    const certificates = (await docs()).filter((d) => d.kind === 'certificate');
    expect(certificates).toHaveLength(1);
  });
});
