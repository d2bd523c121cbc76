/**
 * The demo conference as a plan: people, papers in every state, review requests and reviews, decisions,
 * camera-ready versions, registrations and the programme — everything decided here, from one seeded random
 * generator and the current time, before anything is written. Entities refer to each other by their index
 * in the plan; DemoSeeder writes them through the owning modules' services and maps indexes to ids.
 *
 * The same (papers, seed) gives the same plan; `now` only moves the dates.
 */
import {
  AREA_SESSION_TITLES,
  INSTITUTIONS,
  NAMES,
  REVIEW_COMMENTS,
  asciiSlug,
  paperText,
  type Institution,
} from './demo-content.js';
import { DemoRandom } from './demo-random.js';

/** The demo conference's size and seed when none is given (`npm start`). */
export const DEMO_DEFAULT_PAPERS = 60;
export const DEMO_DEFAULT_SEED = 2027;
/** Papers a demo may have (the command line refuses more). */
export const DEMO_MAX_PAPERS = 20_000;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export type PaperState = 'submitted' | 'underReview' | 'reviewed' | 'accepted' | 'rejected' | 'withdrawn';
export const PAPER_STATES: readonly PaperState[] = [
  'submitted',
  'underReview',
  'reviewed',
  'accepted',
  'rejected',
  'withdrawn',
];
/** Share of the papers in each state (PAPER_STATES order). */
const STATE_WEIGHTS = [0.12, 0.18, 0.1, 0.35, 0.2, 0.05];
/** Share of the papers in each demo track (main, short papers, doctoral symposium). */
const TRACK_WEIGHTS = [0.5, 0.3, 0.2];
/** Subject areas per demo track (DemoSeeder's tracks, in order). */
const AREAS_PER_TRACK = [3, 2, 2, 1];
/**
 * The tutorials track (DemoSeeder's fourth track, the programme's tutorials track): two accepted tutorial
 * proposals, chosen by the chairs without reviews; one is scheduled, the other waits on /AssignTutorials.
 * Only in a demo of 20 papers or more; the other papers are spread over the first three tracks.
 */
export const TUTORIALS = 3;

export type Decision = 'Accept' | 'Accept with Revision' | 'Reject';
export type RequestState = 'waiting' | 'accepted' | 'declined' | 'reviewed';

/** The demo sign-ins (printed with a generated password at start). */
export interface DemoAccount {
  key: string;
  label: string;
  firstName: string;
  lastName: string;
  organization: string;
  /** Each demo person's own organisation and e-mail domain, so conflict detection sees distinct institutions. */
  domain: string;
  country: string;
  app: 'author' | 'chair';
  chair?: boolean;
  /** Track indexes. */
  coChairTracks?: number[];
  reviewerTracks?: number[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: 'chair',
    label: 'Chair',
    firstName: 'Marta',
    lastName: 'Santos',
    organization: 'University of Lisbon',
    domain: 'ulisboa.example',
    country: 'Portugal',
    app: 'chair',
    chair: true,
  },
  {
    key: 'trackchair',
    label: 'Track chair',
    firstName: 'Jonas',
    lastName: 'Berg',
    organization: 'KTH Royal Institute of Technology',
    domain: 'kth.example',
    country: 'Sweden',
    app: 'chair',
    coChairTracks: [0, 1],
  },
  {
    key: 'reviewer',
    label: 'Reviewer',
    firstName: 'Aisha',
    lastName: 'Rahman',
    organization: 'University of Edinburgh',
    domain: 'ed.example',
    country: 'United Kingdom',
    app: 'author',
    reviewerTracks: [0, 1],
  },
  {
    key: 'reviewer2',
    label: 'Reviewer',
    firstName: 'Nina',
    lastName: 'Keller',
    organization: 'ETH Zurich',
    domain: 'ethz.example',
    country: 'Switzerland',
    app: 'author',
    reviewerTracks: [1, 2],
  },
  {
    key: 'sessionchair',
    label: 'Session chair',
    firstName: 'Tomás',
    lastName: 'Ferreira',
    organization: 'University of Porto',
    domain: 'up.example',
    country: 'Portugal',
    app: 'author',
  },
  {
    key: 'author',
    label: 'Author (accepted, camera-ready)',
    firstName: 'Lena',
    lastName: 'Fischer',
    organization: 'TU Munich',
    domain: 'tum.example',
    country: 'Germany',
    app: 'author',
  },
  {
    key: 'author2',
    label: 'Author (rejected)',
    firstName: 'Daan',
    lastName: 'Visser',
    organization: 'University of Amsterdam',
    domain: 'uva.example',
    country: 'Netherlands',
    app: 'author',
  },
  {
    key: 'author3',
    label: 'Author (under review)',
    firstName: 'Giulia',
    lastName: 'Romano',
    organization: 'Politecnico di Milano',
    domain: 'polimi.example',
    country: 'Italy',
    app: 'author',
  },
];

const account = (key: string): number => DEMO_ACCOUNTS.findIndex((a) => a.key === key);
export const CHAIR = account('chair');
export const TRACK_CHAIR = account('trackchair');
export const REVIEWER = account('reviewer');
export const REVIEWER2 = account('reviewer2');
export const SESSION_CHAIR = account('sessionchair');
export const AUTHOR = account('author');
export const AUTHOR_REJECTED = account('author2');
export const AUTHOR_UNDER_REVIEW = account('author3');

export interface PlannedPerson {
  firstName: string;
  lastName: string;
  email: string;
  alternateEmail: string;
  organization: string;
  country: string;
  phone: string;
  /** Track indexes the person reviews (empty: not a reviewer). */
  reviewerTracks: number[];
  /** Index in DEMO_ACCOUNTS, or null for a generated person (no password, cannot sign in). */
  account: number | null;
}

export interface PlannedReview {
  quality: number | null;
  contribution: number | null;
  originality: number | null;
  /** -2 unset (a draft), -1..2 the recommendation. */
  final: number;
  commentsAuthor: string;
  commentsChair: string;
  draft: boolean;
  at: Date;
}

export interface PlannedRequest {
  paper: number;
  reviewer: number;
  state: RequestState;
  invitedAt: Date;
  respondedAt?: Date;
  review?: PlannedReview;
}

export interface PlannedRegistration {
  author: number;
  id: string;
  amount: number;
  extra: string;
}

export interface PlannedPaper {
  track: number;
  area: number;
  title: string;
  abstract: string;
  /** Person indexes, in order; primary is one of them. */
  authors: number[];
  primary: number;
  state: PaperState;
  submittedAt: Date;
  withdrawnAt?: Date;
  decision?: Decision;
  decidedAt?: Date;
  cameraReadyAt?: Date;
  /** The chair checked the camera-ready version. */
  isCameraReady: boolean;
  presentationReadyAt?: Date;
  registration?: { main: PlannedRegistration; others: PlannedRegistration[] };
  certificateEnabled: boolean;
}

export interface PlannedEvent {
  type: 'KeynoteSession' | 'TechnicalSession' | 'PosterSession' | 'Tutorial' | 'Other';
  description: string;
  start: string;
  end: string;
}

export interface PlannedDay {
  /** yyyy-mm-dd */
  date: string;
  desk: string;
  events: PlannedEvent[];
}

export interface PlannedSession {
  kind: 'technical' | 'poster' | 'tutorial';
  number: number;
  title: string;
  papers: number[];
  chairs: number[];
  room: number;
  /** One of the plan's day events; null: not linked to an event. */
  event: PlannedEvent | null;
  /** A tutorial's presenter. */
  presenter?: number;
}

export interface DemoPlan {
  people: PlannedPerson[];
  papers: PlannedPaper[];
  requests: PlannedRequest[];
  rooms: { name: string; capacity: number }[];
  days: PlannedDay[];
  sessions: PlannedSession[];
  /** Published at this time (version 1). */
  publishedAt: Date;
  /** A session added to the draft after publication, in a room already used at that time: the clash to resolve. */
  lateSession: PlannedSession | null;
  /** First day of the conference (UTC midnight). */
  conferenceStart: Date;
}

// ------------------------------------------------------------------------------------------------------

/** How many papers of each state: the weights' shares, at least one of each once there are enough papers. */
function stateCounts(n: number): number[] {
  const counts = STATE_WEIGHTS.map((w) => Math.floor(w * n));
  if (n >= PAPER_STATES.length) counts.forEach((c, i) => (counts[i] = Math.max(1, c)));
  let rest = n - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest !== 0; i = (i + 1) % counts.length) {
    const step = rest > 0 ? 1 : -1;
    if (step < 0 && counts[i]! <= 1) continue;
    counts[i]! += step;
    rest -= step;
  }
  return counts;
}

function phone(rng: DemoRandom): string {
  return `+${rng.int(30, 98)} ${rng.int(200, 999)} ${rng.int(100, 999)} ${rng.int(100, 999)}`;
}

class People {
  readonly list: PlannedPerson[] = [];
  private readonly emails = new Set<string>();
  /** Generated authors by institution name. */
  readonly byInstitution = new Map<string, number[]>();

  constructor(private readonly rng: DemoRandom) {
    DEMO_ACCOUNTS.forEach((a, i) => {
      const email = `${a.key}@${a.domain}`;
      this.emails.add(email);
      this.list.push({
        firstName: a.firstName,
        lastName: a.lastName,
        email,
        alternateEmail: `${a.key}.alternate@${a.domain}`,
        organization: a.organization,
        country: a.country,
        phone: '+351 210 000 000',
        reviewerTracks: a.reviewerTracks ?? [],
        account: i,
      });
    });
  }

  add(institution: Institution, reviewerTracks: number[]): number {
    const names = NAMES[institution.names];
    const firstName = this.rng.pick(names.first);
    const lastName = this.rng.pick(names.last);
    const local = `${asciiSlug(firstName)}.${asciiSlug(lastName)}`;
    let email = `${local}@${institution.domain}`;
    for (let k = 2; this.emails.has(email); k++) email = `${local}${k}@${institution.domain}`;
    this.emails.add(email);
    const index = this.list.length;
    this.list.push({
      firstName,
      lastName,
      email,
      alternateEmail: email.replace('@', '@mail.'),
      organization: institution.name,
      country: institution.country,
      phone: phone(this.rng),
      reviewerTracks,
      account: null,
    });
    if (!reviewerTracks.length) {
      const list = this.byInstitution.get(institution.name) ?? [];
      list.push(index);
      this.byInstitution.set(institution.name, list);
    }
    return index;
  }
}

/** The whole demo conference for `papers` papers from `seed`, dated around `now`. */
export function planDemo(opts: { papers: number; seed: number; now: Date }): DemoPlan {
  const rng = new DemoRandom(opts.seed);
  const now = opts.now.getTime();
  const n = Math.max(0, Math.floor(opts.papers));
  const people = new People(rng);

  // ----- people: authors, then reviewers (reviewers write no papers, so they are never co-authors)
  const authorPool: number[] = [];
  for (let i = 0; i < Math.ceil(n * 1.3) + 8; i++) authorPool.push(people.add(rng.pick(INSTITUTIONS), []));
  const reviewerPool: number[] = [];
  for (let i = 0; i < Math.max(12, Math.ceil(n * 0.42)); i++) {
    const first = rng.weighted(TRACK_WEIGHTS);
    const tracks = rng.chance(0.4) ? [first, (first + rng.int(1, 2)) % 3].sort() : [first];
    reviewerPool.push(people.add(rng.pick(INSTITUTIONS), tracks));
  }

  // ----- papers: the demo authors' ones first, then the others in shuffled states
  const counts = stateCounts(n);
  const pinned = (
    [
      { state: 'accepted', track: 0, area: 0 },
      { state: 'rejected', track: 0, area: 1 },
      { state: 'underReview', track: 1, area: 0 },
      { state: 'submitted', track: 1, area: 1 },
    ] satisfies { state: PaperState; track: number; area: number }[]
  ).slice(0, n);
  if (n >= 20)
    pinned.push(
      { state: 'accepted', track: TUTORIALS, area: 0 },
      { state: 'accepted', track: TUTORIALS, area: 0 },
    );
  for (const p of pinned) counts[PAPER_STATES.indexOf(p.state)]! -= 1;
  const states: PaperState[] = rng.shuffle(
    PAPER_STATES.flatMap((s, i) => Array.from({ length: Math.max(0, counts[i]!) }, () => s)),
  );
  const usedTitles = new Set<string>();
  const paperCount = new Map<number, number>();
  const pickAuthor = (): number => {
    for (;;) {
      const p = rng.pick(authorPool);
      const c = paperCount.get(p) ?? 0;
      // most people write one paper, a few two or three
      if (c === 0 || (c < 3 && rng.chance(0.15))) return p;
    }
  };
  const papers: PlannedPaper[] = [];
  for (let i = 0; i < n; i++) {
    const pin = pinned[i];
    const track = pin?.track ?? rng.weighted(TRACK_WEIGHTS);
    const area = pin?.area ?? rng.int(0, AREAS_PER_TRACK[track]! - 1);
    const state = (pin?.state ?? states[i - pinned.length]!) as PaperState;
    const text = paperText(rng, track, area, usedTitles);
    const size = [1, 2, 3, 4][rng.weighted([0.15, 0.35, 0.3, 0.2])]!;
    const first = i === 0 ? AUTHOR : i === 1 ? AUTHOR_REJECTED : i === 2 ? AUTHOR_UNDER_REVIEW : pickAuthor();
    const authors = [first];
    if (i === 3) authors.push(AUTHOR);
    while (authors.length < size) {
      const colleagues = people.byInstitution.get(people.list[first]!.organization) ?? [];
      const co = rng.chance(0.6) && colleagues.length > 1 ? rng.pick(colleagues) : pickAuthor();
      if (!authors.includes(co)) authors.push(co);
    }
    for (const a of authors) paperCount.set(a, (paperCount.get(a) ?? 0) + 1);
    const primary = i < 3 || authors.length === 1 || rng.chance(0.8) ? authors[0]! : authors[1]!;
    const submittedAt = new Date(now - rng.int(45, 80) * DAY - rng.int(0, 23) * HOUR);
    papers.push({
      track,
      area,
      title: text.title,
      abstract: text.abstract,
      authors,
      primary,
      state,
      submittedAt,
      ...(state === 'withdrawn'
        ? { withdrawnAt: new Date(submittedAt.getTime() + rng.int(2, 15) * DAY) }
        : {}),
      isCameraReady: false,
      certificateEnabled: false,
    });
  }

  // ----- decisions, camera-ready versions, registrations
  const decisionDay = now - 14 * DAY;
  let registrationNumber = 2001;
  papers.forEach((p, i) => {
    if (p.state === 'accepted' || p.state === 'rejected') {
      p.decision =
        p.state === 'rejected' ? 'Reject' : i > 0 && rng.chance(0.25) ? 'Accept with Revision' : 'Accept';
      p.decidedAt = new Date(decisionDay + rng.int(0, 120) * 60 * 1000);
    }
    if (p.state !== 'accepted') return;
    if (i === 0 || rng.chance(0.6)) {
      p.cameraReadyAt = new Date(now - rng.int(2, 9) * DAY - rng.int(0, 23) * HOUR);
      p.isCameraReady = i === 0 || rng.chance(0.5);
      if (i !== 0 && rng.chance(0.3)) p.presentationReadyAt = new Date(now - rng.int(0, 1) * DAY - HOUR);
    }
    if (i === 0 || rng.chance(0.7)) {
      const waived = i !== 0 && rng.chance(0.06);
      const main: PlannedRegistration = {
        author: p.primary,
        id: waived ? 'Waived' : String(registrationNumber++),
        amount: waived ? 0 : rng.pick([380, 450, 520]),
        extra:
          i === 0
            ? 'Includes the conference dinner'
            : waived
              ? 'Keynote speaker'
              : rng.pick(['', '', 'Student', 'Includes the conference dinner']),
      };
      const others: PlannedRegistration[] =
        !waived && p.authors.length > 1 && rng.chance(0.12)
          ? [
              {
                author: p.authors.find((a) => a !== main.author)!,
                id: `${main.id}-B`,
                amount: 200,
                extra: 'Second author',
              },
            ]
          : [];
      p.registration = { main, others };
    }
  });
  if (papers[0]) papers[0].certificateEnabled = true;

  // ----- review requests
  const requests = planReviews(rng, people.list, papers, reviewerPool, now);

  // ----- the programme
  const programme = planProgramme(rng, people.list, papers, reviewerPool, now);

  return { people: people.list, papers, requests, ...programme };
}

// ------------------------------------------------------------------------------------------------------
// reviews

function planReviews(
  rng: DemoRandom,
  people: PlannedPerson[],
  papers: PlannedPaper[],
  reviewerPool: number[],
  now: number,
): PlannedRequest[] {
  const requests: PlannedRequest[] = [];
  const load = new Map<number, number>();
  const taken = new Set<number>();
  const byPaper = new Map<number, PlannedRequest[]>();
  const active = new Map<number, number>(); // per paper: requests not declined
  const domains = people.map((p) => p.email.split('@')[1]!);
  const domainOf = (person: number) => domains[person]!;
  /** Per paper: its authors' organisations and e-mail domains (what a reviewer must not share). */
  const affiliations = papers.map(
    (p) => new Set(p.authors.flatMap((a) => [people[a]!.organization, `@${domainOf(a)}`])),
  );
  const conflicted = (i: number, reviewer: number) =>
    papers[i]!.authors.includes(reviewer) ||
    affiliations[i]!.has(people[reviewer]!.organization) ||
    affiliations[i]!.has(`@${domainOf(reviewer)}`);
  const can = (i: number, reviewer: number, declined = false) =>
    people[reviewer]!.reviewerTracks.includes(papers[i]!.track) &&
    (declined || ((load.get(reviewer) ?? 0) < 10 && (active.get(i) ?? 0) < 3)) &&
    !taken.has(i * 1_000_000 + reviewer) &&
    !conflicted(i, reviewer);
  const decided = (p: PlannedPaper) =>
    p.state === 'accepted' || p.state === 'rejected' || p.state === 'reviewed';
  const timesOf = (p: PlannedPaper) => {
    const invitedAt = decided(p)
      ? new Date(now - rng.int(32, 38) * DAY - rng.int(0, 10) * HOUR)
      : new Date(now - rng.int(8, 20) * DAY - rng.int(0, 10) * HOUR);
    return invitedAt;
  };
  const add = (i: number, reviewer: number, state: RequestState) => {
    const paper = papers[i]!;
    const invitedAt = timesOf(paper);
    const respondedAt = new Date(invitedAt.getTime() + rng.int(6, 72) * HOUR);
    const req: PlannedRequest = { paper: i, reviewer, state, invitedAt };
    if (state !== 'waiting') req.respondedAt = respondedAt;
    if (state === 'reviewed') {
      const days = decided(paper) ? rng.int(5, 13) : rng.int(2, 6);
      const at = new Date(Math.min(invitedAt.getTime() + days * DAY, now - 2 * HOUR));
      req.review = reviewOf(rng, paper, at);
    }
    requests.push(req);
    byPaper.set(i, [...(byPaper.get(i) ?? []), req]);
    taken.add(i * 1_000_000 + reviewer);
    if (state !== 'declined') {
      load.set(reviewer, (load.get(reviewer) ?? 0) + 1);
      active.set(i, (active.get(i) ?? 0) + 1);
    }
    return req;
  };

  // the demo reviewers first: a request in every state
  const find = (pred: (p: PlannedPaper, i: number) => boolean, reviewer: number, declined = false) =>
    papers.findIndex((p, i) => pred(p, i) && can(i, reviewer, declined));
  const plans: [number, ((p: PlannedPaper, i: number) => boolean)[], RequestState[]][] = [
    [
      REVIEWER,
      [
        (p, i) => i === 2,
        (p) => p.state === 'underReview',
        (p) => p.state === 'underReview',
        (p, i) => i === 0,
        (p, i) => i === 1,
        (p) => p.state === 'reviewed',
        (p) => p.state === 'accepted',
      ],
      ['waiting', 'waiting', 'accepted', 'reviewed', 'reviewed', 'reviewed', 'declined'],
    ],
    [
      REVIEWER2,
      [(p) => p.state === 'underReview', (p) => decided(p), (p) => decided(p), (p) => p.state === 'rejected'],
      ['waiting', 'reviewed', 'reviewed', 'declined'],
    ],
  ];
  for (const [reviewer, preds, wanted] of plans)
    preds.forEach((pred, k) => {
      const state = wanted[k]!;
      const i = find(pred, reviewer, state === 'declined');
      if (i < 0) return;
      const req = add(i, reviewer, state);
      // the accepted request holds a draft the reviewer can finish
      if (state === 'accepted')
        req.review = {
          quality: 7,
          contribution: null,
          originality: 6,
          final: -2,
          commentsAuthor: 'The motivation is clear. I still have to check the evaluation section in detail.',
          commentsChair: '',
          draft: true,
          at: new Date(now - 2 * DAY),
        };
    });

  // then everyone else: three active requests per paper under review or decided, some declined on the way
  const byTrack = [0, 1, 2].map((t) => reviewerPool.filter((r) => people[r]!.reviewerTracks.includes(t)));
  papers.forEach((p, i) => {
    // tutorial proposals are chosen by the chairs, without reviews
    if (p.state === 'submitted' || p.state === 'withdrawn' || p.track === TUTORIALS) return;
    const pool = byTrack[p.track]!;
    /** Up to `want` reviewers who may take the paper, from a random place in the track's pool. */
    const choose = (want: number, declined: boolean): number[] => {
      const out: number[] = [];
      const start = rng.int(0, Math.max(0, pool.length - 1));
      for (let k = 0; k < pool.length && out.length < want; k++) {
        const r = pool[(start + k) % pool.length]!;
        if (!out.includes(r) && can(i, r, declined)) out.push(r);
      }
      return out;
    };
    if (rng.chance(0.22)) for (const r of choose(1, true)) add(i, r, 'declined');
    const candidates = choose(3 - (active.get(i) ?? 0), false);
    const existing = (byPaper.get(i) ?? []).filter((r) => r.state !== 'declined');
    candidates.forEach((r, k) => {
      let state: RequestState = 'reviewed';
      if (p.state === 'underReview') {
        const stillOpen = existing.some((e) => e.state !== 'reviewed');
        state =
          !stillOpen && k === candidates.length - 1
            ? rng.pick(['waiting', 'accepted'] as const)
            : rng.pick(['waiting', 'accepted', 'reviewed', 'reviewed'] as const);
      }
      existing.push(add(i, r, state));
    });
  });
  return requests;
}

function reviewOf(rng: DemoRandom, paper: PlannedPaper, at: Date): PlannedReview {
  const good = paper.state === 'accepted' || (paper.state !== 'rejected' && rng.chance(0.5));
  const outlier = rng.chance(0.15);
  const positive = good !== outlier;
  const score = () => (positive ? rng.int(6, 9) : rng.int(2, 5));
  const final = positive ? rng.pick([1, 1, 2]) : rng.pick([0, 0, 0, -1]);
  const comments =
    final >= 2
      ? REVIEW_COMMENTS.positive
      : final === 1
        ? [...REVIEW_COMMENTS.positive, ...REVIEW_COMMENTS.mixed]
        : final === 0
          ? [...REVIEW_COMMENTS.mixed, ...REVIEW_COMMENTS.negative]
          : REVIEW_COMMENTS.negative;
  return {
    quality: score(),
    contribution: score(),
    originality: score(),
    final,
    commentsAuthor: rng.pick(comments),
    commentsChair: rng.pick(REVIEW_COMMENTS.chair),
    draft: false,
    at,
  };
}

// ------------------------------------------------------------------------------------------------------
// programme

const TECHNICAL_SLOTS: { day: number; start: string; end: string }[] = [
  { day: 0, start: '10:30', end: '12:30' },
  { day: 1, start: '10:30', end: '12:30' },
  { day: 2, start: '09:00', end: '10:30' },
  { day: 0, start: '14:00', end: '15:30' },
  { day: 1, start: '14:00', end: '15:30' },
  { day: 2, start: '11:00', end: '12:30' },
];
const POSTER_SLOTS: { day: number; start: string; end: string }[] = [
  { day: 0, start: '16:00', end: '17:30' },
  { day: 1, start: '16:00', end: '17:30' },
];
const FIXED_EVENTS: (PlannedEvent & { day: number })[] = [
  { day: 0, type: 'Other', description: 'Registration and welcome coffee', start: '08:30', end: '09:00' },
  {
    day: 0,
    type: 'KeynoteSession',
    description: 'Opening keynote: Open software in an age of assistants',
    start: '09:00',
    end: '10:00',
  },
  { day: 0, type: 'Other', description: 'Lunch', start: '12:30', end: '14:00' },
  {
    day: 0,
    type: 'Other',
    description: 'Welcome reception at the Faculty garden',
    start: '19:30',
    end: '22:00',
  },
  {
    day: 1,
    type: 'KeynoteSession',
    description: 'Keynote: Twenty years of reproducible research software',
    start: '09:00',
    end: '10:00',
  },
  { day: 1, type: 'Other', description: 'Lunch', start: '12:30', end: '14:00' },
  { day: 1, type: 'Other', description: 'Conference dinner', start: '20:00', end: '23:00' },
  { day: 2, type: 'Other', description: 'Lunch', start: '12:30', end: '14:00' },
  {
    day: 2,
    type: 'KeynoteSession',
    description: 'Closing keynote: Maintaining the commons',
    start: '14:00',
    end: '15:00',
  },
  { day: 2, type: 'Other', description: 'Best paper awards and closing', start: '15:00', end: '15:30' },
];
/** Posters per poster event at most (the rest are presented in technical sessions). */
const MAX_BOARDS = 24;

const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

function planProgramme(
  rng: DemoRandom,
  people: PlannedPerson[],
  papers: PlannedPaper[],
  reviewerPool: number[],
  now: number,
): Pick<DemoPlan, 'rooms' | 'days' | 'sessions' | 'publishedAt' | 'lateSession' | 'conferenceStart'> {
  const startDay = new Date(now + 210 * DAY);
  const conferenceStart = new Date(
    Date.UTC(startDay.getUTCFullYear(), startDay.getUTCMonth(), startDay.getUTCDate()),
  );
  const accepted = papers.flatMap((p, i) => (p.state === 'accepted' && p.track !== TUTORIALS ? [i] : []));
  const tutorials = papers.flatMap((p, i) => (p.state === 'accepted' && p.track === TUTORIALS ? [i] : []));
  // two accepted papers stay out of the published programme: the late session of the draft
  const late = accepted.filter((i) => i !== 0 && papers[i]!.track !== 2).slice(-2);
  const doctoral = accepted.filter((i) => papers[i]!.track === 2);
  const posters = doctoral.slice(0, MAX_BOARDS * POSTER_SLOTS.length);
  const technical = accepted.filter((i) => !late.includes(i) && !posters.includes(i));

  // technical sessions: by track and subject area, three or four papers each; the demo author's first
  const groups = new Map<string, number[]>();
  for (const i of technical) {
    const key = `${papers[i]!.track}:${papers[i]!.area}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  const drafts: { title: string; papers: number[] }[] = [];
  const titleUse = new Map<string, number>();
  for (const [key, list] of [...groups].sort(([a], [b]) =>
    a === '0:0' ? -1 : b === '0:0' ? 1 : a < b ? -1 : 1,
  )) {
    const [track, area] = key.split(':').map(Number) as [number, number];
    const names = AREA_SESSION_TITLES[track]![area]!;
    const chunks: number[][] = [];
    for (let k = 0; k < list.length; k += 4) chunks.push(list.slice(k, k + 4));
    if (chunks.length > 1 && chunks[chunks.length - 1]!.length === 1)
      chunks[chunks.length - 2]!.push(...chunks.pop()!);
    chunks.forEach((c, k) => {
      const base = names[k % names.length]!;
      const used = titleUse.get(base) ?? 0;
      titleUse.set(base, used + 1);
      drafts.push({ title: `${base}${ROMAN[used] ?? ` ${used + 1}`}`, papers: c });
    });
  }

  const peopleOf = (paperIdx: number[]) => new Set(paperIdx.flatMap((i) => papers[i]!.authors));
  const slotPeople = TECHNICAL_SLOTS.map(() => new Set<number>());
  const slotSessions: number[][] = TECHNICAL_SLOTS.map(() => []);
  const rooms = Math.max(2, Math.ceil(drafts.length / TECHNICAL_SLOTS.length));
  const placed: { draft: number; slot: number | null }[] = [];
  drafts.forEach((d, k) => {
    const who = peopleOf(d.papers);
    const slot = TECHNICAL_SLOTS.findIndex(
      (_, s) => slotSessions[s]!.length < rooms && [...who].every((p) => !slotPeople[s]!.has(p)),
    );
    if (slot >= 0) {
      slotSessions[slot]!.push(k);
      for (const p of who) slotPeople[slot]!.add(p);
    }
    placed.push({ draft: k, slot: slot >= 0 ? slot : null });
  });

  // chairs: the demo session chair takes the first session of the first two slots; reviewers the others
  const chairsBusy = TECHNICAL_SLOTS.map(() => new Set<number>());
  const chairFor = (slot: number | null, preferred?: number): number => {
    if (preferred !== undefined && (slot === null || !chairsBusy[slot]!.has(preferred))) {
      if (slot !== null) chairsBusy[slot]!.add(preferred);
      return preferred;
    }
    const free = rng
      .shuffle(reviewerPool)
      .find((r) => slot === null || (!slotPeople[slot]!.has(r) && !chairsBusy[slot]!.has(r)));
    const chosen = free ?? reviewerPool[0]!;
    if (slot !== null) chairsBusy[slot]!.add(chosen);
    return chosen;
  };

  // events of each day: the fixed ones, the technical slots used, the poster slots used
  const days: PlannedDay[] = [0, 1, 2].map((d) => ({
    date: new Date(conferenceStart.getTime() + d * DAY).toISOString().slice(0, 10),
    desk:
      d === 0
        ? 'The registration desk opens at 08:00 in the main hall of the Faculty of Sciences.'
        : 'The registration desk is open from 08:30 to 17:00.',
    events: [],
  }));
  const eventOf = (day: number, e: PlannedEvent): PlannedEvent => {
    days[day]!.events.push(e);
    return e;
  };
  for (const e of FIXED_EVENTS) {
    const { day, ...event } = e;
    eventOf(day, event);
  }
  const techEvents = TECHNICAL_SLOTS.map((s, k) =>
    slotSessions[k]!.length
      ? eventOf(s.day, {
          type: 'TechnicalSession',
          description: 'Paper sessions',
          start: s.start,
          end: s.end,
        })
      : null,
  );

  const roomList: { name: string; capacity: number }[] = Array.from({ length: rooms }, (_, r) =>
    r === 0
      ? { name: 'Auditorium', capacity: 250 }
      : { name: `Room 1.${String(r).padStart(2, '0')}`, capacity: rng.pick([60, 80, 120]) },
  );
  const sessions: PlannedSession[] = [];
  let number = 1;
  TECHNICAL_SLOTS.forEach((_, slot) =>
    slotSessions[slot]!.forEach((k, room) => {
      const first = sessions.filter((s) => s.kind === 'technical').length === 0;
      const firstOfSlot1 = slot === 1 && room === 0;
      sessions.push({
        kind: 'technical',
        number: number++,
        title: drafts[k]!.title,
        papers: drafts[k]!.papers,
        chairs: [chairFor(slot, first || firstOfSlot1 ? SESSION_CHAIR : undefined)],
        room,
        event: techEvents[slot]!,
      });
    }),
  );
  for (const p of placed.filter((x) => x.slot === null))
    sessions.push({
      kind: 'technical',
      number: number++,
      title: drafts[p.draft]!.title,
      papers: drafts[p.draft]!.papers,
      chairs: [chairFor(null)],
      room: 0,
      event: null,
    });

  // posters: one board (room) each, people in one poster event at most once
  const posterPeople = POSTER_SLOTS.map(() => new Set<number>());
  const posterCount = POSTER_SLOTS.map(() => 0);
  const boards = Math.min(MAX_BOARDS, Math.max(2, Math.ceil(posters.length / POSTER_SLOTS.length)));
  const boardBase = roomList.length;
  for (let b = 0; b < boards && posters.length; b++)
    roomList.push({ name: `Poster board ${b + 1}`, capacity: 20 });
  const posterEvents: (PlannedEvent | null)[] = POSTER_SLOTS.map(() => null);
  let posterNumber = 1;
  for (const i of posters) {
    const who = peopleOf([i]);
    const slot = POSTER_SLOTS.findIndex(
      (_, s) => posterCount[s]! < boards && [...who].every((p) => !posterPeople[s]!.has(p)),
    );
    if (slot < 0) continue;
    posterEvents[slot] ??= eventOf(POSTER_SLOTS[slot]!.day, {
      type: 'PosterSession',
      description: 'Doctoral Symposium posters',
      start: POSTER_SLOTS[slot]!.start,
      end: POSTER_SLOTS[slot]!.end,
    });
    for (const p of who) posterPeople[slot]!.add(p);
    sessions.push({
      kind: 'poster',
      number: posterNumber++,
      title: '',
      papers: [i],
      chairs: [],
      room: boardBase + posterCount[slot]!,
      event: posterEvents[slot]!,
    });
    posterCount[slot]! += 1;
  }
  // the first tutorial after the closing, when nobody is anywhere else; the second waits to be scheduled
  if (tutorials.length)
    sessions.push({
      kind: 'tutorial',
      number: 1,
      title: '',
      papers: [tutorials[0]!],
      chairs: [],
      presenter: papers[tutorials[0]!]!.primary,
      room: 0,
      event: eventOf(2, { type: 'Tutorial', description: 'Tutorial', start: '16:00', end: '18:00' }),
    });
  for (const d of days) d.events.sort((a, b) => a.start.localeCompare(b.start));

  // the late session: in a slot where its people are free, in a room already used then
  let lateSession: PlannedSession | null = null;
  const who = peopleOf(late);
  const slot = late.length
    ? TECHNICAL_SLOTS.findIndex(
        (_, s) => slotSessions[s]!.length > 0 && [...who].every((p) => !slotPeople[s]!.has(p)),
      )
    : -1;
  if (slot >= 0) {
    const clashWith = sessions.find((s) => s.kind === 'technical' && s.event === techEvents[slot])!;
    lateSession = {
      kind: 'technical',
      number,
      title: 'Late-Breaking Results',
      papers: late,
      chairs: [chairFor(slot)],
      room: clashWith.room,
      event: techEvents[slot]!,
    };
  }
  return {
    rooms: roomList,
    days,
    sessions,
    lateSession,
    publishedAt: new Date(now - 4 * DAY),
    conferenceStart,
  };
}
