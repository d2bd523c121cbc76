/**
 * Table-driven authorization: every route of the API, for every kind of caller. The test fails when a
 * route is missing from the table (or the table lists a route that does not exist), so a new route
 * cannot ship without deciding who may call it.
 */
import { createTestApp, type TestApp } from '../support/app.js';

type Caller = 'anonymous' | 'author' | 'reviewer' | 'cochair' | 'session' | 'chair' | 'admin';
const SIGNED_IN: Caller[] = ['author', 'reviewer', 'cochair', 'session', 'chair', 'admin'];
const PUBLIC: Caller[] = ['anonymous', ...SIGNED_IN];
const CHAIRS: Caller[] = ['chair', 'admin'];
const TRACK_CHAIRS: Caller[] = ['cochair', 'chair', 'admin'];
const REVIEWERS: Caller[] = ['reviewer', 'admin'];
const SESSION_CHAIRS: Caller[] = ['session', 'chair', 'admin'];

/** "METHOD /path" → who may call it. Everyone else gets 401 (anonymous) or 403. */
export const ROUTES: Record<string, Caller[]> = {
  'GET /api/health': PUBLIC,
  'POST /api/auth/signup': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/logout': PUBLIC,
  'POST /api/auth/password/forgot': PUBLIC,
  'POST /api/auth/password/reset': PUBLIC,
  'POST /api/auth/impersonation/stop': SIGNED_IN,
  'GET /api/author/users': SIGNED_IN,
  'GET /api/author/users/search': SIGNED_IN,
  'POST /api/author/users': SIGNED_IN, // co-author account (papers module)
  // the caller's own profile (issue 21 item 13)
  'GET /api/author/profile': SIGNED_IN,
  'PUT /api/author/profile': SIGNED_IN,
  'PUT /api/author/profile/password': SIGNED_IN,
  'POST /api/chair/users': CHAIRS,
  'GET /api/chair/users/search': CHAIRS,
  'GET /api/chair/users/:userId': CHAIRS,
  'PUT /api/chair/users/:userId': CHAIRS,
  'DELETE /api/chair/users/:userId': CHAIRS,
  'PUT /api/chair/review_requests/conflicts/:paperId/:reviewerId': CHAIRS,
  'DELETE /api/chair/review_requests/conflicts/:paperId/:reviewerId': CHAIRS,
  'POST /api/chair/users/impersonate/:email': CHAIRS,
  'POST /api/chair/users/register/:email/:status': CHAIRS,
  'POST /api/chair/users/export/xls': CHAIRS,
  // conference, /api/utils, tracks, statuses
  'GET /api/utils': SIGNED_IN,
  'GET /api/author/conference': SIGNED_IN,
  'GET /api/author/conference/name': PUBLIC,
  'GET /api/author/conference/:conferenceId': SIGNED_IN,
  'PUT /api/author/conference/:conferenceId': SIGNED_IN,
  'GET /api/author/conference/:conferenceId/banner': PUBLIC,
  'GET /api/author/conference/:conferenceId/logo': PUBLIC,
  'GET /api/chair/conference/:conferenceId': CHAIRS,
  'PUT /api/chair/conference/:conferenceId': CHAIRS,
  'PUT /api/chair/conference/:conferenceId/publisher': CHAIRS,
  'GET /api/author/tracks': SIGNED_IN,
  'GET /api/author/tracks/:trackId': SIGNED_IN,
  'GET /api/reviewer/tracks': REVIEWERS,
  'GET /api/reviewer/tracks/:trackId': REVIEWERS,
  'GET /api/session/tracks': SESSION_CHAIRS,
  'GET /api/session/tracks/:trackId': SESSION_CHAIRS,
  'GET /api/cochair/tracks': TRACK_CHAIRS,
  'GET /api/cochair/tracks/:trackId': TRACK_CHAIRS,
  'GET /api/chair/tracks': CHAIRS,
  'POST /api/chair/tracks': CHAIRS,
  'PUT /api/chair/tracks/sort': CHAIRS,
  'GET /api/chair/tracks/:trackId': CHAIRS,
  'PUT /api/chair/tracks/:trackId': CHAIRS,
  'GET /api/cochair/status': TRACK_CHAIRS,
  'GET /api/cochair/status/:statusId': TRACK_CHAIRS,
  'GET /api/chair/status': CHAIRS,
  'POST /api/chair/status': CHAIRS,
  'PUT /api/chair/status/sort': CHAIRS,
  'GET /api/chair/status/:statusId': CHAIRS,
  'PUT /api/chair/status/:statusId': CHAIRS,
  'DELETE /api/chair/status/:statusId': CHAIRS,
  'GET /api/author/papers': SIGNED_IN,
  'POST /api/author/papers': SIGNED_IN,
  'GET /api/author/papers/:paperId': SIGNED_IN,
  'PUT /api/author/papers/:paperId': SIGNED_IN,
  'DELETE /api/author/papers/:paperId': SIGNED_IN,
  'PUT /api/author/papers/:paperId/notes': SIGNED_IN,
  'GET /api/author/papers/:paperId/email': SIGNED_IN,
  'POST /api/author/papers/:paperId/email': SIGNED_IN,
  'POST /api/author/papers/:paperId/upload': SIGNED_IN,
  'DELETE /api/author/papers/:paperId/delete/:fileId': SIGNED_IN,
  'GET /api/author/papers/:paperId/download/:fileId': SIGNED_IN,
  'POST /api/author/papers/:paperId/camera-ready': SIGNED_IN,
  'POST /api/author/papers/:paperId/presentation-ready': SIGNED_IN,
  'POST /api/author/papers/:paperId/consent': SIGNED_IN,
  'GET /api/author/papers/:paperId/consent/signature': SIGNED_IN,
  'GET /api/registered/papers/:paperId': SESSION_CHAIRS, // and users with isRegistered
  'GET /api/registered/papers/:paperId/download/:fileId': SESSION_CHAIRS, // and users with isRegistered
  // chair and track chair paper management
  'POST /api/chair/papers': CHAIRS,
  'GET /api/chair/papers/:paperId': CHAIRS,
  'PUT /api/chair/papers/:paperId': CHAIRS,
  'DELETE /api/chair/papers/:paperId/delete/:fileId': CHAIRS,
  'POST /api/chair/papers/:paperId/upload': CHAIRS,
  'GET /api/chair/papers/download/file/:fileId': CHAIRS,
  'POST /api/chair/papers/bulk': CHAIRS,
  'POST /api/chair/papers/export/xls': CHAIRS,
  'GET /api/chair/papers/export/html/:paperId': CHAIRS,
  'POST /api/chair/papers/export/html': CHAIRS,
  'POST /api/chair/papers/download': CHAIRS,
  'POST /api/chair/papers/download/:paperId': CHAIRS,
  'POST /api/chair/papers/email/:paperId': CHAIRS,
  'POST /api/chair/papers/upload/:paperId': CHAIRS,
  'POST /api/cochair/papers': TRACK_CHAIRS,
  'GET /api/cochair/papers/:paperId': TRACK_CHAIRS,
  'PUT /api/cochair/papers/:paperId': TRACK_CHAIRS,
  'DELETE /api/cochair/papers/:paperId/delete/:fileId': TRACK_CHAIRS,
  'POST /api/cochair/papers/:paperId/upload': TRACK_CHAIRS,
  'GET /api/cochair/papers/download/file/:fileId': TRACK_CHAIRS,
  'POST /api/cochair/papers/bulk': TRACK_CHAIRS,
  'POST /api/cochair/papers/export/xls': TRACK_CHAIRS,
  'GET /api/cochair/papers/export/html/:paperId': TRACK_CHAIRS,
  'POST /api/cochair/papers/export/html': TRACK_CHAIRS,
  'POST /api/cochair/papers/download': TRACK_CHAIRS,
  'POST /api/cochair/papers/download/:paperId': TRACK_CHAIRS,
  'POST /api/cochair/papers/email/:paperId': TRACK_CHAIRS,
  // reviews module
  'GET /api/chair/review_requests': CHAIRS,
  'POST /api/chair/review_requests': CHAIRS,
  'DELETE /api/chair/review_requests': CHAIRS,
  'GET /api/chair/review_requests/candidates/:paperId': CHAIRS,
  'POST /api/chair/review_requests/auto/proposal': CHAIRS,
  'POST /api/chair/review_requests/auto/meta_proposal': CHAIRS,
  'POST /api/chair/review_requests/auto/apply': CHAIRS,
  'GET /api/chair/review_requests/:reviewRequestId': CHAIRS,
  'PUT /api/chair/review_requests/:reviewRequestId': CHAIRS,
  'DELETE /api/chair/review_requests/:reviewRequestId': CHAIRS,
  'POST /api/chair/submit_review_request': CHAIRS,
  'GET /api/chair/reviews/paper/:paperId': CHAIRS,
  'GET /api/chair/reviews/paper/:paperId/responses': CHAIRS,
  'POST /api/chair/reviews/papers': CHAIRS,
  'POST /api/chair/reviews/import': CHAIRS,
  'GET /api/chair/users/reviewers/:trackId': CHAIRS,
  'POST /api/chair/users/review/count': CHAIRS,
  'DELETE /api/chair/users/remove/reviewer/:userId/:track': CHAIRS,
  'POST /api/chair/users/import/reviewer': CHAIRS,
  'POST /api/chair/users/import/reviewers': CHAIRS,
  // review rounds (issue 25): chairs every track, track chairs theirs (another track: 404, review-rounds.e2e-spec)
  'GET /api/chair/review_rounds/:trackId': CHAIRS,
  'POST /api/chair/review_rounds/:trackId': CHAIRS,
  'GET /api/chair/review_rounds/:trackId/:round': CHAIRS,
  'PUT /api/chair/review_rounds/:trackId/:round': CHAIRS,
  'DELETE /api/chair/review_rounds/:trackId/:round': CHAIRS,
  'GET /api/cochair/review_rounds/:trackId': TRACK_CHAIRS,
  'POST /api/cochair/review_rounds/:trackId': TRACK_CHAIRS,
  'GET /api/cochair/review_rounds/:trackId/:round': TRACK_CHAIRS,
  'PUT /api/cochair/review_rounds/:trackId/:round': TRACK_CHAIRS,
  'DELETE /api/cochair/review_rounds/:trackId/:round': TRACK_CHAIRS,
  'GET /api/cochair/review_requests': TRACK_CHAIRS,
  'POST /api/cochair/review_requests': TRACK_CHAIRS,
  'DELETE /api/cochair/review_requests': TRACK_CHAIRS,
  'GET /api/cochair/review_requests/candidates/:paperId': TRACK_CHAIRS,
  'POST /api/cochair/review_requests/auto/proposal': TRACK_CHAIRS,
  'POST /api/cochair/review_requests/auto/meta_proposal': TRACK_CHAIRS,
  'POST /api/cochair/review_requests/auto/apply': TRACK_CHAIRS,
  'GET /api/cochair/review_requests/:reviewRequestId': TRACK_CHAIRS,
  'PUT /api/cochair/review_requests/:reviewRequestId': TRACK_CHAIRS,
  'DELETE /api/cochair/review_requests/:reviewRequestId': TRACK_CHAIRS,
  'POST /api/cochair/submit_review_request': TRACK_CHAIRS,
  'GET /api/cochair/reviews/paper/:paperId': TRACK_CHAIRS,
  'GET /api/cochair/reviews/paper/:paperId/responses': TRACK_CHAIRS,
  'POST /api/cochair/reviews/papers': TRACK_CHAIRS,
  'POST /api/cochair/reviews/import': TRACK_CHAIRS,
  'GET /api/cochair/users/reviewers/:trackId': TRACK_CHAIRS,
  'POST /api/cochair/users/review/count': TRACK_CHAIRS,
  'DELETE /api/cochair/users/remove/reviewer/:userId/:track': TRACK_CHAIRS,
  'POST /api/cochair/users/import/reviewer': TRACK_CHAIRS,
  'POST /api/cochair/users/import/reviewers': TRACK_CHAIRS,
  'GET /api/reviewer/review_requests': REVIEWERS,
  'GET /api/reviewer/review_requests/:reviewRequestId': REVIEWERS,
  'PUT /api/reviewer/review_requests/:reviewRequestId': REVIEWERS,
  'GET /api/reviewer/papers/:paperId': REVIEWERS,
  'PUT /api/reviewer/papers/:paperId': REVIEWERS,
  'GET /api/reviewer/papers/:paperId/responses': REVIEWERS,
  'GET /api/reviewer/papers/:paperId/download/:fileId': REVIEWERS,
  'GET /api/reviewer/bids': REVIEWERS,
  'PUT /api/reviewer/bids': REVIEWERS,
  'GET /api/reviewer/conflicts': REVIEWERS,
  'PUT /api/reviewer/conflicts': REVIEWERS,
  'GET /api/author/papers/:paperId/reviews': SIGNED_IN,
  'GET /api/author/papers/:paperId/responses': SIGNED_IN,
  'GET /api/author/papers/:paperId/responses/:round': SIGNED_IN,
  'PUT /api/author/papers/:paperId/responses/:round': SIGNED_IN,
  'POST /api/author/papers/:paperId/responses/:round/submit': SIGNED_IN,
  // discussion (issue 25): per paper the service answers 404 alike to everyone out of reach
  'GET /api/chair/discussion': CHAIRS,
  'POST /api/chair/discussion/unread': CHAIRS,
  'GET /api/chair/discussion/:paperId': CHAIRS,
  'POST /api/chair/discussion/:paperId': CHAIRS,
  'PUT /api/chair/discussion/:paperId/read': CHAIRS,
  'GET /api/chair/discussion/:paperId/reviews': CHAIRS,
  'GET /api/cochair/discussion': TRACK_CHAIRS,
  'POST /api/cochair/discussion/unread': TRACK_CHAIRS,
  'GET /api/cochair/discussion/:paperId': TRACK_CHAIRS,
  'POST /api/cochair/discussion/:paperId': TRACK_CHAIRS,
  'PUT /api/cochair/discussion/:paperId/read': TRACK_CHAIRS,
  'GET /api/cochair/discussion/:paperId/reviews': TRACK_CHAIRS,
  'POST /api/reviewer/discussion/unread': REVIEWERS,
  'GET /api/reviewer/discussion/:paperId': REVIEWERS,
  'POST /api/reviewer/discussion/:paperId': REVIEWERS,
  'PUT /api/reviewer/discussion/:paperId/read': REVIEWERS,
  'GET /api/reviewer/discussion/:paperId/reviews': REVIEWERS,
  'GET /api/author/papers/:paperId/discussion': SIGNED_IN,
  // submission checks (issue 26): papers and pairs outside the caller's tracks answer 404 alike
  'POST /api/author/checks': SIGNED_IN,
  'GET /api/author/papers/:paperId/checks': SIGNED_IN,
  'GET /api/chair/checks/tracks/:trackId': CHAIRS,
  'PUT /api/chair/checks/tracks/:trackId': CHAIRS,
  'GET /api/cochair/checks/tracks/:trackId': TRACK_CHAIRS,
  'PUT /api/cochair/checks/tracks/:trackId': TRACK_CHAIRS,
  'GET /api/chair/papers/:paperId/checks': CHAIRS,
  'POST /api/chair/papers/:paperId/checks/:fileId/accept': CHAIRS,
  'GET /api/cochair/papers/:paperId/checks': TRACK_CHAIRS,
  'POST /api/cochair/papers/:paperId/checks/:fileId/accept': TRACK_CHAIRS,
  'GET /api/chair/checks/duplicates': CHAIRS,
  'POST /api/chair/checks/duplicates/:pairId/dismiss': CHAIRS,
  'GET /api/chair/checks/report': CHAIRS,
  'GET /api/chair/checks/report/xlsx': CHAIRS,
  'GET /api/cochair/checks/duplicates': TRACK_CHAIRS,
  'POST /api/cochair/checks/duplicates/:pairId/dismiss': TRACK_CHAIRS,
  'GET /api/cochair/checks/report': TRACK_CHAIRS,
  'GET /api/cochair/checks/report/xlsx': TRACK_CHAIRS,
  // meta-reviews (issue 25): per paper the service answers 404 alike to everyone out of reach
  'GET /api/reviewer/papers/:paperId/meta_review': REVIEWERS,
  'PUT /api/reviewer/papers/:paperId/meta_review': REVIEWERS,
  'POST /api/reviewer/papers/:paperId/meta_review/submit': REVIEWERS,
  'POST /api/chair/reviews/papers/meta_reviews': CHAIRS,
  'GET /api/chair/reviews/paper/:paperId/meta_reviews': CHAIRS,
  'PUT /api/chair/reviews/paper/:paperId/meta_reviews/:metaReviewId': CHAIRS,
  'POST /api/cochair/reviews/papers/meta_reviews': TRACK_CHAIRS,
  'GET /api/cochair/reviews/paper/:paperId/meta_reviews': TRACK_CHAIRS,
  'PUT /api/cochair/reviews/paper/:paperId/meta_reviews/:metaReviewId': TRACK_CHAIRS,
  'GET /api/author/papers/:paperId/meta_review': SIGNED_IN,
  // programme: chairs build it, every signed-in user reads the published version, session chairs their view
  'GET /api/chair/rooms': CHAIRS,
  'POST /api/chair/rooms': CHAIRS,
  'GET /api/chair/rooms/:roomId': CHAIRS,
  'PUT /api/chair/rooms/:roomId': CHAIRS,
  'DELETE /api/chair/rooms/:roomId': CHAIRS,
  'GET /api/chair/days': CHAIRS,
  'POST /api/chair/days': CHAIRS,
  'GET /api/chair/days/:dayId': CHAIRS,
  'PUT /api/chair/days/:dayId': CHAIRS,
  'DELETE /api/chair/days/:dayId': CHAIRS,
  'GET /api/chair/days/:dayId/events': CHAIRS,
  'POST /api/chair/days/:dayId/events': CHAIRS,
  'GET /api/chair/days/:dayId/events/:eventId': CHAIRS,
  'PUT /api/chair/days/:dayId/events/:eventId': CHAIRS,
  'DELETE /api/chair/days/:dayId/events/:eventId': CHAIRS,
  'PUT /api/chair/days/:dayId/events/:eventId/sessions': CHAIRS,
  'GET /api/chair/technical_sessions': CHAIRS,
  'POST /api/chair/technical_sessions': CHAIRS,
  'GET /api/chair/technical_sessions/:id': CHAIRS,
  'PUT /api/chair/technical_sessions/:id': CHAIRS,
  'DELETE /api/chair/technical_sessions/:id': CHAIRS,
  'GET /api/chair/poster_sessions': CHAIRS,
  'POST /api/chair/poster_sessions': CHAIRS,
  'GET /api/chair/poster_sessions/:id': CHAIRS,
  'PUT /api/chair/poster_sessions/:id': CHAIRS,
  'DELETE /api/chair/poster_sessions/:id': CHAIRS,
  'GET /api/chair/tutorials': CHAIRS,
  'POST /api/chair/tutorials': CHAIRS,
  'GET /api/chair/tutorials/:id': CHAIRS,
  'PUT /api/chair/tutorials/:id': CHAIRS,
  'DELETE /api/chair/tutorials/:id': CHAIRS,
  'PUT /api/chair/session_links/:kind/:sessionId': CHAIRS,
  'GET /api/chair/programme': CHAIRS,
  'GET /api/chair/programme/status': CHAIRS,
  'GET /api/chair/programme/papers': CHAIRS,
  'GET /api/chair/programme/tutorial_track': CHAIRS,
  'PUT /api/chair/programme/tutorial_track': CHAIRS,
  'GET /api/chair/programme/people': CHAIRS,
  'GET /api/chair/programme/clashes': CHAIRS,
  'POST /api/chair/programme/clashes/ack': CHAIRS,
  'DELETE /api/chair/programme/clashes/ack/:key': CHAIRS,
  'POST /api/chair/programme/publish': CHAIRS,
  'POST /api/chair/programme/builder/proposal': CHAIRS,
  'POST /api/chair/programme/builder/apply': CHAIRS,
  'GET /api/author/days': SIGNED_IN,
  'GET /api/author/days/:dayId': SIGNED_IN,
  'GET /api/author/days/:dayId/events': SIGNED_IN,
  'GET /api/author/days/:dayId/events/:eventId': SIGNED_IN,
  'GET /api/author/programme': SIGNED_IN,
  'GET /api/author/programme/calendar.ics': SIGNED_IN,
  'GET /api/session/programme': SESSION_CHAIRS,
  // e-mail: templates (track chairs read them), settings, preview and send, history; activity and reminders (chairs)
  'GET /api/chair/emailTemplate': CHAIRS,
  'POST /api/chair/emailTemplate': CHAIRS,
  'GET /api/chair/emailTemplate/:id': CHAIRS,
  'PUT /api/chair/emailTemplate/:id': CHAIRS,
  'DELETE /api/chair/emailTemplate/:id': CHAIRS,
  'PUT /api/chair/emailTemplate/sort': CHAIRS,
  'GET /api/cochair/emailTemplate': TRACK_CHAIRS,
  'GET /api/cochair/emailTemplate/:id': TRACK_CHAIRS,
  'GET /api/chair/emailSettings': CHAIRS,
  'PUT /api/chair/emailSettings': CHAIRS,
  'POST /api/chair/emailSettings/test': CHAIRS,
  'GET /api/cochair/emailSettings': TRACK_CHAIRS,
  'PUT /api/cochair/emailSettings': TRACK_CHAIRS,
  'POST /api/cochair/emailSettings/test': TRACK_CHAIRS,
  'POST /api/chair/mail': CHAIRS,
  'POST /api/chair/mail/preview': CHAIRS,
  'POST /api/chair/mail/resend': CHAIRS,
  'GET /api/chair/mail/:mailId': CHAIRS,
  'POST /api/chair/mail/:mailId/resend': CHAIRS,
  'POST /api/cochair/mail': TRACK_CHAIRS,
  'POST /api/cochair/mail/preview': TRACK_CHAIRS,
  'POST /api/cochair/mail/resend': TRACK_CHAIRS,
  'GET /api/cochair/mail/:mailId': TRACK_CHAIRS,
  'POST /api/cochair/mail/:mailId/resend': TRACK_CHAIRS,
  'POST /api/chair/users/sendEmailstoUsers': CHAIRS,
  'POST /api/cochair/users/sendEmailstoUsers': TRACK_CHAIRS,
  'POST /api/chair/activity': CHAIRS,
  'POST /api/chair/activity/export/xls': CHAIRS,
  'GET /api/chair/activity/delivery': CHAIRS,
  'GET /api/chair/reminders': CHAIRS,
  'POST /api/chair/reminders': CHAIRS,
  'GET /api/chair/reminders/:ruleId': CHAIRS,
  'PUT /api/chair/reminders/:ruleId': CHAIRS,
  'DELETE /api/chair/reminders/:ruleId': CHAIRS,
  'POST /api/chair/reminders/:ruleId/pause': CHAIRS,
  'POST /api/chair/reminders/:ruleId/resume': CHAIRS,
  'POST /api/chair/reminders/:ruleId/dry-run': CHAIRS,
  'POST /api/chair/reminders/:ruleId/run': CHAIRS,
  'GET /api/chair/reminders/:ruleId/history': CHAIRS,
  // registrations (chairs), letters, invoices and receipts, public verification, reports, review exports
  'POST /api/chair/papers/import/registrations': CHAIRS,
  'GET /api/chair/letters/settings': CHAIRS,
  'PUT /api/chair/letters/settings': CHAIRS,
  'GET /api/chair/letters/settings/signature': CHAIRS,
  'PUT /api/chair/letters/settings/signature': CHAIRS,
  'DELETE /api/chair/letters/settings/signature': CHAIRS,
  'GET /api/chair/letters/templates': CHAIRS,
  'PUT /api/chair/letters/templates/:kind': CHAIRS,
  'DELETE /api/chair/letters/templates/:kind': CHAIRS,
  'POST /api/chair/letters/templates/:kind/preview': CHAIRS,
  'POST /api/chair/papers/letter/:paperId': CHAIRS,
  'POST /api/cochair/papers/letter/:paperId': TRACK_CHAIRS,
  'POST /api/chair/papers/invoice/:paperId': CHAIRS,
  'POST /api/cochair/papers/invoice/:paperId': TRACK_CHAIRS,
  'GET /api/chair/documents': CHAIRS,
  'GET /api/chair/documents/:id/pdf': CHAIRS,
  'POST /api/chair/documents/:id/revoke': CHAIRS,
  'POST /api/chair/documents/:id/credit': CHAIRS,
  'POST /api/chair/documents/batches': CHAIRS,
  'GET /api/chair/documents/batches/:id': CHAIRS,
  'GET /api/chair/documents/batches/:id/zip': CHAIRS,
  'GET /api/cochair/documents': TRACK_CHAIRS,
  'GET /api/cochair/documents/:id/pdf': TRACK_CHAIRS,
  'POST /api/cochair/documents/:id/revoke': TRACK_CHAIRS,
  'POST /api/cochair/documents/:id/credit': TRACK_CHAIRS,
  'POST /api/cochair/documents/batches': TRACK_CHAIRS,
  'GET /api/cochair/documents/batches/:id': TRACK_CHAIRS,
  'GET /api/cochair/documents/batches/:id/zip': TRACK_CHAIRS,
  'GET /api/author/papers/:paperId/letters': SIGNED_IN,
  'GET /api/author/papers/:paperId/letters/:kind': SIGNED_IN,
  'GET /api/verify/:code': PUBLIC,
  'GET /api/chair/reports': CHAIRS,
  'GET /api/chair/reports/:reportId': CHAIRS,
  'GET /api/chair/reports/:reportId/xlsx': CHAIRS,
  'POST /api/chair/reports/generate': CHAIRS,
  'GET /api/cochair/reports': TRACK_CHAIRS,
  'GET /api/cochair/reports/:reportId': TRACK_CHAIRS,
  'GET /api/cochair/reports/:reportId/xlsx': TRACK_CHAIRS,
  'POST /api/cochair/reports/generate': TRACK_CHAIRS,
  'POST /api/chair/papers/export/htmlreview': CHAIRS,
  'POST /api/cochair/papers/export/htmlreview': TRACK_CHAIRS,
  'GET /api/chair/papers/bulk/assign/reviewers': CHAIRS,
  'GET /api/cochair/papers/bulk/assign/reviewers': TRACK_CHAIRS,
};
void REVIEWERS;
void SESSION_CHAIRS;
void TRACK_CHAIRS;
void CHAIRS;

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  name?: string;
  handle?: { stack?: Layer[] };
}

function listRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router?: { stack: Layer[] };
    _router?: { stack: Layer[] };
  };
  const stack = (express.router ?? express._router)?.stack ?? [];
  const out = new Set<string>();
  const walk = (layers: Layer[]) => {
    for (const layer of layers) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all') out.add(`${method.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk(stack);
  return [...out].filter((r) => / \/api\//.test(r) && !r.includes('/api/docs')).sort();
}

/** Fills path parameters with ids that do not exist, so allowed calls never change data. */
function concretePath(path: string): string {
  return path
    .replace(/:email/g, 'nobody%40example.org')
    .replace(/:status\b/g, 'true')
    .replace(/:track\b/g, '999999')
    .replace(/:[A-Za-z]+/g, '999999');
}

describe('authorization of every route for every caller', () => {
  let t: TestApp;
  const tokens = new Map<Caller, string | undefined>();

  beforeAll(async () => {
    t = await createTestApp();
    tokens.set('anonymous', undefined);
    tokens.set('author', (await t.user()).token);
    tokens.set(
      'reviewer',
      (await t.user({ roles: { reviewer: { is: true, tracks: [1], count: 0 } } })).token,
    );
    tokens.set('cochair', (await t.user({ roles: { coChair: { is: true, tracks: [1] } } })).token);
    tokens.set('session', (await t.user({ roles: { sessionChair: { sessions: [1] } } })).token);
    tokens.set('chair', (await t.user({ roles: { chair: { is: true } } })).token);
    tokens.set('admin', (await t.user({ roles: { admin: { is: true } } })).token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('has every route of the application in the table, and no route that does not exist', () => {
    const actual = listRoutes(t);
    expect(actual.filter((r) => !(r in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !actual.includes(r))).toEqual([]);
  });

  const cases: [string, Caller][] = [];
  for (const route of Object.keys(ROUTES))
    for (const caller of ['anonymous', ...SIGNED_IN] as Caller[]) cases.push([route, caller]);

  it.each(cases)('%s as %s', async (route, caller) => {
    const [method, path] = route.split(' ') as [string, string];
    const allowed = ROUTES[route]!.includes(caller);
    const token = tokens.get(caller);
    let req = t.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](concretePath(path));
    // A real logout ends the caller's sessions (every later case would answer 401): the public route
    // is called without the token.
    if (token && route !== 'POST /api/auth/logout') req = req.set('Authorization', `Bearer ${token}`);
    // Logging in/out or impersonation-stop for real would change the caller's session; the body is empty.
    const res = await req.send({});
    if (allowed) {
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    } else {
      expect(res.status).toBe(caller === 'anonymous' ? 401 : 403);
    }
  });
});
