import { CONFERENCE_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import {
  conferenceImagesTable,
  conferenceTable,
} from '../../apps/api/src/modules/conference/conference.table.js';
import { clickText, fillByLabel, signIn, waitForText, clickSelector } from '../support/browser.js';
import { useBrowserEnv, insertChair, CHAIR } from '../support/browser-setup.js';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('chair conference screens', () => {
  let dir: string;
  const env = useBrowserEnv(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'sym-conf-'));
      writeFileSync(join(dir, 'logo.png'), PNG);
      writeFileSync(join(dir, 'notes.txt'), 'not an image');
      await insertChair(env);
      await signIn(env, 'chair', CHAIR.email, CHAIR.password);
    },
    { cleanup: () => rmSync(dir, { recursive: true, force: true }) },
  );

  it('refuses to save while a required field is empty', async () => {
    await env.page.goto(`${env.baseUrl}/chair/ConferenceInformation`);
    await fillByLabel(env.page, 'Short name', 'SYM 2030');
    await fillByLabel(env.page, 'Full name', 'Symposium 2030');
    await clickText(env.page, 'Save', 'button');
    await waitForText(env.page, CONFERENCE_MESSAGES.fillAll);
    const [row] = await env.db.select().from(conferenceTable).where(eq(conferenceTable.id, 1));
    expect(row!.shortName).not.toBe('SYM 2030');
  });

  it('refuses a file that is not an image', async () => {
    const input = (await env.page.$('input[name=banner]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(join(dir, 'notes.txt'));
    await waitForText(env.page, CONFERENCE_MESSAGES.invalidFile);
  });

  it('saves every field, the author view switch and a logo with its preview', async () => {
    await fillByLabel(env.page, 'Dates', 'May 4-6, 2030');
    await fillByLabel(env.page, 'City', 'Porto');
    await fillByLabel(env.page, 'Country', 'Portugal');
    await fillByLabel(env.page, 'Hotel', 'Grand Hotel');
    await clickSelector(env.page, 'input[name=viewConferenceTrackStatus]');
    const input = (await env.page.$('input[name=logo]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(join(dir, 'logo.png'));
    await env.page.waitForSelector('[data-testid=logo-preview]');
    await clickText(env.page, 'Save', 'button');
    await waitForText(env.page, 'The conference information was successfully updated!');

    const [row] = await env.db.select().from(conferenceTable).where(eq(conferenceTable.id, 1));
    expect(row).toMatchObject({
      shortName: 'SYM 2030',
      fullName: 'Symposium 2030',
      dates: 'May 4-6, 2030',
      city: 'Porto',
      country: 'Portugal',
      hotel: 'Grand Hotel',
      authorView: { viewConferenceTrackStatus: true },
    });
    const images = await env.db.select().from(conferenceImagesTable);
    expect(images.map((i) => [i.kind, i.contentType])).toEqual([['logo', 'image/png']]);
    // The top bar shows the new short name.
    await waitForText(env.page, 'SYM 2030 — Chair console');
  });

  it('saves the publisher settings; the stored agreement is sanitized', async () => {
    await env.page.goto(`${env.baseUrl}/chair/PublisherSettings`);
    await fillByLabel(env.page, 'Copyright', '© Symposium');
    await clickSelector(env.page, 'input[name=digitalConsentSigning]');
    await fillByLabel(env.page, 'Consent button label', 'Sign now');
    await fillByLabel(
      env.page,
      'Publishing agreement (HTML)',
      '<h1>Agreement</h1><script>alert(1)</script><p>I agree.</p>',
    );
    const frame = await env.page.waitForFrame((f) => f.name() === '' && f !== env.page.mainFrame());
    await frame.waitForFunction(() => document.body?.innerText.includes('I agree.'));
    await clickText(env.page, 'Save', 'button');
    await waitForText(env.page, 'The publisher settings were successfully updated!');
    const [row] = await env.db.select().from(conferenceTable).where(eq(conferenceTable.id, 1));
    expect(row).toMatchObject({
      copyright: '© Symposium',
      digitalConsentSigning: true,
      consentButtonLabel: 'Sign now',
    });
    expect(row!.publishingAgreementHtml).toContain('<p>I agree.</p>');
    expect(row!.publishingAgreementHtml).not.toContain('script');
  });
});
