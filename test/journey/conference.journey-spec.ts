/**
 * The journey (issue 21): one small conference run in order through both apps by its people, on one database —
 * the chair configures it, four authors sign up and submit, reviewers are assigned by hand and automatically and
 * review; the chair opens an author response window, an author responds, the reviewers discuss (a mention, an
 * unread count, a revised review), a meta-reviewer writes the meta-review and the discussion's digests go out
 * once (issue 25); decisions are e-mailed after a preview, authors sign the consent form and send camera-ready papers,
 * registrations come from a LibreOffice spreadsheet, the programme is built, published and opened by its session
 * chair, letters and an invoice are issued and their QR codes verified, reports and reminders run. Each step
 * asserts what its person sees and what was stored; every screen passed is checked with axe at 1280 px and at
 * 390 px with no sideways scrolling (journey.support.ts). Features are tested one by one elsewhere: this test is
 * about what one feature leaves behind for the next.
 */
import { REMINDER_MESSAGES } from '@symposium/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { StartupService } from '../../apps/api/src/modules/demo/startup.service.js';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { paperConsentsTable, papersTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { outboxTable } from '../../apps/api/src/modules/outbox/outbox.table.js';
import { DiscussionDigestScheduler } from '../../apps/api/src/modules/reviews/discussion.scheduler.js';
import {
  authorResponsesTable,
  reviewRequestsTable,
  reviewRoundsTable,
  reviewsTable,
  reviewVersionsTable,
} from '../../apps/api/src/modules/reviews/reviews.table.js';
import {
  eventsTable,
  roomsTable,
  sessionsTable,
} from '../../apps/api/src/modules/programme/programme.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { reminderRulesTable } from '../../apps/api/src/modules/jobs/jobs.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { docx, pdf } from '../api/papers-author.helpers.js';
import {
  clickAndWaitForText,
  clickSelector,
  clickText,
  fillByLabel,
  selectOption,
  startBrowserEnv,
  type BrowserEnv,
} from '../support/browser.js';
import { qrOfFirstPage, signaturePng, trackDownloads } from '../browser/letters.helpers.js';
import { typeInto } from '../browser/programme.helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';
import {
  lookAt,
  mailTo,
  personPage,
  see,
  setInputByLabel,
  setTextArea,
  signInAs,
  trailOf,
  type Person,
} from './journey.support.js';
import { chooseFile, waitForStoredFile, pickOption } from '../support/browser-setup.js';

/** Whose paper is accepted: Bruno's own paper is rejected, the one he co-authors with Ana accepted. */
const DECISIONS = { ana: 'Accept', bruno: 'Reject', chen: 'Accept', dalia: 'Accept' } as const;

const CHAIR = { email: 'carla.chair@symposium.example', password: 'chair-pass-journey-1' };
const ABSTRACT_TAIL =
  ' We describe the method, measure it on public data and compare it with the best known approaches.';

interface AuthorPlan {
  key: 'ana' | 'bruno' | 'chen' | 'dalia';
  first: string;
  last: string;
  email: string;
  organization: string;
  track: 'Systems' | 'Theory';
  area: string;
  title: string;
  coAuthor?: AuthorPlan['key'];
}

const AUTHORS: AuthorPlan[] = [
  {
    key: 'bruno',
    first: 'Bruno',
    last: 'Costa',
    email: 'bruno.costa@lisbon-uni.example',
    organization: 'University of Lisbon',
    track: 'Systems',
    area: 'Storage',
    title: 'Log-structured storage for small devices',
  },
  {
    key: 'ana',
    first: 'Ana',
    last: 'Silva',
    email: 'ana.silva@porto-uni.example',
    organization: 'University of Porto',
    track: 'Systems',
    area: 'Networks',
    title: 'Congestion control for campus networks',
    coAuthor: 'bruno',
  },
  {
    key: 'chen',
    first: 'Chen',
    last: 'Wei',
    email: 'chen.wei@delft-uni.example',
    organization: 'Delft University',
    track: 'Theory',
    area: 'Algorithms',
    title: 'Faster matching in bipartite graphs',
  },
  {
    key: 'dalia',
    first: 'Dalia',
    last: 'Haddad',
    email: 'dalia.haddad@beirut-uni.example',
    organization: 'American University of Beirut',
    track: 'Theory',
    area: 'Algorithms',
    title: 'Approximate counting of graph colourings',
  },
];

interface ReviewerPlan {
  key: string;
  first: string;
  last: string;
  email: string;
  org: string;
}

const REVIEWERS = [
  {
    key: 'rita',
    first: 'Rita',
    last: 'Rossi',
    email: 'rita.rossi@milan-inst.example',
    org: 'Milan Institute',
  },
  {
    key: 'sam',
    first: 'Sam',
    last: 'Okafor',
    email: 'sam.okafor@lagos-inst.example',
    org: 'Lagos Institute',
  },
  {
    key: 'vic',
    first: 'Vic',
    last: 'Novak',
    email: 'vic.novak@prague-inst.example',
    org: 'Prague Institute',
  },
] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Ana's author response: 14 words, with the Markdown subset's strong text. */
const RESPONSE = 'We thank the reviewers. We added the **public traces** of 2030 to the evaluation.';
const META_COMMITTEE = 'The discussion converged: the response answers the question on data. Accept.';
const META_REVIEWER: ReviewerPlan = {
  key: 'mia',
  first: 'Mia',
  last: 'Moreau',
  email: 'mia.moreau@coimbra-inst.example',
  org: 'Coimbra Institute',
};

/** A time as the conference's wall clock (Europe/Lisbon) in a datetime-local input's form. */
const lisbonInput = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Lisbon',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(ms))
    .replace(' ', 'T');

/** Where a failed step leaves a screenshot of every person's page (JOURNEY_SHOTS, default the temp folder). */
let shotsOf: (() => Page[]) | undefined;
async function screenshots(step: string): Promise<void> {
  const dir = process.env.JOURNEY_SHOTS ?? join(tmpdir(), 'journey-failure');
  mkdirSync(dir, { recursive: true });
  const pages = shotsOf?.() ?? [];
  await Promise.all(
    pages.map((p, i) =>
      p
        .screenshot({
          path: join(dir, `${step.slice(0, 40).replace(/\W+/g, '-')}-${i}.png`) as `${string}.png`,
        })
        .catch(() => undefined),
    ),
  );
  console.log(
    `journey: step failed, screenshots of ${pages.length} pages in ${dir}\n` +
      pages.map((p, i) => `page ${i} at ${p.url()}:\n  ${trailOf(p).join('\n  ')}`).join('\n'),
  );
}

/**
 * Each step builds on the ones before it: once one fails, the later ones fail at once with that reason instead
 * of timing out on screens that cannot show what they wait for.
 */
let failedStep: string | undefined;
function step(name: string, run: () => Promise<void>): void {
  it(
    name,
    async () => {
      if (failedStep) throw new Error(`not run: the earlier step "${failedStep}" failed`);
      try {
        await run();
      } catch (e) {
        failedStep = name;
        await screenshots(name);
        throw e;
      }
    },
    600_000,
  );
}

/** Waits until `check` answers true (a stored row written by a request the page sent), for at most 60 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not true after 60 s: ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a whole conference, in order, by its people', () => {
  let env: BrowserEnv;
  let smtp: TestSmtpServer;
  let dir: string;
  let chair: Person;
  const authors = {} as Record<AuthorPlan['key'], Person & { id: number; paperId?: number }>;
  const reviewers = {} as Record<(typeof REVIEWERS)[number]['key'], Person & { id: number }>;
  const trackIds = { Systems: 0, Theory: 0 };

  const paperOf = (key: AuthorPlan['key']) => authors[key].paperId!;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    env = await startBrowserEnv({
      chairEmail: CHAIR.email,
      chairPassword: CHAIR.password,
      runJobs: true,
      smtp: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        from: 'Symposium <noreply@symposium.example>',
      },
    });
    // As main.ts does at start: the first chair from CHAIR_EMAIL / CHAIR_PASSWORD on the empty database.
    await env.app.get(StartupService).prepare(false);
    shotsOf = () =>
      [chair, ...Object.values(authors), ...Object.values(reviewers)].filter(Boolean).map((p) => p.page);
    dir = mkdtempSync(join(tmpdir(), 'sym-journey-'));
    for (const a of AUTHORS) writeFileSync(join(dir, `${a.key}.pdf`), pdf(a.title));
  }, 120_000);
  afterAll(async () => {
    await env?.close();
    await smtp?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  step(
    'the chair configures the conference: information, time zone, consent signing, two tracks',
    async () => {
      chair = await signInAs(env, 'chair', CHAIR.email, CHAIR.password);
      const { page } = chair;
      await page.goto(`${env.baseUrl}/chair/ConferenceInformation`);
      await fillByLabel(page, 'Short name', 'SYMP 2031');
      await fillByLabel(page, 'Full name', 'Symposium on Systems and Theory 2031');
      await fillByLabel(page, 'Dates', 'June 9-11, 2031');
      await fillByLabel(page, 'City', 'Lisbon');
      await fillByLabel(page, 'Country', 'Portugal');
      await fillByLabel(page, 'Time zone', 'Europe/Lisbon');
      await lookAt(page);
      await clickText(page, 'Save', 'button');
      await see(page, 'The conference information was successfully updated!');

      await page.goto(`${env.baseUrl}/chair/PublisherSettings`);
      await fillByLabel(page, 'Copyright', '© Symposium 2031');
      await clickSelector(page, 'input[name=digitalConsentSigning]');
      await fillByLabel(
        page,
        'Publishing agreement (HTML)',
        '<h1>Publishing agreement</h1><p>The authors grant the conference the right to publish the paper.</p>',
      );
      await lookAt(page);
      await clickText(page, 'Save', 'button');
      await see(page, 'The publisher settings were successfully updated!');

      const tracks = [
        { name: 'Systems', areas: ['Networks', 'Storage'] },
        { name: 'Theory', areas: ['Algorithms'] },
      ] as const;
      for (const t of tracks) {
        await page.goto(`${env.baseUrl}/chair/AddTrack/`);
        await fillByLabel(page, 'Track name', t.name);
        for (const area of t.areas) {
          await fillByLabel(page, 'New subject area', area);
          await clickText(page, 'Add subject area', 'button');
        }
        await setInputByLabel(page, 'Paper submission deadline (Europe/Lisbon)', '2031-07-15T23:59');
        await lookAt(page);
        await clickText(page, 'Create track', 'button');
        await see(page, 'Track successfully created!');
        await page.waitForFunction(() => location.pathname === '/chair/EditAllTracks/');
      }
      await see(page, 'Theory');

      const [conference] = await env.db.select().from(conferenceTable);
      expect(conference).toMatchObject({
        shortName: 'SYMP 2031',
        timeZone: 'Europe/Lisbon',
        digitalConsentSigning: true,
      });
      for (const t of await env.db.select().from(tracksTable)) {
        trackIds[t.name as 'Systems' | 'Theory'] = t.id;
        expect(t.canSubmitPaper).toBe(true);
        // 23:59 in Lisbon in July (summer time, UTC+1) is 22:59 UTC.
        expect(t.canSubmitPaperDeadline?.toISOString()).toBe('2031-07-15T22:59:00.000Z');
      }
      expect(trackIds.Systems).toBeGreaterThan(0);
      expect(trackIds.Theory).toBeGreaterThan(0);
    },
  );

  step('four authors sign up and submit their papers, one with a co-author', async () => {
    for (const a of AUTHORS) {
      const own = await personPage(env);
      const { page } = own;
      await page.goto(`${env.baseUrl}/SignIn`);
      await clickText(page, 'Create an account', 'a');
      const fields: [string, string][] = [
        ['First Name', a.first],
        ['Last Name', a.last],
        ['Email', a.email],
        ['Alternate Email', `${a.key}@${a.key}-home.example`],
        ['Organization', a.organization],
        ['Country', 'Portugal'],
        ['Phone', '+351 210 000 000'],
        ['Password', `${a.key}-pass-journey-1`],
      ];
      for (const [label, value] of fields) await fillByLabel(page, label, value);
      await lookAt(page);
      await clickText(page, 'Sign up', 'button');
      await page.waitForSelector('[data-testid=current-user]');
      await see(page, `Welcome, ${a.first}`);
      const [user] = await env.db.select().from(usersTable).where(eq(usersTable.email, a.email));
      authors[a.key] = { ...own, email: a.email, password: `${a.key}-pass-journey-1`, id: user!.id };

      await page.goto(`${env.baseUrl}/ChooseTrack/${trackIds[a.track]}/SubmissionLight`);
      await fillByLabel(page, 'Title', a.title);
      await fillByLabel(page, 'Abstract', `${a.title}.${ABSTRACT_TAIL}`);
      await pickOption(page, 'Subject area', a.area);
      if (a.coAuthor) {
        const co = AUTHORS.find((x) => x.key === a.coAuthor)!;
        await fillByLabel(page, 'Co-author e-mail', co.email);
        await clickText(page, 'Add co-author', 'button');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=author]').length === 2);
      }
      await chooseFile(page, 'paper-files', join(dir, `${a.key}.pdf`));
      await see(page, `${a.key}.pdf`);
      await clickText(page, 'Submit paper', 'button');
      await page.waitForFunction(() => location.pathname.startsWith('/ConfirmationEmail/'));
      authors[a.key].paperId = Number((await page.evaluate(() => location.pathname)).split('/').pop());
      await lookAt(page);
    }
    const papers = await env.db.select().from(papersTable);
    expect(papers.map((p) => p.title).sort()).toEqual(AUTHORS.map((a) => a.title).sort());
    // Bruno sees Ana's paper, where he is a co-author, beside his own.
    const { page } = authors.bruno;
    await page.goto(`${env.baseUrl}/`);
    await see(page, 'Congestion control for campus networks');
    await see(page, 'Log-structured storage for small devices');
  });

  /**
   * The chair registers a person (their password comes by e-mail) and makes them a reviewer of both tracks;
   * a page of their own, not signed in yet.
   */
  async function registerReviewer(r: ReviewerPlan): Promise<Person & { id: number }> {
    const { page } = chair;
    await page.goto(`${env.baseUrl}/chair/RegisterUser`);
    await fillByLabel(page, 'First Name', r.first);
    await fillByLabel(page, 'Last Name', r.last);
    await fillByLabel(page, 'Email', r.email);
    await fillByLabel(page, 'Alternate Email', `${r.key}@${r.key}-home.example`);
    await fillByLabel(page, 'Organization', r.org);
    await fillByLabel(page, 'Country', 'Italy');
    await fillByLabel(page, 'Phone', '+39 02 000 000');
    await lookAt(page);
    await clickText(page, 'Register', 'button');
    await page.waitForFunction(() => location.pathname === '/chair/ViewUsers');
    const mail = await mailTo(smtp, r.email, /account/i);
    const password = /Password: (\S+)/.exec(mail.parsed.text ?? '')?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    const [row] = await env.db.select().from(usersTable).where(eq(usersTable.email, r.email));

    await page.goto(`${env.baseUrl}/chair/ManageRoles/${row!.id}/reviewers/add`);
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('input[name=selector][value=Reviewers]')?.checked === true,
    );
    await see(page, r.email);
    await clickText(page, 'Systems', 'label');
    await clickText(page, 'Theory', 'label');
    // The screen reloads 1.5 s after the confirmation (§4): both waits start before the click, and the next
    // address is opened only after the reload (a reload due while a goto runs would cancel that goto).
    const reloaded = page.waitForNavigation();
    await clickAndWaitForText(page, 'Save roles', "This user's roles have been updated!", 'button');
    await reloaded;
    const [stored] = await env.db.select().from(usersTable).where(eq(usersTable.id, row!.id));
    expect(stored!.reviewerTracks!.sort()).toEqual([trackIds.Systems, trackIds.Theory].sort());
    return { ...(await personPage(env)), email: r.email, password: password!, id: row!.id };
  }

  /** A reviewer signs in with the password the registration e-mail gave them. */
  async function signInReviewer(r: Person): Promise<void> {
    const { page } = r;
    await page.goto(`${env.baseUrl}/SignIn`);
    await fillByLabel(page, 'Email', r.email);
    await fillByLabel(page, 'Password', r.password);
    await clickText(page, 'Sign in', 'button');
    await see(page, 'Reviewer console');
  }

  step(
    'the chair registers three reviewers, who get their passwords by e-mail, and gives them both tracks',
    async () => {
      for (const r of REVIEWERS) reviewers[r.key] = await registerReviewer(r);
    },
  );

  step('the chair assigns a reviewer by hand, then the rest automatically', async () => {
    const { page } = chair;
    await page.goto(`${env.baseUrl}/chair/AssignReviewersManual`);
    await selectOption(page, 'select[name=track]', String(trackIds.Systems));
    await lookAt(page);
    await clickText(page, 'Next', 'button');
    await clickSelector(page, `[aria-label="Select paper ${paperOf('ana')}"]`);
    await clickText(page, 'Next', 'button');
    await clickSelector(page, `[aria-label="Assign Rita Rossi to paper ${paperOf('ana')}"]`);
    await clickText(page, 'Next', 'button');
    await see(page, '1 review request will be saved');
    await clickText(page, 'Save review requests', 'button');
    await page.waitForSelector('[data-testid=assign-result]');
    expect(await page.$eval('[data-testid=assign-result]', (el) => el.textContent)).toBe(
      '1 of 1 review requests saved successfully.',
    );

    for (const track of ['Systems', 'Theory'] as const) {
      await page.goto(`${env.baseUrl}/chair/AssignReviewersAuto`);
      await selectOption(page, 'select[name=track]', String(trackIds[track]));
      await clickText(page, 'Compute proposal', 'button');
      await page.waitForSelector('[data-testid=proposal-count]');
      await lookAt(page);
      await clickText(page, 'Apply proposal', 'button');
      await page.waitForSelector('[data-testid=apply-result]');
      expect(await page.$eval('[data-testid=apply-result]', (el) => el.textContent)).toMatch(
        /^(\d+) of \1 review requests saved successfully\.$/,
      );
    }
    // Three reviewers, three reviews per paper at most: every paper has all three.
    const requests = await env.db.select().from(reviewRequestsTable);
    for (const a of AUTHORS) {
      expect(
        requests
          .filter((r) => r.paperId === paperOf(a.key))
          .map((r) => r.reviewerId)
          .sort(),
      ).toEqual(
        Object.values(reviewers)
          .map((r) => r.id)
          .sort(),
      );
    }
  });

  step(
    'each reviewer signs in with the e-mailed password, accepts the requests and reviews every paper',
    async () => {
      const verdicts: Record<AuthorPlan['key'], string> = { ana: '1', bruno: '0', chen: '2', dalia: '1' };
      for (const r of Object.values(reviewers)) {
        const { page } = r;
        await signInReviewer(r);
        const requests = await env.db
          .select()
          .from(reviewRequestsTable)
          .where(eq(reviewRequestsTable.reviewerId, r.id));
        expect(requests).toHaveLength(4);
        for (const request of requests) {
          const row = `[data-testid=request][data-request="${request.id}"]`;
          await clickText(page, 'Accept', `${row} button`);
          await page.waitForFunction(
            (s: string) => document.querySelector<HTMLElement>(s)?.innerText.includes('Accepted') ?? false,
            {},
            row,
          );
          await clickText(page, 'Review paper', `${row} button, ${row} a`);
          await see(page, 'Your review');
          const key = AUTHORS.find((a) => paperOf(a.key) === request.paperId)!.key;
          await selectOption(page, '#review-quality', '7');
          await selectOption(page, '#review-contribution', '6');
          await selectOption(page, '#review-originality', '8');
          await selectOption(page, '#review-final', verdicts[key]);
          await setTextArea(page, 'Comments to the authors', `Clear paper; ${r.email} suggests more data.`);
          await setTextArea(page, 'Comments to the track chair', 'Solid work.');
          await clickText(page, 'Submit review', 'button');
          await page.waitForSelector('[data-testid=decision]');
          await page.goto(`${env.baseUrl}/`);
          await see(page, 'Reviewer console');
        }
      }
      const reviews = await env.db.select().from(reviewsTable).where(eq(reviewsTable.draft, false));
      expect(reviews).toHaveLength(12);
      const done = await env.db
        .select()
        .from(reviewRequestsTable)
        .where(and(eq(reviewRequestsTable.reviewed, true)));
      expect(done).toHaveLength(12);
    },
  );

  step('the chair sets up the statuses: Accept (an accepted status) and Reject', async () => {
    const { page } = chair;
    await page.goto(`${env.baseUrl}/chair/EditPaperStatusSettings/`);
    await see(page, 'Awaiting Decision');
    for (const text of ['Accept', 'Reject']) {
      await fillByLabel(page, 'New status', text);
      await clickText(page, 'Add status', 'button');
      await see(page, 'The status was successfully created!');
      await page.waitForSelector(`[aria-label="Edit ${text}"]`);
    }
    await clickSelector(page, '[aria-label="Edit Accept"]');
    await clickSelector(page, '[role=dialog] input[name=isAccepted]');
    await lookAt(page);
    await clickText(page, 'Save status', 'button');
    await see(page, 'The status was successfully updated!');
    const statuses = await env.db.select().from(statusesTable);
    expect(statuses.find((x) => x.text === 'Accept')!.isAccepted).toBe(true);
  });

  step(
    'the chair opens the author response window of the Systems track: 200 words, from an hour ago for a week',
    async () => {
      const { page } = chair;
      await page.goto(`${env.baseUrl}/chair/EditTrack/${trackIds.Systems}`);
      await page.waitForSelector('[data-testid=round-1]');
      await clickSelector(page, '[aria-label="Edit R1"]');
      await page.waitForSelector('[role=dialog]');
      // the window is entered as wall-clock times of the conference's zone, like every deadline
      await setInputByLabel(page, 'Response opens (Europe/Lisbon)', lisbonInput(Date.now() - HOUR));
      await setInputByLabel(page, 'Response closes (Europe/Lisbon)', lisbonInput(Date.now() + 7 * DAY));
      await fillByLabel(page, 'Response limit', '200');
      await lookAt(page);
      await clickText(page, 'Save round', 'button');
      await page.waitForFunction(
        () => document.querySelector('[data-testid=round-1]')?.textContent?.includes('200 words') ?? false,
      );
      await lookAt(page);
      const [r1] = await env.db
        .select()
        .from(reviewRoundsTable)
        .where(and(eq(reviewRoundsTable.trackId, trackIds.Systems), eq(reviewRoundsTable.number, 1)));
      expect(r1).toMatchObject({ responseLimit: 200, responseLimitUnit: 'words' });
      expect(r1!.responseOpensAt!.getTime()).toBeLessThan(Date.now());
      expect(r1!.responseClosesAt!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    },
  );

  step(
    "Ana answers the reviews of her paper: the reviews' comments to the authors beside a live word counter",
    async () => {
      const { page } = authors.ana;
      const paper = paperOf('ana');
      await page.goto(`${env.baseUrl}/ViewPaper/${paper}`);
      await page.waitForSelector('[data-testid=response-links]');
      await lookAt(page);
      await clickText(page, 'Write the response', 'a');
      await page.waitForFunction((p: number) => location.pathname === `/PaperResponse/${p}/1`, {}, paper);
      await see(page, 'Author response · R1');
      await see(page, 'suggests more data');
      const shown = await page.evaluate(() => document.body.innerText);
      // the comments to the track chair and the reviewers' names stay with the committee
      expect(shown).not.toContain('Solid work.');
      for (const r of REVIEWERS) expect(shown).not.toContain(r.last);
      await page.waitForFunction(
        () => document.querySelector('[data-testid=response-counter]')?.textContent === '0 / 200 words',
      );
      await setTextArea(page, 'Response', RESPONSE);
      await page.waitForFunction(
        () => document.querySelector('[data-testid=response-counter]')?.textContent === '14 / 200 words',
      );
      await lookAt(page);
      await clickText(page, 'Submit', 'button');
      await see(page, 'Response submitted');
      const [row] = await env.db
        .select()
        .from(authorResponsesTable)
        .where(eq(authorResponsesTable.paperId, paper));
      expect(row).toMatchObject({ round: 1, text: RESPONSE, submitted: true });
    },
  );

  step(
    'the reviewers discuss: Rita reads the response and mentions Sam, who revises his review; Rita sees the change',
    async () => {
      const paper = paperOf('ana');
      // reviewers see each other as "Reviewer N", by the order of their requests on the paper
      const order = (
        await env.db
          .select()
          .from(reviewRequestsTable)
          .where(eq(reviewRequestsTable.paperId, paper))
          .orderBy(reviewRequestsTable.id)
      ).map((r) => r.reviewerId);
      const samAlias = `Reviewer${order.indexOf(reviewers.sam.id) + 1}`;
      const rita = reviewers.rita.page;
      await rita.goto(`${env.baseUrl}/ViewPaperReview/${paper}`);
      await rita.waitForSelector('[data-testid=author-responses] [data-testid=response-text] strong');
      await see(rita, 'public traces');
      await rita.waitForSelector('[data-testid=comment-text]');
      await lookAt(rita);
      await (await rita.$('[data-testid=comment-text]'))!.click();
      await rita.keyboard.sendCharacter(`@${samAlias} does the response settle the question on data?`);
      const before = smtp.messages.length;
      await clickText(rita, 'Post comment', 'button');
      await rita.waitForFunction(
        () =>
          document
            .querySelector<HTMLElement>('[data-testid=comments]')
            ?.innerText.includes('does the response settle the question on data?') ?? false,
      );
      const mention = await mailTo(
        smtp,
        reviewers.sam.email,
        /^You were mentioned in the discussion/,
        before,
      );
      expect(mention.parsed.text).toContain('does the response settle the question on data?');

      // Sam's console counts the new comment; reading it clears the count
      const sam = reviewers.sam.page;
      const [samRequest] = await env.db
        .select()
        .from(reviewRequestsTable)
        .where(
          and(eq(reviewRequestsTable.paperId, paper), eq(reviewRequestsTable.reviewerId, reviewers.sam.id)),
        );
      const row = `[data-testid=request][data-request="${samRequest!.id}"]`;
      await sam.goto(`${env.baseUrl}/`);
      await sam.waitForSelector(`${row} [data-testid=discussion-unread]`);
      await lookAt(sam);
      await clickSelector(sam, `${row} [data-testid=discussion-link]`);
      await see(sam, 'does the response settle the question on data?');
      await sam.goto(`${env.baseUrl}/`);
      await sam.waitForSelector(`${row} [data-testid=discussion-link]`);
      expect(await sam.$(`${row} [data-testid=discussion-unread]`)).toBeNull();

      // Sam revises his submitted review: the final recommendation from 1 to 2
      await sam.goto(`${env.baseUrl}/ReviewPaper/${paper}`);
      await clickText(sam, 'Revise review', 'button');
      await sam.waitForSelector('[data-testid=revise-info]');
      await lookAt(sam);
      await selectOption(sam, '#review-final', '2');
      await clickText(sam, 'Submit revised review', 'button');
      await sam.waitForFunction((p: number) => location.pathname === `/ViewPaperReview/${p}`, {}, paper);
      await until(
        async () =>
          (await env.db.select().from(reviewVersionsTable).where(eq(reviewVersionsTable.paperId, paper)))
            .length === 4,
      );
      // Rita sees that Sam's review changed, and what
      await rita.goto(`${env.baseUrl}/ViewPaperReview/${paper}`);
      await rita.waitForSelector('[data-testid=revised]');
      await lookAt(rita);
    },
  );

  step(
    "a meta-reviewer writes the meta-review of Ana's paper; the chair reads it beside the scores",
    async () => {
      const paper = paperOf('ana');
      const mia = await registerReviewer(META_REVIEWER);
      const { page } = chair;
      await page.goto(`${env.baseUrl}/chair/AssignReviewersManual`);
      await selectOption(page, 'select[name=track]', String(trackIds.Systems));
      await pickOption(page, 'Role', 'Meta-reviewer');
      await clickText(page, 'Next', 'button');
      await clickSelector(page, `[aria-label="Select paper ${paper}"]`);
      await clickText(page, 'Next', 'button');
      await clickSelector(page, `[aria-label="Assign Mia Moreau to paper ${paper}"]`);
      await clickText(page, 'Next', 'button');
      await clickText(page, 'Save review requests', 'button');
      await page.waitForSelector('[data-testid=assign-result]');
      expect(await page.$eval('[data-testid=assign-result]', (el) => el.textContent)).toBe(
        '1 of 1 review requests saved successfully.',
      );
      const [metaRequest] = await env.db
        .select()
        .from(reviewRequestsTable)
        .where(eq(reviewRequestsTable.reviewerId, mia.id));
      expect(metaRequest).toMatchObject({ paperId: paper, role: 'meta', round: 1 });

      await signInReviewer(mia);
      const row = `[data-testid=request][data-request="${metaRequest!.id}"]`;
      await clickText(mia.page, 'Accept', `${row} button`);
      await clickText(mia.page, 'Meta-review', `${row} a`);
      await see(mia.page, 'Reviews and scores');
      await lookAt(mia.page);
      await pickOption(mia.page, 'Recommendation', 'Accept');
      await fillByLabel(mia.page, 'Text to the committee', META_COMMITTEE);
      await fillByLabel(mia.page, 'Text to the authors (optional)', 'The response answered the reviewers.');
      await clickText(mia.page, 'Submit', 'button');
      await mia.page.waitForSelector('[data-testid=meta-submitted]');
      await lookAt(mia.page);
      const [request] = await env.db
        .select()
        .from(reviewRequestsTable)
        .where(eq(reviewRequestsTable.id, metaRequest!.id));
      expect(request!.reviewed).toBe(true);

      await page.goto(`${env.baseUrl}/chair/PaperDecisionMaking`);
      await page.waitForFunction(
        (id: number, t: string) =>
          document.querySelector<HTMLElement>(`[data-testid=meta-${id}]`)?.innerText.includes(t) ?? false,
        {},
        paper,
        META_COMMITTEE.slice(0, 30),
      );
      await page.goto(`${env.baseUrl}/chair/ViewDiscussions`);
      await page.waitForSelector(`[data-testid=discussion-row][data-paper="${paper}"]`);
      await lookAt(page);

      // The hourly digests of this discussion go out now (a scheduler tick), once per participant and never
      // to the authors, so that no digest lands among the e-mails the next steps count.
      await env.app.get(DiscussionDigestScheduler).tick();
      await until(async () => {
        const waiting = await env.db
          .select()
          .from(outboxTable)
          .where(inArray(outboxTable.state, ['pending', 'sending']));
        return waiting.length === 0;
      });
      const digests = smtp.messages.filter((m) => /new discussion comment/.test(m.parsed.subject ?? ''));
      const to = digests.flatMap((m) => m.envelope.to);
      expect(new Set(to).size).toBe(to.length);
      expect(to).toEqual(expect.arrayContaining([reviewers.sam.email, reviewers.vic.email, CHAIR.email]));
      for (const a of AUTHORS) expect(to).not.toContain(a.email);
    },
  );

  step('the chair decides every paper and e-mails the decisions after a preview', async () => {
    const { page } = chair;
    const statuses = await env.db.select().from(statusesTable);
    const statusId = (text: string) => statuses.find((x) => x.text === text)!.id;
    await page.goto(`${env.baseUrl}/chair/PaperDecisionMaking`);
    await page.waitForSelector(`[data-testid=score-average-${paperOf('ana')}]`);
    await lookAt(page);
    // Every paper has three reviews: the average of the final recommendations is the verdict given.
    expect(await page.$eval(`[data-testid=score-average-${paperOf('chen')}]`, (e) => e.textContent)).toBe(
      '2.00',
    );
    // One decision for the three accepted papers, confirmed once; then Bruno's alone.
    for (const decision of ['Accept', 'Reject'] as const) {
      const keys = AUTHORS.filter((a) => DECISIONS[a.key] === decision).map((a) => a.key);
      for (const key of keys) await clickSelector(page, `[aria-label="Select paper ${paperOf(key)}"]`);
      await see(page, `${keys.length} selected`);
      await selectOption(page, 'select[name=decision]', String(statusId(decision)));
      await clickText(page, `Decide ${keys.length} paper${keys.length === 1 ? '' : 's'}`, 'button');
      await see(page, `${AUTHORS.find((a) => a.key === keys[0])!.title}: Awaiting Decision → ${decision}`);
      await clickSelector(page, '[data-testid=confirm-button]');
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
      await until(async () => {
        const rows = await env.db.select().from(papersTable);
        return keys.every((k) => rows.find((r) => r.id === paperOf(k))!.statusId === statusId(decision));
      });
    }
    for (const a of AUTHORS) {
      const [row] = await env.db
        .select()
        .from(papersTable)
        .where(eq(papersTable.id, paperOf(a.key)));
      expect([a.key, row!.statusId]).toEqual([a.key, statusId(DECISIONS[a.key])]);
    }

    await page.goto(`${env.baseUrl}/chair/EmailTemplate/`);
    await clickText(page, 'Add template', 'button');
    await fillByLabel(page, 'Subject', 'Decision on {{paper.title}}');
    await fillByLabel(
      page,
      'Text',
      'Dear {{recipient.firstName}}, the decision on "{{paper.title}}" is: {{paper.status}}.',
    );
    await lookAt(page);
    await clickText(page, 'Save', 'button');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=template-rows]')?.textContent?.includes('Decision on'),
    );

    await page.goto(`${env.baseUrl}/chair/ViewPapers`);
    for (const a of AUTHORS) await clickSelector(page, `input[aria-label="Select paper ${paperOf(a.key)}"]`);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=selected-count]')?.textContent?.includes('4 selected'),
    );
    await lookAt(page);
    await clickText(page, 'E-mail authors', 'button');
    await clickSelector(page, '[role=combobox][aria-labelledby*="email-template-label"]');
    await clickText(page, 'Decision on {{paper.title}}', '[role=option]');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('input[name=subject]')?.value ===
        'Decision on {{paper.title}}',
    );
    await clickText(page, 'Preview', 'button');
    // Four papers, Ana's with Bruno as co-author: five messages.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=preview-count]')?.textContent?.includes('5 messages will be sent'),
    );
    await lookAt(page);
    const preview = await page.$eval(
      `[data-testid="message-${authors.bruno.id}:${paperOf('bruno')}"]`,
      (el) => (el as HTMLElement).innerText,
    );
    expect(preview).toContain('Subject: Decision on Log-structured storage for small devices');
    expect(preview).toContain('the decision on "Log-structured storage for small devices" is: Reject.');
    const before = smtp.messages.length;
    await clickText(page, 'Send', 'button');
    await see(page, 'Send 5 e-mails?');
    await clickSelector(page, '[data-testid=confirm-button]');
    await page.waitForSelector('[data-testid=send-result]');
    for (const a of AUTHORS) {
      const mail = await mailTo(smtp, a.email, new RegExp(`^Decision on ${a.title}$`), before);
      expect(mail.parsed.text).toContain(`is: ${DECISIONS[a.key]}.`);
    }
    const coAuthorMail = await mailTo(smtp, authors.bruno.email, /Congestion control/, before);
    expect(coAuthorMail.parsed.text).toContain('is: Accept.');
    expect(smtp.messages.length - before).toBe(5);
  });

  step(
    'the accepted authors see their decision, sign the consent form and send the camera-ready paper',
    async () => {
      writeFileSync(join(dir, 'final.docx'), docx());
      for (const key of ['ana', 'chen', 'dalia'] as const) {
        const a = AUTHORS.find((x) => x.key === key)!;
        const { page } = authors[key];
        await page.goto(`${env.baseUrl}/`);
        const card = `[data-testid=paper][aria-labelledby="paper-${paperOf(key)}"]`;
        await page.waitForSelector(card);
        await lookAt(page);
        await clickText(page, 'Sign consent form', `${card} a`);
        await page.waitForFunction(
          (p: string) => location.pathname === p,
          {},
          `/SignConsentForm/${paperOf(key)}`,
        );
        await see(page, 'The authors grant the conference the right to publish the paper.');
        await fillByLabel(page, 'Signature', `${a.first} ${a.last}`);
        await clickText(page, 'Sign the consent form', 'button');
        await page.waitForFunction(
          () => {
            const img = document.querySelector<HTMLImageElement>('[data-testid=signature-image]');
            return img?.complete && img.naturalWidth > 0;
          },
          { timeout: 60_000 },
        );
        await lookAt(page);
        const [consent] = await env.db
          .select()
          .from(paperConsentsTable)
          .where(eq(paperConsentsTable.paperId, paperOf(key)));
        expect(consent).toMatchObject({ userId: authors[key].id, signatureName: `${a.first} ${a.last}` });

        writeFileSync(join(dir, `${key}-final.pdf`), pdf(`${a.title}, final`));
        await page.goto(`${env.baseUrl}/CameraReadySubmission/${trackIds[a.track]}/${paperOf(key)}`);
        await page.waitForSelector('main');
        await lookAt(page);
        await clickText(page, 'Next', 'button'); // welcome
        await fillByLabel(page, 'Title', `${a.title}, final version`);
        await lookAt(page);
        await clickText(page, 'Next', 'button'); // title and abstract
        await see(page, `1. ${a.first} ${a.last} (primary author)`);
        await clickText(page, 'Next', 'button'); // authors
        await page.waitForSelector('[data-testid=part-word]');
        await chooseFile(page, 'word', join(dir, 'final.docx'));
        await waitForStoredFile(page, 'word', 'final.docx');
        await chooseFile(page, 'pdf', join(dir, `${key}-final.pdf`));
        await waitForStoredFile(page, 'pdf', `${key}-final.pdf`);
        await lookAt(page);
        // The questions step (none in this track), then the summary.
        while (!(await page.$('[data-testid=camera-ready-summary]'))) {
          await clickText(page, 'Next', 'button');
          await page.waitForFunction(
            () =>
              document.querySelector('[data-testid=camera-ready-summary]') ||
              !document.querySelector('[data-testid=part-word]'),
          );
          await lookAt(page);
        }
        await clickText(page, 'Submit camera-ready', 'button');
        await page.waitForFunction(() => location.pathname === '/');
        await see(page, 'Camera Ready successfully submited');
        const [row] = await env.db
          .select()
          .from(papersTable)
          .where(eq(papersTable.id, paperOf(key)));
        expect(row).toMatchObject({ submittedCameraReady: true, title: `${a.title}, final version` });
      }
    },
  );

  step('the chair imports the registrations from a spreadsheet LibreOffice wrote', async () => {
    const rows = [
      'Paper ID,Registration ID,E-mail,Amount,Extra,Type',
      `${paperOf('ana')},7101,${authors.ana.email},350,,main`,
      `${paperOf('chen')},7102,${authors.chen.email},350,student,main`,
      `${paperOf('dalia')},7103,${authors.dalia.email},420,,main`,
    ];
    writeFileSync(join(dir, 'registrations.csv'), `${rows.join('\n')}\n`);
    execFileSync(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--convert-to',
        'xlsx',
        '--outdir',
        join(dir, 'out'),
        'registrations.csv',
      ],
      { cwd: dir, timeout: 170_000, stdio: 'pipe' },
    );
    const { page } = chair;
    await page.goto(`${env.baseUrl}/chair/ImportRegistrations`);
    await see(page, 'Registration ID');
    const input = (await page.waitForSelector(
      'input[name=registrations-file]',
    )) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(join(dir, 'out', 'registrations.xlsx'));
    await see(page, 'Chosen: registrations.xlsx');
    await clickText(page, 'Upload', 'button');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid=registration-import-summary]')
        ?.textContent?.startsWith('3 of 3 rows valid.'),
    );
    await lookAt(page);
    const [ana] = await env.db
      .select()
      .from(papersTable)
      .where(eq(papersTable.id, paperOf('ana')));
    expect(ana!.registration).toEqual({ author: authors.ana.id, id: '7101', amount: 350, extra: '' });
    await page.goto(`${env.baseUrl}/chair/ViewRegisteredPapers`);
    for (const key of ['ana', 'chen', 'dalia'] as const)
      await see(page, `${AUTHORS.find((a) => a.key === key)!.title}, final version`);
  });

  step(
    'the chair builds the programme: rooms, a day with two events, sessions by hand and by the builder',
    async () => {
      const { page } = chair;
      await page.goto(`${env.baseUrl}/chair/ViewEditAddRooms`);
      for (const room of ['Aula Magna', 'Room 2.1']) {
        await fillByLabel(page, 'Room name', room);
        await clickText(page, 'Add room', 'button');
        await see(page, room);
      }
      const rooms = await env.db.select().from(roomsTable);
      const roomId = (name: string) => rooms.find((r) => r.name === name)!.id;

      await page.goto(`${env.baseUrl}/chair/AssignConferenceDays`);
      await page.waitForSelector('[data-testid=wizard-step-0]');
      await fillByLabel(page, 'Date', '6/10/2031');
      await clickText(page, 'Add day', 'button');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=wizard-days]')?.textContent?.includes('6/10/2031'),
      );
      await lookAt(page);
      await clickText(page, 'Next', 'button');
      await page.waitForSelector('[data-testid=wizard-step-1]');
      for (const slot of ['2', '3']) {
        await clickSelector(page, '[aria-label="Add event to 6/10/2031"]');
        await selectOption(page, 'select[name=type]', 'TechnicalSession');
        await selectOption(page, 'select[name=slot]', slot);
        await lookAt(page);
        await clickText(page, 'Save event', 'button');
        await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
      }
      await page.waitForFunction(() => document.body.innerText.includes('13:30–15:30'));
      await lookAt(page);

      // Sessions by hand: the Systems track's accepted paper, chaired by Sam.
      await page.goto(`${env.baseUrl}/chair/AssignTechnicalSessions`);
      await page.waitForSelector(`[aria-label="Pick paper ${paperOf('ana')}"]`);
      await clickSelector(page, `[aria-label="Pick paper ${paperOf('ana')}"]`);
      await lookAt(page);
      await clickText(page, 'Next', 'button');
      await page.waitForSelector('[data-testid=draft-1]');
      await typeInto(page, '#title-1', 'Networks');
      await selectOption(page, '#room-1', String(roomId('Aula Magna')));
      await typeInto(page, '#chairs-1-search', 'Okafor');
      await clickSelector(page, '[aria-label="Add Sam Okafor"]');
      await lookAt(page);
      await clickText(page, 'Next', 'button');
      await page.waitForSelector('[data-testid=confirm-list]');
      await lookAt(page);
      await clickText(page, 'Create 1 session', 'button');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=outcome-1]')?.textContent?.includes('Created'),
      );

      // Sessions by the builder: the Theory track's two accepted papers in the afternoon.
      await page.goto(`${env.baseUrl}/chair/BuildTechnicalSessions`);
      await page.waitForSelector('[data-testid=event-list]');
      await selectOption(page, '#builder-track', String(trackIds.Theory));
      await typeInto(page, '#builder-papers-per-session', '2');
      const events = await env.db.select().from(eventsTable);
      const afternoon = events.find((e) => e.start === '13:30')!;
      const morning = events.find((e) => e.start === '10:30')!;
      await clickSelector(page, `[data-testid=event-${afternoon.id}] input`);
      await clickSelector(page, `[data-testid=room-${roomId('Room 2.1')}] input`);
      await lookAt(page);
      await clickText(page, 'Propose sessions', 'button');
      await page.waitForSelector('[data-testid=builder-session-1]');
      await lookAt(page);
      if (!(await page.$eval('[data-testid=chairs-1-chosen]', (el) => el.textContent?.includes('Okafor')))) {
        await typeInto(page, '#chairs-1-search', 'Okafor');
        await clickSelector(page, '[data-testid=builder-session-1] [aria-label="Add Sam Okafor"]');
      }
      await clickText(page, 'Apply: create 1 session', 'button');
      await clickSelector(page, '[data-testid=confirm-button]');
      await page.waitForSelector('[data-testid=builder-applied]');
      const sessions = await env.db.select().from(sessionsTable).where(eq(sessionsTable.kind, 'technical'));
      expect(sessions).toHaveLength(2);

      // The days wizard links the hand-made session to the morning event.
      await page.goto(`${env.baseUrl}/chair/AssignConferenceDays`);
      await page.waitForSelector('[data-testid=wizard-step-0]');
      await clickText(page, 'Next', 'button');
      await page.waitForSelector('[data-testid=wizard-step-1]');
      await clickText(page, 'Next', 'button');
      const morningName = '6/10/2031 10:30–12:30 Technical Session';
      await clickSelector(page, `[aria-label="Technical session 1 in ${morningName}"]`);
      await clickSelector(page, `[aria-label="Save sessions of ${morningName}"]`);
      await page.waitForFunction(
        (id: number) => document.querySelector(`[data-testid=event-sessions-result-${id}]`)?.textContent,
        {},
        morning.id,
      );
      await lookAt(page);
      await clickText(page, 'Next', 'button');
      await page.waitForSelector('[data-testid=programme-summary]');
      await lookAt(page);
      const summary = await page.$eval(
        '[data-testid=programme-summary]',
        (el) => (el as HTMLElement).innerText,
      );
      expect(summary).toContain('Technical session 1: Networks');

      await page.goto(`${env.baseUrl}/chair/ViewDays/`);
      await see(page, 'The programme has not been published yet.');
      await clickText(page, 'Publish programme', 'button');
      await clickSelector(page, '[data-testid=confirm-publish]');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=publish-result]')?.textContent?.includes('Version 1 published'),
      );
      await lookAt(page);
    },
  );

  step(
    "the session chair opens the published programme and their session's paper; authors see no e-mail addresses",
    async () => {
      const sam = reviewers.sam;
      const { page } = sam;
      await page.goto(`${env.baseUrl}/`);
      await page.waitForSelector('[data-testid=current-user]');
      const sessionView = await page.$$eval('header button', (bs) => bs.map((b) => b.textContent ?? ''));
      if (sessionView.includes('Session chair view'))
        await clickText(page, 'Session chair view', 'header button');
      await page.waitForSelector('[data-testid=programme-paper] a');
      await lookAt(page);
      const papers = await page.$$eval('[data-testid=programme-paper] a', (as) =>
        as.map((a) => a.textContent),
      );
      expect(papers.sort()).toEqual(
        [
          'Congestion control for campus networks, final version',
          'Faster matching in bipartite graphs, final version',
          'Approximate counting of graph colourings, final version',
        ].sort(),
      );
      await clickText(
        page,
        'Congestion control for campus networks, final version',
        '[data-testid=programme-paper] a',
      );
      await page.waitForFunction(
        (p: string) => location.pathname === p,
        {},
        `/ViewSessionPaper/${paperOf('ana')}`,
      );
      await see(page, 'Ana Silva');

      // An author reads the published programme: names, no e-mail addresses of anyone.
      const { page: dalia } = authors.dalia;
      await dalia.goto(`${env.baseUrl}/ConferenceProgram/`);
      await see(dalia, 'Networks');
      const answer = await dalia.evaluate(async () => (await fetch('/api/author/programme')).text());
      expect(answer).toContain('Ana');
      expect(answer).not.toMatch(/@[a-z-]+\.example/);
    },
  );

  step(
    'the chair issues an acceptance letter and an invoice; their QR codes open a Valid verification page',
    async () => {
      const { page } = chair;
      writeFileSync(join(dir, 'signature.png'), signaturePng());
      await page.goto(`${env.baseUrl}/chair/LetterSettings`);
      await page.waitForSelector('[data-testid=no-signature]');
      const stored = (await page.waitForSelector(
        'input[name=storedSignature]',
      )) as ElementHandle<HTMLInputElement>;
      await stored.uploadFile(join(dir, 'signature.png'));
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=signature-preview]');
        return !!img && img.complete && img.naturalWidth === 240;
      });
      await fillByLabel(page, 'Signer name', 'Carla Chair');
      await fillByLabel(page, 'Signer title', 'General chair');
      // Invoices are refused until the issuer is complete (name, address, tax id).
      await fillByLabel(page, 'Issuer name', 'Symposium Association');
      await fillByLabel(page, 'Issuer tax id', 'PT501234567');
      await fillByLabel(page, 'Issuer address', 'Rua do Instituto 1, 1000-001 Lisboa');
      await lookAt(page);
      await clickText(page, 'Save', 'button');
      await see(page, 'The letter settings were saved!');

      const downloads = await trackDownloads(page, dir);
      await page.goto(`${env.baseUrl}/chair/GenerateLetter/${paperOf('ana')}`);
      await see(page, 'Congestion control for campus networks, final version');
      await clickText(page, 'Use the stored signature', 'label');
      const letter = downloads.next();
      await clickText(page, 'Generate', 'button');
      const file = await letter;
      await page.waitForSelector('[data-testid=letter-issued]');
      await lookAt(page);
      const url = qrOfFirstPage(file.path, dir);
      expect(url).toMatch(/\/verify\/[A-Z0-9-]+$/);
      await page.goto(`${env.baseUrl}${new URL(url!).pathname}`);
      await see(page, 'Valid');
      await see(page, 'Ana Silva');

      await page.goto(`${env.baseUrl}/chair/GenerateInvoiceOrReceipt/${paperOf('ana')}`);
      await page.waitForFunction(
        () => document.querySelector('[data-testid=billing-total]')?.textContent === '350.00',
      );
      await lookAt(page);
      const invoice = downloads.next();
      await clickText(page, 'Generate', 'button');
      const invoiceFile = await invoice;
      const invoiceUrl = qrOfFirstPage(invoiceFile.path, dir);
      expect(invoiceUrl).toMatch(/\/verify\/[A-Z0-9-]+$/);
      await page.goto(`${env.baseUrl}${new URL(invoiceUrl!).pathname}`);
      await see(page, 'Valid');
    },
  );

  step(
    'the chair reads the paper report and enables a presentation-ready reminder after its preview',
    async () => {
      const { page } = chair;
      await page.goto(`${env.baseUrl}/chair/ViewReports`);
      await see(page, 'No report generated yet.');
      await clickText(page, 'Generate paper report', 'button');
      await page.waitForSelector('[data-testid=chart-papersByDecision] svg');
      const numbers = await page.$$eval('[data-testid=chart-papersByDecision] table tbody tr', (rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim())),
      );
      expect(numbers).toEqual([
        ['Accepted', '3'],
        ['Rejected', '1'],
        ['Pending', '0'],
      ]);
      await lookAt(page);

      await page.goto(`${env.baseUrl}/chair/ViewReminders/`);
      await see(page, 'No reminders yet.');
      await clickText(page, 'Add reminder', 'button');
      await fillByLabel(page, 'Name', 'Slides nudge');
      await selectOption(page, 'select[name=kind]', 'presentationReadyNotSubmitted');
      await fillByLabel(page, 'Days before the deadline', '7');
      // The send hour is in the conference's zone, and says so.
      await see(page, 'Send at (Europe/Lisbon)');
      const template = await page.$$eval('select[name=templateId] option', (options) =>
        options.find((o) => o.textContent?.includes('Decision on'))?.getAttribute('value'),
      );
      await selectOption(page, 'select[name=templateId]', template!);
      await lookAt(page);
      await clickText(page, 'Save reminder', 'button');
      await see(page, REMINDER_MESSAGES.savedPaused);
      const [rule] = await env.db.select().from(reminderRulesTable);
      expect(rule).toMatchObject({ name: 'Slides nudge', enabled: false, sendHour: 9 });

      // Enabling shows first who would be reminded now: nobody (no presentation-ready deadline is near), so
      // the one confirmation is a plain Enable, and enabling sends nothing.
      const before = smtp.messages.length;
      await clickSelector(page, '[aria-label="Enable Slides nudge"]');
      await page.waitForFunction(() =>
        document
          .querySelector('[data-testid=dry-run-count]')
          ?.textContent?.startsWith('Nobody would be reminded now.'),
      );
      expect(await page.$eval('[data-testid=enable-confirm]', (e) => e.textContent)).toBe('Enable');
      await lookAt(page);
      await clickSelector(page, '[data-testid=enable-confirm]');
      await see(page, REMINDER_MESSAGES.resumed);
      await until(async () => (await env.db.select().from(reminderRulesTable))[0]!.enabled);
      expect(smtp.messages.length).toBe(before);
    },
  );
});
