import type { TrackDto } from '@symposium/domain';
import { eq } from 'drizzle-orm';
import type { HTTPRequest } from 'puppeteer-core';
import { hashPassword } from '../support/passwords.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import {
  clickText,
  fillByLabel,
  signIn,
  waitForText,
  type BrowserEnv,
  clickSelector,
} from '../support/browser.js';
import { useBrowserEnv, accessToken, callAs } from '../support/browser-setup.js';

const CHAIR = { email: 'chair@example.org', password: 'chair-pass-1' };
const AUTHOR = {
  'First Name': 'Ana',
  'Last Name': 'Author',
  Email: 'Ana.Author@Example.org',
  Organization: 'University of Porto',
  Country: 'Portugal',
  Phone: '+351 123 456 789',
  Password: 'author-pass-1',
};

/** Calls the API as the chair (Bearer token), as the chair console would. */
async function asChair<T>(env: BrowserEnv, method: string, path: string, body?: unknown): Promise<T> {
  return callAs<T>(env, CHAIR, method, path, body);
}

/** The visible text of every track card, in page order. */
const trackCards = (env: BrowserEnv) =>
  env.page.$$eval('[data-testid=track]', (cards) => cards.map((c) => (c as HTMLElement).innerText));

describe('the author side of the tracks', () => {
  let open: TrackDto;

  const env = useBrowserEnv(async () => {
    await env.page.emulateTimezone('Asia/Tokyo');
    await env.db.insert(usersTable).values({
      firstName: 'Carla',
      lastName: 'Chair',
      email: CHAIR.email,
      alternateEmail: 'carla@other.org',
      passwordHash: await hashPassword(CHAIR.password),
      isChair: true,
    });
    open = await asChair<TrackDto>(env, 'POST', '/api/chair/tracks', {
      name: 'Software Engineering',
      subjectAreas: [{ name: 'Testing' }, { name: 'Requirements' }],
      activities: { canSubmitPaper: { status: true, deadline: '2999-05-01T12:00:00.000Z' } },
    });
    await asChair<TrackDto>(env, 'POST', '/api/chair/tracks', {
      name: 'Data Science',
      subjectAreas: [{ name: 'Machine Learning' }],
      activities: { canSubmitPaper: { status: true, deadline: '2020-01-01T00:00:00.000Z' } },
    });
  });

  it('signs an author up after the alternate e-mail is made different from the e-mail', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/SignIn`);
    await clickText(page, 'Create an account', 'a');
    // every field of the form is required: marked for the eye (*) and for assistive technology
    await page.waitForSelector('form input[name=phone]');
    const fields = await page.$$eval('form input', (inputs) =>
      inputs.map((i) => ({
        name: i.getAttribute('name'),
        ariaRequired: i.getAttribute('aria-required'),
        label: document.querySelector(`label[for="${i.id}"]`)?.textContent ?? '',
      })),
    );
    expect(fields.map((f) => f.name)).toEqual([
      'firstName',
      'lastName',
      'email',
      'alternateEmail',
      'organization',
      'country',
      'phone',
      'password',
    ]);
    for (const f of fields) {
      expect(f.ariaRequired).toBe('true');
      expect(f.label).toMatch(/\*$/);
    }
    for (const [label, value] of Object.entries(AUTHOR)) await fillByLabel(page, label, value);
    await fillByLabel(page, 'Alternate Email', 'ana.author@example.org');
    await clickText(page, 'Sign up', 'button');
    await waitForText(page, 'Please type different a email on alternate email');
    expect(page.url()).toBe(`${env.baseUrl}/SignUp`);

    await fillByLabel(page, 'Alternate Email', 'ana@home.example.org');
    await clickText(page, 'Sign up', 'button');
    await page.waitForSelector('[data-testid=current-user]');
    await waitForText(page, 'Welcome, Ana');
    expect(await page.$eval('[data-testid=current-user]', (e) => e.textContent)).toBe('Ana Author');
    const [stored] = await env.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'ana.author@example.org'));
    expect(stored).toMatchObject({ firstName: 'Ana', alternateEmail: 'ana@home.example.org' });
  });

  it('lists the tracks by position with their subject areas and hides the track status', async () => {
    const { page } = env;
    await clickText(page, 'Submit a paper', 'a');
    await page.waitForFunction(() => location.pathname === '/ChooseTrack');
    await waitForText(page, 'Machine Learning');
    const cards = await trackCards(env);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('Software Engineering');
    expect(cards[0]).toContain('Testing');
    expect(cards[0]).toContain('Requirements');
    expect(cards[1]).toContain('Data Science');
    expect(cards[1]).toContain('Machine Learning');
    expect(await page.$('[data-testid=track-status]')).toBeNull();
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Paper submission');

    await page.goto(`${env.baseUrl}/ConferenceTrackStatus`);
    await waitForText(page, 'Machine Learning');
    expect(await page.$('[data-testid=track-status]')).toBeNull();
  });

  it('offers "Submit a paper" only for the track open for submission, linking to its submission screen', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/ChooseTrack`);
    await waitForText(page, 'Machine Learning');
    const buttons = await page.$$eval('[data-testid=track] a', (links) =>
      links.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })),
    );
    expect(buttons).toEqual([{ text: 'Submit a paper', href: `/ChooseTrack/${open._id}/SubmissionLight` }]);
    const cards = await trackCards(env);
    expect(cards[1]).toContain('Submissions are closed for this track.');

    await clickText(page, 'Submit a paper', '[data-testid=track] a');
    await page.waitForFunction(
      (p: string) => location.pathname === p,
      {},
      `/ChooseTrack/${open._id}/SubmissionLight`,
    );
    await page.waitForSelector('input[maxlength="150"]'); // the submission form's title field
  });

  it('shows the track status once the chair lets authors see it, deadlines in conference time and their own', async () => {
    const { page } = env;
    const conference = await asChair<{ shortName: string; fullName: string }>(
      env,
      'GET',
      '/api/chair/conference/1',
    );
    await asChair(env, 'PUT', '/api/chair/conference/1', {
      shortName: conference.shortName,
      fullName: conference.fullName,
      dates: '1-3 May 2999',
      city: 'Porto',
      country: 'Portugal',
      authorView: { viewConferenceTrackStatus: true },
    });

    await page.goto(`${env.baseUrl}/ConferenceTrackStatus`);
    await page.waitForSelector('[data-testid=track-status]');
    const tables = await page.$$eval('[data-testid=track-status]', (ts) =>
      ts.map((t) =>
        [...t.querySelectorAll('tbody tr')].map((tr) =>
          [...tr.querySelectorAll('td')].map((td) =>
            (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
          ),
        ),
      ),
    );
    expect(tables).toHaveLength(2);
    const [seRows, dsRows] = tables;
    expect(seRows!.map((r) => r.slice(0, 3))).toEqual([
      ['Paper submission', 'Enabled', 'Open'],
      ['Paper editing', 'Disabled', 'Closed'],
      ['Camera-ready submission', 'Enabled', 'Open'],
      ['Presentation-ready submission', 'Enabled', 'Open'],
    ]);
    // The conference's zone (UTC) first, labelled; then the author's own: 12:00 UTC is 21:00 in Tokyo.
    expect(seRows![0]![3]).toMatch(
      /^\w+, 1 May 2999 at 12:00 \(UTC\) Your time: \w+, 1 May 2999 at 21:00 \(Asia\/Tokyo\)$/,
    );
    expect(seRows![1]![3]).toBe('No deadline');
    expect(dsRows![0]!.slice(0, 3)).toEqual(['Paper submission', 'Enabled', 'Closed']);
    expect(dsRows![0]![3]).toContain('1 January 2020 at 00:00 (UTC)');
  });

  it('shows the conference banner and details on the author menu', async () => {
    const { page } = env;
    // A 1×1 PNG, uploaded as the chair's ConferenceInformation screen does (multipart).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const token = await accessToken(env, CHAIR);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      shortName: 'ICSE 2999',
      fullName: 'International Conference on Software Engineering',
      dates: '1-3 May 2999',
      city: 'Porto',
      country: 'Portugal',
      hotel: 'Hotel Infante Sagres',
    }))
      form.append(k, v);
    form.append('banner', new Blob([png], { type: 'image/png' }), 'banner.png');
    const res = await fetch(`${env.baseUrl}/api/chair/conference/1`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);

    await page.goto(`${env.baseUrl}/`);
    await waitForText(page, 'International Conference on Software Engineering');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('1-3 May 2999');
    expect(text).toContain('Porto, Portugal');
    expect(text).toContain('Hotel Infante Sagres');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=conference-banner]');
      return img?.complete && img.naturalWidth === 1;
    });
    expect(await page.$eval('[data-testid=conference-banner]', (i) => i.getAttribute('alt'))).toBe(
      'ICSE 2999 banner',
    );
  });

  it('saves the notify option and says so when it cannot', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/`);
    await waitForText(page, 'E-mail me about the conference');
    await waitForText(page, 'Porto, Portugal');
    const toggle = 'input[type=checkbox]';
    const before = await page.$eval(toggle, (i) => (i as HTMLInputElement).checked);
    await clickSelector(page, toggle);
    await page.waitForFunction(
      (sel: string, want: boolean) => {
        const i = document.querySelector<HTMLInputElement>(sel);
        return i && !i.disabled && i.checked === want;
      },
      {},
      toggle,
      !before,
    );
    const [stored] = await env.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'ana.author@example.org'));
    expect(stored!.notify).toBe(!before);

    const fail = (req: HTTPRequest) => {
      if (req.isInterceptResolutionHandled()) return;
      if (req.method() === 'PUT' && req.url().endsWith('/api/author/conference/1'))
        void req.respond({ status: 500, contentType: 'application/json', body: '{}' });
      else void req.continue();
    };
    await page.setRequestInterception(true);
    page.on('request', fail);
    try {
      await clickSelector(page, toggle);
      await page.waitForSelector('[data-testid=toast]');
      expect(await page.$eval('[data-testid=toast]', (e) => e.textContent)).toContain(
        'Could not update notify option',
      );
      await page.waitForFunction(
        (sel: string) => !document.querySelector<HTMLInputElement>(sel)!.disabled,
        {},
        toggle,
      );
      expect(await page.$eval(toggle, (i) => (i as HTMLInputElement).checked)).toBe(!before);
    } finally {
      page.off('request', fail);
      await page.setRequestInterception(false);
    }
  });

  it('shows an error with "Try again" when /api/utils fails at start-up', async () => {
    const { page } = env;
    const fail = (req: HTTPRequest) => {
      if (req.isInterceptResolutionHandled()) return;
      if (req.url().endsWith('/api/utils'))
        void req.respond({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 503, code: 'unavailable', message: 'Service unavailable' }),
        });
      else void req.continue();
    };
    await page.setRequestInterception(true);
    page.on('request', fail);
    try {
      await page.goto(`${env.baseUrl}/ChooseTrack`);
      await page.waitForSelector('[data-testid=startup-error]');
      const text = await page.$eval('[data-testid=startup-error]', (e) => (e as HTMLElement).innerText);
      expect(text).toContain('The conference could not be loaded');
      expect(text).toContain('Service unavailable');
    } finally {
      page.off('request', fail);
      await page.setRequestInterception(false);
    }
    await clickText(page, 'Try again', 'button');
    await waitForText(page, 'Machine Learning');
    expect(page.url()).toBe(`${env.baseUrl}/ChooseTrack`);
  });

  it('lets a chair impersonate the author and stop, returning to the chair console', async () => {
    const { page } = env;
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    await signIn(env, 'chair', CHAIR.email, CHAIR.password);
    await page.goto(`${env.baseUrl}/chair/ImpersonateUser`);
    await fillByLabel(page, 'Email', 'ana.author@example.org');
    await clickText(page, 'Impersonate', 'button');
    await page.waitForFunction(() => location.pathname === '/');
    await waitForText(page, 'You are signed in as ana.author@example.org by impersonation.');
    expect(await page.$eval('[data-testid=current-user]', (e) => e.textContent)).toBe('Ana Author');

    await clickText(page, 'Stop impersonating', 'button');
    await page.waitForFunction(() => location.pathname === '/chair/ViewUsers');
    await page.waitForSelector('[data-testid=current-user]');
    expect(await page.$eval('[data-testid=current-user]', (e) => e.textContent)).toBe('Carla Chair');
  });

  it('shows the chair console link to chairs only', async () => {
    const { page } = env;
    await page.goto(`${env.baseUrl}/`);
    await waitForText(page, 'Welcome, Carla');
    const chairLink = await page.$$eval('header a', (as) =>
      as.filter((a) => a.textContent === 'Chair console').map((a) => a.getAttribute('href')),
    );
    expect(chairLink).toEqual(['/chair/']);

    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    await signIn(env, 'author', 'ana.author@example.org', AUTHOR.Password);
    await waitForText(page, 'Welcome, Ana');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Chair console');
  });
});
