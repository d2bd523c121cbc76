import { asc, eq } from 'drizzle-orm';
import { conferenceTable } from '../../apps/api/src/modules/conference/conference.table.js';
import { StartupService } from '../../apps/api/src/modules/demo/startup.service.js';
import { DemoSeeder } from '../../apps/api/src/modules/demo/demo-seeder.service.js';
import {
  statusesTable,
  subjectAreasTable,
  tracksTable,
} from '../../apps/api/src/modules/tracks/tracks.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { DEMO_EMAILS } from '../support/demo-accounts.js';

/** "  Chair   chair@ulisboa.example   Abc123xyz9   (url)" → e-mail and password. */
function signIns(lines: string[]): { email: string; password: string }[] {
  return lines.flatMap((l) => {
    const m = /^\s+.+?\s(\S+@\S+)\s+(\S+)\s+\(/.exec(l);
    return m ? [{ email: m[1]!, password: m[2]! }] : [];
  });
}

describe('start-up on an empty database with the demo conference', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    t = await createTestApp();
    lines = await t.app.get(StartupService).prepare(true);
  });
  afterAll(async () => {
    await t.close();
  });

  it('prints the sign-in addresses of both apps', () => {
    expect(lines.some((l) => l.includes('http://localhost:3000/chair/'))).toBe(true);
    expect(lines.some((l) => /http:\/\/localhost:3000\/(\s|$)/.test(l))).toBe(true);
  });

  it('prints one e-mail and a generated 10-character password per role', () => {
    const accounts = signIns(lines);
    expect(accounts.map((a) => a.email)).toEqual(DEMO_EMAILS);
    for (const a of accounts) expect(a.password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(new Set(accounts.map((a) => a.password)).size).toBe(accounts.length);
  });

  it('lets every printed account sign in, with its role', async () => {
    const signedIn: string[] = [];
    for (const { email, password } of signIns(lines)) {
      const res = await t.http().post('/api/auth/login').send({ email, password }).expect(200);
      signedIn.push(res.body.user.email as string);
      const user = res.body.user as {
        roles: Record<string, { is?: boolean; tracks?: number[]; sessions?: number[] }>;
      };
      switch (email.split('@')[0]) {
        case 'chair':
          expect(user.roles.chair!.is).toBe(true);
          break;
        case 'trackchair':
          expect(user.roles.coChair).toEqual({ is: true, tracks: [1, 2] });
          break;
        case 'reviewer':
          expect(user.roles.reviewer).toMatchObject({ is: true, tracks: [1, 2] });
          break;
        case 'reviewer2':
          expect(user.roles.reviewer).toMatchObject({ is: true, tracks: [2, 3] });
          break;
        case 'sessionchair':
          expect(user.roles.sessionChair!.sessions!.length).toBeGreaterThan(0);
          break;
        default:
          expect([user.roles.chair!.is, user.roles.coChair!.is, user.roles.reviewer!.is]).toEqual([
            false,
            false,
            false,
          ]);
      }
    }
    expect(signedIn).toHaveLength(8);
    const chair = signIns(lines)[0]!;
    const login = await t.http().post('/api/auth/login').send(chair).expect(200);
    await t
      .http()
      .get('/api/chair/tracks')
      .set('Authorization', `Bearer ${login.body.accessToken}`)
      .expect(200);
  });

  it('puts the demo people in distinct organisations and domains, so they are not conflicted with demo papers', async () => {
    const byRole = Object.fromEntries(
      await Promise.all(
        signIns(lines).map(async (a) => {
          const res = await t.http().post('/api/auth/login').send(a).expect(200);
          return [
            a.email.split('@')[0]!,
            ['Authorization', `Bearer ${res.body.accessToken}`] as [string, string],
          ];
        }),
      ),
    ) as Record<string, [string, string]>;
    const me = (
      await t
        .http()
        .get('/api/author/users')
        .set(...byRole.author!)
    ).body as { _id: number };
    const track = (await t.db.select().from(tracksTable).orderBy(asc(tracksTable.position)))[0]!;
    // The demo's survey questions are answered in the browser tests; this one is about conflicts.
    await t.db.update(tracksTable).set({ submissionQuestions: [] }).where(eq(tracksTable.id, track.id));
    const areas = await t.db.select().from(subjectAreasTable);
    const area = areas.find((a) => a.trackId === track.id);
    const submitted = await t
      .http()
      .post('/api/author/papers')
      .set(...byRole.author!)
      .field(
        'paper',
        JSON.stringify({
          track: track.id,
          title: 'Demo paper on conflict detection',
          abstract: {
            text: 'This abstract describes the paper in more than fifty characters, as required.',
            questions: [],
          },
          authors: [me._id],
          primaryAuthor: me._id,
          ...(area ? { primarySubjectArea: area.id } : {}),
        }),
      )
      .attach(
        'files',
        Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
        'paper.pdf',
      );
    expect([submitted.status, submitted.body.message]).toEqual([201, undefined]);
    const paper = submitted.body._id as number;
    const candidates = (
      await t
        .http()
        .get(`/api/chair/review_requests/candidates/${paper}`)
        .set(...byRole.chair!)
        .expect(200)
    ).body as { email: string; conflicts: unknown[]; eligible: boolean }[];
    const reviewer = candidates.find((c) => c.email === 'reviewer@ed.example')!;
    expect(reviewer.conflicts).toEqual([]);
    expect(reviewer.eligible).toBe(true);
    const own = await t
      .http()
      .post('/api/cochair/submit_review_request')
      .set(...byRole.trackchair!)
      .send({
        paper,
        quality: 7,
        contribution: 6,
        originality: 8,
        final: 1,
        comments: { author: 'Clear and useful.', chair: 'Solid work.' },
      });
    expect(own.status).toBe(201);
  });

  it('configures the conference with the track status shown to authors', async () => {
    const [c] = await t.db.select().from(conferenceTable);
    expect(c!.shortName).toMatch(/^ICOSS \d{4}$/);
    for (const field of ['fullName', 'dates', 'city', 'country'] as const) expect(c![field]).not.toBe('');
    expect(c!.authorView).toEqual({ viewConferenceTrackStatus: true, viewProgrammeOrganizations: true });
  });

  it('creates four tracks (one of tutorials) with subject areas and deadlines in the future', async () => {
    const tracks = await t.db.select().from(tracksTable).orderBy(asc(tracksTable.position));
    expect(tracks.map((x) => x.name)).toEqual([
      'Main Track',
      'Short Papers and Demos',
      'Doctoral Symposium',
      'Tutorials',
    ]);
    expect(tracks.map((x) => x.position)).toEqual([0, 1, 2, 3]);
    const now = Date.now();
    for (const track of tracks) {
      for (const d of [
        track.canSubmitPaperDeadline,
        track.canEditPaperDeadline,
        track.canSubmitCameraReadyDeadline,
        track.canSubmitPresentationReadyDeadline,
      ])
        expect(d!.getTime()).toBeGreaterThan(now);
    }
    const areas = await t.db.select().from(subjectAreasTable);
    // the paper tracks two subject areas or more, the tutorials one
    for (const track of tracks)
      expect(areas.filter((a) => a.trackId === track.id).length).toBeGreaterThanOrEqual(
        track.name === 'Tutorials' ? 1 : 2,
      );
  });

  it('has the statuses Awaiting Decision (default), Accept, Accept with Revision and Reject', async () => {
    const statuses = await t.db.select().from(statusesTable).orderBy(asc(statusesTable.position));
    expect(statuses.map((s) => [s.text, s.position, s.isDefault, s.isAccepted])).toEqual([
      ['Awaiting Decision', 1, true, false],
      ['Accept', 2, false, true],
      ['Accept with Revision', 3, false, true],
      ['Reject', 4, false, false],
    ]);
  });

  it('does nothing the second time (the database has users now)', async () => {
    const users = (await t.db.select().from(usersTable)).length;
    const again = await t.app.get(StartupService).prepare(true);
    expect(again).toEqual([]);
    expect(await t.app.get(DemoSeeder).seed()).toBeNull();
    expect(await t.db.select().from(usersTable)).toHaveLength(users);
    expect(await t.db.select().from(tracksTable)).toHaveLength(4);
  });
});

describe('start-up without the demo', () => {
  it('leaves an empty database empty', async () => {
    const t = await createTestApp();
    try {
      expect(await t.app.get(StartupService).prepare(false)).toEqual([]);
      expect(await t.db.select().from(usersTable)).toHaveLength(0);
      expect(await t.db.select().from(tracksTable)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('creates the chair of CHAIR_EMAIL/CHAIR_PASSWORD on an empty database, who can sign in', async () => {
    const t = await createTestApp({
      chairEmail: 'first.chair@example.org',
      chairPassword: 'chair-password-1',
    });
    try {
      const lines = await t.app.get(StartupService).prepare(false);
      expect(lines.join('\n')).toContain('first.chair@example.org');
      const users = await t.db.select().from(usersTable);
      expect(users.map((u) => [u.email, u.isChair])).toEqual([['first.chair@example.org', true]]);
      const login = await t
        .http()
        .post('/api/auth/login')
        .send({ email: 'first.chair@example.org', password: 'chair-password-1' })
        .expect(200);
      await t
        .http()
        .get('/api/chair/tracks')
        .set('Authorization', `Bearer ${login.body.accessToken}`)
        .expect(200);
      expect(await t.app.get(StartupService).prepare(false)).toEqual([]);
      expect(await t.db.select().from(usersTable)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('creates the CHAIR_EMAIL chair and the demo together on an empty database', async () => {
    const t = await createTestApp({ chairEmail: 'boss@example.org', chairPassword: 'chair-password-2' });
    try {
      const lines = await t.app.get(StartupService).prepare(true);
      expect(lines[0]).toContain('boss@example.org');
      expect(signIns(lines)).toHaveLength(8);
      const users = await t.db.select().from(usersTable);
      expect(users.filter((u) => u.email === 'boss@example.org' && u.isChair)).toHaveLength(1);
      expect(users.filter((u) => u.passwordHash !== null)).toHaveLength(9);
    } finally {
      await t.close();
    }
  });
});
