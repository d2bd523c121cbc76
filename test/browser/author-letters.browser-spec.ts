import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../support/passwords.js';
import {
  issuedDocumentsTable,
  letterSettingsTable,
} from '../../apps/api/src/modules/letters/letters.table.js';
import { paperAuthorsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { checkAccessibility } from '../support/axe.js';
import { clickSelector, signIn, waitForText } from '../support/browser.js';
import { useBrowserEnv, ABSTRACT } from '../support/browser-setup.js';
import { PNG } from 'pngjs';
import { LETTER_MESSAGES } from '@symposium/domain';
import { trackDownloads } from './letters.helpers.js';

describe('author letters in the author menu', () => {
  let dir: string;
  let enabledPaper: number;
  let closedPaper: number;
  let authorId: number;

  const env = useBrowserEnv(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'sym-author-letters-'));
      const [track] = await env.db.insert(tracksTable).values({ name: 'Networks', position: 0 }).returning();
      const [author] = await env.db
        .insert(usersTable)
        .values({
          firstName: 'Vera',
          lastName: 'Visa',
          email: 'vera@uni.example',
          alternateEmail: 'v@o.example',
          passwordHash: await hashPassword('author-pass-1'),
        })
        .returning();
      authorId = author!.id;
      const [status] = await env.db
        .insert(statusesTable)
        .values({ text: 'Accept', position: 5, isAccepted: true })
        .returning();
      const papers = await env.db
        .insert(papersTable)
        .values([
          {
            title: 'Letters enabled paper',
            abstractText: ABSTRACT,
            trackId: track!.id,
            statusId: status!.id,
            primaryAuthorId: authorId,
            acceptanceLetterEnabled: true,
            invitationLetterEnabled: true,
          },
          {
            title: 'No letters paper',
            abstractText: ABSTRACT,
            trackId: track!.id,
            statusId: status!.id,
            primaryAuthorId: authorId,
          },
        ])
        .returning();
      [enabledPaper, closedPaper] = papers.map((p) => p.id) as [number, number];
      await env.db
        .insert(paperAuthorsTable)
        .values(papers.map((p) => ({ paperId: p.id, userId: authorId, position: 0 })));
      await signIn(env, 'author', 'vera@uni.example', 'author-pass-1');
    },
    { cleanup: () => rmSync(dir, { recursive: true, force: true }) },
  );

  it('offers only the enabled letters of each paper and downloads one as a PDF issued to the author', async () => {
    const { page, baseUrl } = env;
    const downloads = await trackDownloads(page, dir);
    const card = (id: number) => `[aria-labelledby="paper-${id}"]`;
    // No signature stored yet: no button, the reason instead, and the API issues nothing unsigned.
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector(`${card(enabledPaper)} [data-unavailable=acceptance]`);
    expect(await page.$(`${card(enabledPaper)} button[data-kind]`)).toBeNull();
    expect(
      await page.$eval(`${card(enabledPaper)} [data-unavailable=acceptance]`, (e) => e.textContent),
    ).toContain(LETTER_MESSAGES.notSigned);
    const unsigned = await page.evaluate(
      (id: number) => fetch(`/api/author/papers/${id}/letters/acceptance`).then((r) => r.status),
      enabledPaper,
    );
    expect(unsigned).toBe(400);
    expect(await env.db.select().from(issuedDocumentsTable)).toHaveLength(0);
    const png = new PNG({ width: 40, height: 10 });
    png.data.fill(80);
    await env.db
      .insert(letterSettingsTable)
      .values({ id: 1, signature: PNG.sync.write(png), signatureType: 'image/png' })
      .onConflictDoUpdate({
        target: letterSettingsTable.id,
        set: { signature: PNG.sync.write(png), signatureType: 'image/png' },
      });

    await page.goto(`${baseUrl}/`);
    await waitForText(page, 'Letters enabled paper');
    await waitForText(page, 'No letters paper');
    await page.waitForSelector(`${card(enabledPaper)} [data-testid=paper-letters] [data-kind=acceptance]`);
    const offered = await page.$$eval(`${card(enabledPaper)} [data-testid=paper-letters] button`, (bs) =>
      bs.map((b) => b.getAttribute('data-kind')),
    );
    expect(offered.sort()).toEqual(['acceptance', 'invitation']);
    // The other paper's letters were asked for and none is offered.
    await page.waitForSelector(`${card(closedPaper)} [data-testid=no-letters]`);
    expect(await page.$(`${card(closedPaper)} [data-testid=paper-letters]`)).toBeNull();

    const saved = downloads.next();
    await clickSelector(page, `${card(enabledPaper)} [data-kind=acceptance]`);
    const file = await saved;
    expect(file.name).toBe(`acceptance-${enabledPaper}-Visa.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const rows = await env.db
      .select()
      .from(issuedDocumentsTable)
      .where(eq(issuedDocumentsTable.paperId, enabledPaper));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'acceptance',
      recipientUserId: authorId,
      recipientName: 'Vera Visa',
    });

    // Its public verification page (what the QR code opens) says it is valid; an unknown code says so too.
    await page.goto(`${baseUrl}/verify/${rows[0]!.code}`);
    await waitForText(page, 'this document was issued as described below');
    await page.goto(`${baseUrl}/verify/NOSUCHCODE`);
    await waitForText(page, 'No document with this code');
    await checkAccessibility(page, '/verify/NOSUCHCODE');
    await page.goto(`${baseUrl}/`);
    await waitForText(page, 'Letters enabled paper');

    // The API refuses a letter that is not enabled (what the missing button would have asked for).
    const status = await page.evaluate(
      (id: number) => fetch(`/api/author/papers/${id}/letters/certificate`).then((r) => r.status),
      enabledPaper,
    );
    expect(status).toBe(404);
  });
});
