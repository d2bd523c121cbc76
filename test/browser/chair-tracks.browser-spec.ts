import { TRACK_MESSAGES } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import { subjectAreasTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import {
  clickText,
  fillByLabel,
  signIn,
  waitForText,
  type BrowserEnv,
  clickSelector,
} from '../support/browser.js';
import { useBrowserEnv, insertChair, CHAIR } from '../support/browser-setup.js';

/** Sets an input (e.g. datetime-local, which has no keyboard-independent typing) the way React sees it. */
async function setInputByLabel(env: BrowserEnv, label: string, value: string): Promise<void> {
  await env.page.waitForFunction(
    (l: string) =>
      [...document.querySelectorAll('label')].some((x) => x.textContent?.replace('*', '').trim() === l),
    {},
    label,
  );
  await env.page.evaluate(
    (l: string, v: string) => {
      const lab = [...document.querySelectorAll('label')].find(
        (x) => x.textContent?.replace('*', '').trim() === l,
      );
      const input = document.getElementById(lab!.getAttribute('for')!) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    label,
    value,
  );
}

describe('chair track screens', () => {
  const env = useBrowserEnv(async () => {
    await insertChair(env);
    // Deadlines are typed in the conference's time zone (UTC here), not the browser's: a New York chair
    // types 23:59 and sees their own 18:59 beside it.
    await env.page.emulateTimezone('America/New_York');
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
  });

  it('creates a track with a subject area and a deadline in conference time stored in UTC, then lists it', async () => {
    await env.page.goto(`${env.baseUrl}/chair/AddTrack/`);
    await fillByLabel(env.page, 'Track name', 'Machine Learning');
    await fillByLabel(env.page, 'New subject area', 'Neural Networks');
    await clickText(env.page, 'Add subject area', 'button');
    await fillByLabel(env.page, 'New subject area', 'Optimization');
    await clickText(env.page, 'Add subject area', 'button');
    await setInputByLabel(env, 'Paper submission deadline (UTC)', '2030-01-15T23:59');
    await waitForText(
      env.page,
      'Tuesday, 15 January 2030 at 23:59 (UTC) · your time: Tuesday, 15 January 2030 at 18:59 (America/New_York)',
    );
    await clickText(env.page, 'Create track', 'button');

    await waitForText(env.page, TRACK_MESSAGES.created);
    await env.page.waitForFunction(() => location.pathname === '/chair/EditAllTracks/');
    await waitForText(env.page, 'Machine Learning');
    await waitForText(env.page, 'Neural Networks');

    const [track] = await env.db.select().from(tracksTable).where(eq(tracksTable.name, 'Machine Learning'));
    expect(track).toBeDefined();
    expect(track!.canSubmitPaperDeadline?.toISOString()).toBe('2030-01-15T23:59:00.000Z');
    // §4/§9 new-track defaults
    expect(track!.canSubmitPaper).toBe(true);
    expect(track!.canEditPaper).toBe(false);
    expect(track!.canSubmitCameraReady).toBe(true);
    expect(track!.canSubmitPresentationReady).toBe(true);
    expect(track!.abstractLength).toBe(5000);
    expect(track!.cameraReadyFileSizeLimit).toBe(40);
    const areas = await env.db
      .select()
      .from(subjectAreasTable)
      .where(eq(subjectAreasTable.trackId, track!.id))
      .orderBy(subjectAreasTable.position);
    expect(areas.map((a) => a.name)).toEqual(['Neural Networks', 'Optimization']);
  });

  it('shows the track name rule before sending anything', async () => {
    await env.page.goto(`${env.baseUrl}/chair/AddTrack/`);
    await clickText(env.page, 'Create track', 'button');
    await waitForText(env.page, TRACK_MESSAGES.nameRequired);
    expect(env.page.url()).toContain('/chair/AddTrack/');
  });

  it('edits a track: moves a subject area up, turns editing on, and goes back with the success message', async () => {
    const [track] = await env.db.select().from(tracksTable).where(eq(tracksTable.name, 'Machine Learning'));
    await env.page.goto(`${env.baseUrl}/chair/EditTrack/${track!.id}`);
    await env.page.waitForSelector('[aria-label="Move Optimization up"]');
    await clickSelector(env.page, '[aria-label="Move Optimization up"]');
    await clickSelector(env.page, 'input[name="canEditPaper.status"]');
    await clickText(env.page, 'Save track', 'button');
    await waitForText(env.page, TRACK_MESSAGES.updated);
    await env.page.waitForFunction(() => location.pathname === '/chair/EditAllTracks/');

    const [stored] = await env.db.select().from(tracksTable).where(eq(tracksTable.id, track!.id));
    expect(stored!.canEditPaper).toBe(true);
    const areas = await env.db
      .select()
      .from(subjectAreasTable)
      .where(eq(subjectAreasTable.trackId, track!.id))
      .orderBy(subjectAreasTable.position);
    expect(areas.map((a) => a.name)).toEqual(['Optimization', 'Neural Networks']);
  });

  it('switches an activity off from the track list', async () => {
    const [track] = await env.db.select().from(tracksTable).where(eq(tracksTable.name, 'Machine Learning'));
    await env.page.goto(`${env.baseUrl}/chair/EditAllTracks/`);
    const selector = '[aria-label="Machine Learning: Camera-ready submission enabled"]';
    await env.page.waitForSelector(selector);
    await clickSelector(env.page, selector);
    await waitForText(env.page, TRACK_MESSAGES.updated);
    const [stored] = await env.db.select().from(tracksTable).where(eq(tracksTable.id, track!.id));
    expect(stored!.canSubmitCameraReady).toBe(false);
  });

  it('sorts the tracks: position = index', async () => {
    await env.db.insert(tracksTable).values({ name: 'Databases', position: 1 });
    await env.page.goto(`${env.baseUrl}/chair/SortTracks`);
    await env.page.waitForSelector('[aria-label="Move Databases up"]');
    await clickSelector(env.page, '[aria-label="Move Databases up"]');
    await clickText(env.page, 'Save order', 'button');
    await waitForText(env.page, 'The track order was successfully updated!');
    const rows = await env.db.select().from(tracksTable).orderBy(tracksTable.position);
    expect(rows.map((r) => [r.name, r.position])).toEqual([
      ['Databases', 0],
      ['Machine Learning', 1],
    ]);
  });
});
