/**
 * Personal data in the answers of everyone who is not a chair: every GET route under /api/author,
 * /api/reviewer, /api/session, /api/registered and every public or any-signed-in route has an allow-list of
 * the field paths its answer may carry (`a.b[].c`; `x.*` allows a whole subtree of static values). A route
 * without a list, or a field not on its list, fails. E-mail addresses of other people never appear in the
 * published programme; organizations appear only when the conference shows them
 * (authorView.viewProgrammeOrganizations).
 */
import { ModulesContainer } from '@nestjs/core';
import { eq } from 'drizzle-orm';
import type { ConferenceDto, ProgrammeView } from '@symposium/domain';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { listRoutes } from '../../apps/api/src/cli/routes.js';
import { issuedDocumentsTable } from '../../apps/api/src/modules/letters/letters.table.js';
import { statusesTable, tracksTable } from '../../apps/api/src/modules/tracks/tracks.table.js';
import { chairRoles, createTestApp, type TestApp } from '../support/app.js';
import { seedPaper } from '../../apps/api/src/database/test-database.js';

type User = Awaited<ReturnType<TestApp['user']>>;
const CODE = '7K3M9Q2XZA';
const ABSTRACT = 'This abstract describes the paper in more than fifty characters, as required.';

/** Every field path of a JSON value: objects give `key`, arrays `[]`. */
export function fieldPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => fieldPaths(v, `${prefix}[]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      const path = prefix ? `${prefix}.${k}` : k;
      return [path, ...fieldPaths(v, path)];
    });
  return [];
}

const allowed = (path: string, list: string[]) =>
  list.some((p) => p === path || (p.endsWith('.*') && path.startsWith(p.slice(0, -1))));

/** A person as the programme shows them: name and, when the conference wants it, organization. */
const person = (at: string) => [at, `${at}._id`, `${at}.firstName`, `${at}.lastName`, `${at}.organization`];
const scheduledPaper = (at: string) => [
  at,
  `${at}._id`,
  `${at}.title`,
  `${at}.track`,
  `${at}.primaryAuthor`,
  ...person(`${at}.authors[]`),
];
const room = (at: string) => [at, `${at}._id`, `${at}.name`];
const eventShape = (at: string) =>
  ['_id', 'day', 'type', 'description', 'start', 'end', 'sessions', 'sessions[]'].map((k) =>
    at ? `${at}.${k}` : k,
  );
const dayShape = (at: string) => [
  ...['_id', 'date', 'desk', 'color', 'events', 'events[]'].map((k) => (at ? `${at}.${k}` : k)),
  ...eventShape(at ? `${at}.events[]` : 'events[]'),
];
const programme = [
  'version',
  'publishedAt',
  'timeZone',
  'programTable',
  'days',
  'days[]',
  ...['_id', 'date', 'isoDate', 'desk', 'color', 'events', 'events[]'].map((k) => `days[].${k}`),
  ...['_id', 'day', 'type', 'typeLabel', 'description', 'start', 'end', 'sessions', 'sessions[]'].map(
    (k) => `days[].events[].${k}`,
  ),
  ...['kind', '_id', 'title', 'link', 'papers', 'papers[].authors', 'responsables'].map(
    (k) => `days[].events[].sessions[].${k}`,
  ),
  ...room('days[].events[].sessions[].room'),
  ...person('days[].events[].sessions[].responsables[]'),
  ...person('days[].events[].sessions[].presenter'),
  ...scheduledPaper('days[].events[].sessions[].papers[]'),
];

/** The caller's own account: they may see all of it. */
const me = [
  'createdAt',
  'updatedAt',
  '_id',
  'firstName',
  'lastName',
  'email',
  'alternateEmail',
  'organization',
  'country',
  'phone',
  'isRegistered',
  'notify',
  'lock',
  'lock.status',
  'roles.*',
  'roles',
  'impersonatorId',
];

const track = (at: string) => [
  at,
  ...[
    '_id',
    'name',
    'position',
    'subjectAreas',
    'subjectAreas[]',
    'subjectAreas[]._id',
    'subjectAreas[].name',
    'activities.*',
    'activities',
    'submissionProperties.*',
    'submissionProperties',
    'cameraReadySubmissionProperties.*',
    'cameraReadySubmissionProperties',
    'presentationReadySubmissionProperties.*',
    'presentationReadySubmissionProperties',
    'questions.*',
    'questions',
  ].map((k) => (at ? `${at}.${k}` : k)),
];

const conference = [
  ...['_id', 'shortName', 'fullName', 'externalURL', 'dates', 'city', 'country', 'copyright', 'support'],
  ...['hotel', 'address', 'authorView', 'authorView.viewConferenceTrackStatus'],
  ...['authorView.viewProgrammeOrganizations', 'programTable', 'banner', 'logo', 'consentFileUpload'],
  ...[
    'digitalConsentSigning',
    'consentButtonLabel',
    'publishingAgreementHtml',
    'agreementVersion',
    'timeZone',
  ],
];

/** What /verify/{code} tells anyone holding the code: the document, its recipient's name, its state. */
const verification = [
  ...['code', 'kind', 'kindLabel', 'conference', 'recipientName', 'paperTitle', 'numberLabel', 'amount'],
  ...['currency', 'issuedAt', 'sha256', 'revoked', 'revokedAt', 'revokeReason', 'creditedBy', 'credits'],
];

/** A co-author sees the contact fields of the other authors of their own paper (they added them by e-mail). */
const coAuthors = (at: string) =>
  [
    ...['authors', 'authors[]._id', 'authors[].firstName', 'authors[].lastName', 'authors[].email'],
    ...['authors[].organization', 'authors[].country'],
  ].map((k) => (at ? `${at}.${k}` : k));
const ownPaperShape = (at: string) => [
  ...coAuthors(at),
  ...[
    ...['_id', 'title', 'abstract', 'abstract.*', 'primaryAuthor', 'track', 'primarySubjectArea', 'status'],
    ...['decision', 'isDeleted', 'notes', 'submittedCameraReady', 'submittedPresentationReady'],
    ...['isCameraReady', 'isPresentationReady', 'cameraReady', 'cameraReady.*', 'presentationReady'],
    ...[
      'presentationReady.*',
      'registration',
      'registration.*',
      'otherRegistrations',
      'otherRegistrations[].*',
    ],
    ...['acceptWithRevisionTimestamp', 'createdAt', 'updatedAt', 'actions', 'actions.*'],
  ].map((k) => (at ? `${at}.${k}` : k)),
];
/** /ViewSessionPaper for registered participants and session chairs: the authors to contact about the talk. */
const registeredPaper = [
  ...coAuthors(''),
  ...['_id', 'title', 'abstract', 'abstract.*', 'primaryAuthor', 'track', 'primarySubjectArea'],
  ...['cameraReady', 'cameraReady.*', 'presentationReady', 'presentationReady.*'],
];
/** A reviewer's own requests: no author, no other reviewer. */
const reviewRequest = (at: string) =>
  [
    ...[
      '_id',
      'track',
      'paper',
      'reviewer',
      'isCameraReady',
      'waiting',
      'declined',
      'reviewed',
      'evaluation',
    ],
    ...['state', 'invitedAt', 'respondedAt', 'replyDueAt', 'dueAt', 'trackName', 'paperTitle'],
    // issue 25: the request's review round and the caller's unread discussion comments on the paper
    ...['round', 'roundName', 'discussionUnread'],
    // issue 25: the discussion column (comments and unread the reviewer may read; null before they may)
    ...['discussion', 'discussion.comments', 'discussion.unread'],
    // issue 25: 'reviewer' or 'meta' (the paper's meta-reviewer)
    'role',
  ].map((k) => (at ? `${at}.${k}` : k));

/** A paper's discussion as a reviewer reads it: reviewers appear as "Reviewer N", chairs by name. */
const discussionThread = [
  ...['paper', 'paper._id', 'paper.title', 'paper.track'],
  'comments',
  ...['_id', 'paper', 'author', 'role', 'mine', 'visibility', 'text', 'mentions', 'createdAt', 'unread'].map(
    (k) => `comments[].${k}`,
  ),
  'participants',
  ...['mention', 'name', 'role'].map((k) => `participants[].${k}`),
  ...['lastRead', 'unread', 'canPostChairsOnly'],
];
/** An author's response phase of one round: the reviews as authors may read them (no reviewer, no comments to chairs). */
const responsePhase = (at: string) =>
  [
    ...['paper', 'paperTitle', 'round', 'roundName', 'opensAt', 'closesAt', 'limit', 'unit', 'state', 'now'],
    ...['timeZone', 'reviews', 'response', 'response.text', 'response.submitted', 'response.submittedAt'],
    'response.updatedAt',
    ...['number', 'round', 'quality', 'contribution', 'originality', 'final', 'decision', 'comments'].map(
      (k) => `reviews[].${k}`,
    ),
    'reviews[].comments.author',
  ].map((k) => (at ? `${at}.${k}` : k));

describe('personal data in the answers of authors, reviewers, session chairs and the public', () => {
  let t: TestApp;
  let chair: User;
  let author: User;
  let coauthor: User;
  let sessionChair: User;
  let reviewer: User;
  let trackId: number;
  let ownPaper: number;
  let otherPaper: number;
  let requestId: number;
  let dayId: number;
  let eventId: number;

  const get = (path: string, u: User) => t.call('get', path, u.auth);

  async function paper(title: string, statusId: number, authors: number[]): Promise<number> {
    const overrides = { title, abstractText: ABSTRACT, trackId, statusId, authorViewReviewEnabled: true };
    return (await seedPaper(t.db, { ...overrides, primaryAuthorId: authors[0]! }, authors)).id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    // a chair without a conflict of interest on the papers (another organization and e-mail domain), so
    // the discussion of issue 25 is theirs to write
    chair = await t.user({
      roles: chairRoles(),
      firstName: 'Carla',
      lastName: 'Chair',
      organization: 'Carla Polytechnic',
      email: `carla.${Date.now()}@carla-poly.example`,
    });
    const [track] = await t.db.insert(tracksTable).values({ name: 'Main track', position: 0 }).returning();
    trackId = track!.id;
    const [accepted] = await t.db
      .insert(statusesTable)
      .values({ text: 'Accept', position: 2, isAccepted: true })
      .returning();
    author = await t.user({ firstName: 'Ana', lastName: 'Author', organization: 'Ana University' });
    coauthor = await t.user({ firstName: 'Cora', lastName: 'Coauthor', organization: 'Cora Institute' });
    sessionChair = await t.user({ firstName: 'Sam', lastName: 'Sessions', organization: 'Sam College' });
    reviewer = await t.user({
      email: `rita.${Date.now()}@rita-lab.example`,
      firstName: 'Rita',
      lastName: 'Reviewer',
      organization: 'Rita Lab',
      roles: { reviewer: { is: true, tracks: [trackId], count: 0 } },
    });
    ownPaper = await paper('Greedy colouring of sparse graphs', accepted!.id, [author.id, coauthor.id]);
    otherPaper = await paper('Edge colouring in linear time', accepted!.id, [coauthor.id]);
    const post = (path: string, body: object) => t.call('post', path, chair.auth).send(body);
    const roomId = (await post('/api/chair/rooms', { name: 'Room A' }).expect(201)).body._id as number;
    dayId = (await post('/api/chair/days', { date: '9/14/2027' }).expect(201)).body._id as number;
    eventId = (
      await post(`/api/chair/days/${dayId}/events`, {
        type: 'TechnicalSession',
        start: '10:30',
        end: '12:30',
      }).expect(201)
    ).body._id as number;
    await post('/api/chair/technical_sessions', {
      _id: 1,
      title: 'Graph colouring',
      responsables: [sessionChair.id],
      room: roomId,
      papers: [otherPaper, ownPaper],
    }).expect(201);
    await t
      .call('put', `/api/chair/days/${dayId}/events/${eventId}/sessions`, chair.auth, { sessions: [1] })
      .expect(200);
    await post('/api/chair/programme/publish', {}).expect(201);
    requestId = (
      await post('/api/chair/review_requests', {
        track: trackId,
        paper: otherPaper,
        reviewer: reviewer.id,
      }).expect(201)
    ).body._id as number;
    // issue 25: the reviewer is also the meta-reviewer of the author's paper (the meta-review screen)
    await post('/api/chair/review_requests', {
      track: trackId,
      paper: ownPaper,
      reviewer: reviewer.id,
      role: 'meta',
    }).expect(201);
    // issue 25: the reviewer reads the discussion before reviewing (a track setting); the chair writes to the
    // reviewers of one paper and to the authors of the other, so both answers carry comments
    await t.db.update(tracksTable).set({ discussionBeforeReview: true }).where(eq(tracksTable.id, trackId));
    await post(`/api/chair/discussion/${otherPaper}`, {
      text: 'Please discuss @Reviewer1',
      visibility: 'reviewers',
    }).expect(201);
    await post(`/api/chair/discussion/${ownPaper}`, {
      text: 'The committee liked the proofs.',
      visibility: 'authors',
    }).expect(201);
    await t.db.insert(issuedDocumentsTable).values({
      code: CODE,
      kind: 'acceptance',
      paperId: ownPaper,
      recipientUserId: author.id,
      recipientName: 'Ana Author',
      params: { kind: 'acceptance', values: {}, template: { custom: false, updatedAt: null } },
      pdf: Buffer.from('%PDF-1.4'),
      size: 8,
      sha256: '0'.repeat(64),
      fileName: 'acceptance.pdf',
    });
    // Tokens carry the roles of their time: sign the session chair in again.
    const login = await t
      .http()
      .post('/api/auth/login')
      .send({ email: sessionChair.email, password: sessionChair.password })
      .expect(200);
    sessionChair = { ...sessionChair, auth: ['Authorization', `Bearer ${login.body.accessToken as string}`] };
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const callers = { author: () => author, reviewer: () => reviewer, sessionChair: () => sessionChair };
  /** Who asks, the path with its parameters filled in (and a query when the route needs one), the fields allowed. */
  type RouteCase = [caller: keyof typeof callers, url: () => string, fields: string[]];
  /** Routes that answer files (PDF, images, calendars), never JSON: no fields to list. */
  const FILES = new Set([
    'GET /api/author/conference/:conferenceId/banner',
    'GET /api/author/conference/:conferenceId/logo',
    'GET /api/author/papers/:paperId/consent/signature',
    'GET /api/author/papers/:paperId/download/:fileId',
    'GET /api/author/papers/:paperId/letters/:kind',
    'GET /api/author/programme/calendar.ics',
    'GET /api/registered/papers/:paperId/download/:fileId',
    'GET /api/reviewer/papers/:paperId/download/:fileId',
  ]);

  const CASES: Record<string, RouteCase> = {
    'GET /api/author/programme': ['author', () => '/api/author/programme', programme],
    'GET /api/session/programme': ['sessionChair', () => '/api/session/programme', programme],
    'GET /api/author/days': ['author', () => '/api/author/days', ['[]', ...dayShape('[]')]],
    'GET /api/author/days/:dayId': ['author', () => `/api/author/days/${dayId}`, dayShape('')],
    'GET /api/author/days/:dayId/events': [
      'author',
      () => `/api/author/days/${dayId}/events`,
      ['[]', ...eventShape('[]')],
    ],
    'GET /api/author/days/:dayId/events/:eventId': [
      'author',
      () => `/api/author/days/${dayId}/events/${eventId}`,
      eventShape(''),
    ],
    'GET /api/author/users': ['author', () => '/api/author/users', me],
    // The caller's own contact details on the profile screen (issue 21 item 13): nobody else's.
    'GET /api/author/profile': [
      'author',
      () => '/api/author/profile',
      ['firstName', 'lastName', 'email', 'alternateEmail', 'organization', 'country', 'phone', 'notify'],
    ],
    'GET /api/author/users/search': [
      'author',
      () => `/api/author/users/search?email=${encodeURIComponent(coauthor.email)}`,
      ['[]._id', '[].firstName', '[].lastName', '[].email', '[].organization', '[].country'],
    ],
    'GET /api/utils': [
      'author',
      () => '/api/utils',
      ['editPaperSubmissionValues', 'editPaperSubmissionValues.*', 'filters', 'filters.*'],
    ],
    'GET /api/health': ['author', () => '/api/health', ['status', 'database', 'checkedAt', 'latencyMs']],
    'GET /api/verify/:code': ['author', () => `/api/verify/${CODE}`, verification],
    'GET /api/author/conference/name': [
      'author',
      () => '/api/author/conference/name',
      ['shortName', 'fullName', 'timeZone'],
    ],
    'GET /api/author/conference': ['author', () => '/api/author/conference', conference],
    'GET /api/author/conference/:conferenceId': ['author', () => '/api/author/conference/1', conference],
    'GET /api/author/tracks': ['author', () => '/api/author/tracks', track('[]')],
    'GET /api/author/tracks/:trackId': ['author', () => `/api/author/tracks/${trackId}`, track('')],
    'GET /api/reviewer/tracks': ['reviewer', () => '/api/reviewer/tracks', track('[]')],
    'GET /api/reviewer/tracks/:trackId': ['reviewer', () => `/api/reviewer/tracks/${trackId}`, track('')],
    'GET /api/session/tracks': ['sessionChair', () => '/api/session/tracks', track('[]')],
    'GET /api/session/tracks/:trackId': ['sessionChair', () => `/api/session/tracks/${trackId}`, track('')],
    'GET /api/author/papers': ['author', () => '/api/author/papers', ownPaperShape('[]')],
    'GET /api/author/papers/:paperId': ['author', () => `/api/author/papers/${ownPaper}`, ownPaperShape('')],
    'GET /api/author/papers/:paperId/email': [
      'author',
      () => `/api/author/papers/${ownPaper}/email`,
      ['to', 'to[]._id', 'to[].firstName', 'to[].lastName', 'to[].email', 'subject', 'text'],
    ],
    'GET /api/author/papers/:paperId/reviews': [
      'author',
      () => `/api/author/papers/${ownPaper}/reviews`,
      ['[]', '[].*'],
    ],
    'GET /api/author/papers/:paperId/letters': [
      'author',
      () => `/api/author/papers/${ownPaper}/letters`,
      ['[]', '[].*'],
    ],
    'GET /api/registered/papers/:paperId': [
      'sessionChair',
      () => `/api/registered/papers/${otherPaper}`,
      registeredPaper,
    ],
    'GET /api/reviewer/review_requests': [
      'reviewer',
      () => '/api/reviewer/review_requests',
      ['count', 'data', ...reviewRequest('data[]')],
    ],
    'GET /api/reviewer/review_requests/:reviewRequestId': [
      'reviewer',
      () => `/api/reviewer/review_requests/${requestId}`,
      reviewRequest(''),
    ],
    'GET /api/reviewer/papers/:paperId': [
      'reviewer',
      () => `/api/reviewer/papers/${otherPaper}`,
      [
        'paper',
        ...[
          '_id',
          'title',
          'abstract',
          'abstract.text',
          'track',
          'trackName',
          'isCameraReady',
          'files',
          'files[].*',
        ].map((k) => `paper.${k}`),
        'requests',
        ...reviewRequest('requests[]'),
        'reviews',
        'reviews[].*',
      ],
    ],
    'GET /api/reviewer/bids': [
      'reviewer',
      () => '/api/reviewer/bids',
      ['[].paper', '[].title', '[].abstract', '[].track', '[].trackName', '[].isCameraReady', '[].bid'],
    ],
    'GET /api/reviewer/conflicts': ['reviewer', () => '/api/reviewer/conflicts', ['[]', '[].*']],
    // issue 25: author responses and the discussion
    'GET /api/author/papers/:paperId/responses': [
      'author',
      () => `/api/author/papers/${ownPaper}/responses`,
      ['[]', ...responsePhase('[]')],
    ],
    'GET /api/author/papers/:paperId/responses/:round': [
      'author',
      () => `/api/author/papers/${ownPaper}/responses/1`,
      responsePhase(''),
    ],
    // issue 26: the checks of the author's own files (findings and page outlines; no other paper is named)
    'GET /api/author/papers/:paperId/checks': [
      'author',
      () => `/api/author/papers/${ownPaper}/checks`,
      [
        '[]',
        ...['fileId', 'fileName', 'part', 'stage', 'status', 'pageCount', 'bodyPages', 'checkedAt'].map(
          (f) => `[].${f}`,
        ),
        ...['findings', 'outlines'].map((f) => `[].${f}`),
      ],
    ],
    'GET /api/author/papers/:paperId/discussion': [
      'author',
      () => `/api/author/papers/${ownPaper}/discussion`,
      ['[]', '[]._id', '[].author', '[].text', '[].createdAt'],
    ],
    'GET /api/reviewer/papers/:paperId/responses': [
      'reviewer',
      () => `/api/reviewer/papers/${otherPaper}/responses`,
      ['[]', ...['paper', 'round', 'roundName', 'text', 'submittedAt', 'updatedAt'].map((k) => `[].${k}`)],
    ],
    'GET /api/reviewer/discussion/:paperId': [
      'reviewer',
      () => `/api/reviewer/discussion/${otherPaper}`,
      discussionThread,
    ],
    'GET /api/reviewer/discussion/:paperId/reviews': [
      'reviewer',
      () => `/api/reviewer/discussion/${otherPaper}/reviews`,
      ['[]', '[].*'],
    ],
    // issue 25: the meta-review screen (reviews as "Reviewer N", no author, no reviewer identity) and the
    // authors' text of the meta-review
    'GET /api/reviewer/papers/:paperId/meta_review': [
      'reviewer',
      () => `/api/reviewer/papers/${ownPaper}/meta_review`,
      [
        ...['paper', 'paper._id', 'paper.title', 'paper.trackName'],
        ...['request', 'request._id', 'request.round', 'request.isCameraReady', 'request.declined'],
        ...['open', 'submittedReviews', 'expectedReviews', 'reviews', 'reviews[].*'],
        ...['statuses', 'statuses[]._id', 'statuses[].text', 'metaReview', 'metaReview.*'],
      ],
    ],
    'GET /api/author/papers/:paperId/meta_review': [
      'author',
      () => `/api/author/papers/${ownPaper}/meta_review`,
      ['[]', '[].round', '[].text'],
    ],
  };

  it('has an allow-list for every GET route of authors, reviewers, session chairs and the public', () => {
    const routes = listRoutes(t.app.get(ModulesContainer))
      .filter(
        (r) =>
          r.method === 'GET' &&
          (/^\/api\/(author|reviewer|session|registered)\//.test(r.path) || !r.access.startsWith('role')),
      )
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !r.startsWith('GET /api/docs'));
    const listed = new Set([...FILES, ...Object.keys(CASES)]);
    expect(routes.filter((r) => !listed.has(r))).toEqual([]);
    expect([...listed].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.keys(CASES))('%s carries only the fields on its list', async (route) => {
    const [caller, url, fields] = CASES[route]!;
    const res = await get(url(), callers[caller]());
    expect(res.status).toBe(200);
    const unlisted = [...new Set(fieldPaths(res.body))].filter((p) => !allowed(p, fields));
    expect(unlisted).toEqual([]);
  });

  it('the published programme names people without their e-mail addresses', async () => {
    const view = (await get('/api/author/programme', author).expect(200)).body as ProgrammeView;
    const session = view.days[0]!.events[0]!.sessions[0]!;
    expect(session.responsables).toEqual([
      { _id: sessionChair.id, firstName: 'Sam', lastName: 'Sessions', organization: 'Sam College' },
    ]);
    expect(session.papers[1]!.authors.map((a) => a.organization)).toEqual([
      'Ana University',
      'Cora Institute',
    ]);
    expect(JSON.stringify(view)).not.toMatch(/@/);
  });

  it('leaves organizations out when the conference does not show them (authorView.viewProgrammeOrganizations)', async () => {
    await t.db.update(conferenceTable).set({
      authorView: { viewConferenceTrackStatus: false, viewProgrammeOrganizations: false },
    });
    try {
      const conf = (await get('/api/author/conference', author).expect(200)).body as ConferenceDto;
      expect(conf.authorView.viewProgrammeOrganizations).toBe(false);
      const view = (await get('/api/author/programme', author).expect(200)).body as ProgrammeView;
      expect(view.days[0]!.events[0]!.sessions[0]!.responsables).toEqual([
        { _id: sessionChair.id, firstName: 'Sam', lastName: 'Sessions' },
      ]);
      expect(JSON.stringify(view)).not.toMatch(/University|Institute|College/);
    } finally {
      await t.db.update(conferenceTable).set({ authorView: { viewConferenceTrackStatus: false } });
    }
  });
});
