import { STATUS_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { statusesTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { clickText, fillByLabel, signIn, waitForText, clickSelector } from '../support/browser.js';
import { useBrowserEnv, insertChair, CHAIR } from '../support/browser-setup.js';

describe('chair paper status screens', () => {
  const env = useBrowserEnv(async () => {
    await insertChair(env);
    await env.db.insert(statusesTable).values({ text: 'Accept with changes', position: 2 });
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
  });

  it('marks the default status and adds a new one', async () => {
    await env.page.goto(`${env.baseUrl}/chair/EditPaperStatusSettings/`);
    await waitForText(env.page, 'Awaiting Decision');
    await waitForText(env.page, 'Default');
    await fillByLabel(env.page, 'New status', 'Reject');
    await clickText(env.page, 'Add status', 'button');
    await waitForText(env.page, 'The status was successfully created!');
    const [row] = await env.db.select().from(statusesTable).where(eq(statusesTable.text, 'Reject'));
    expect(row).toMatchObject({ isAccepted: false, isDefault: false, position: 3 });
  });

  it('renames a status and makes it an acceptance; the stored row changes', async () => {
    await env.page.goto(`${env.baseUrl}/chair/EditPaperStatusSettings/`);
    await env.page.waitForSelector('[aria-label="Edit Accept with changes"]');
    await clickSelector(env.page, '[aria-label="Edit Accept with changes"]');
    await fillByLabel(env.page, 'Status text', 'Accept with Revision');
    await clickSelector(env.page, '[role=dialog] input[name=isAccepted]');
    await clickText(env.page, 'Save status', 'button');
    await waitForText(env.page, 'The status was successfully updated!');
    await env.page.waitForSelector('[aria-label="Edit Accept with Revision"]');

    const rows = await env.db
      .select()
      .from(statusesTable)
      .where(eq(statusesTable.text, 'Accept with Revision'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isAccepted: true, position: 2 });
    expect(
      await env.db.select().from(statusesTable).where(eq(statusesTable.text, 'Accept with changes')),
    ).toEqual([]);
  });

  it('asks before deleting and shows the server message for the default status', async () => {
    await env.page.goto(`${env.baseUrl}/chair/EditPaperStatusSettings/`);
    await env.page.waitForSelector('[aria-label="Delete Awaiting Decision"]');
    await clickSelector(env.page, '[aria-label="Delete Awaiting Decision"]');
    await waitForText(env.page, 'Delete this status?');
    await clickSelector(env.page, '[data-testid=confirm-button]');
    await waitForText(env.page, STATUS_MESSAGES.defaultUndeletable);
    const [row] = await env.db.select().from(statusesTable).where(eq(statusesTable.isDefault, true));
    expect(row?.text).toBe('Awaiting Decision');
  });

  it('deletes another status after confirmation', async () => {
    await env.page.goto(`${env.baseUrl}/chair/EditPaperStatusSettings/`);
    await env.page.waitForSelector('[aria-label="Delete Reject"]');
    await clickSelector(env.page, '[aria-label="Delete Reject"]');
    await clickSelector(env.page, '[data-testid=confirm-button]');
    await waitForText(env.page, 'The status was successfully deleted!');
    expect(await env.db.select().from(statusesTable).where(eq(statusesTable.text, 'Reject'))).toEqual([]);
  });

  it('sorts the statuses: position = index + 1', async () => {
    await env.page.goto(`${env.baseUrl}/chair/SortPaperStatusSettings/`);
    await env.page.waitForSelector('[aria-label="Move Accept with Revision up"]');
    await clickSelector(env.page, '[aria-label="Move Accept with Revision up"]');
    await clickText(env.page, 'Save order', 'button');
    await waitForText(env.page, 'The status order was successfully updated!');
    const rows = await env.db.select().from(statusesTable).orderBy(statusesTable.position);
    expect(rows.map((r) => [r.text, r.position])).toEqual([
      ['Accept with Revision', 1],
      ['Awaiting Decision', 2],
    ]);
  });
});
