/**
 * Registration editing, PUT /api/chair/papers/:paperId with `registration` and `otherRegistrations`: the §5
 * rules, the stored numbers (paper_registration_ids) deciding 'Paper registration number already in use!', the
 * users' isRegistered flag, the activity entry, and registrations being chair-only.
 */
import {
  CHAIR_PAPER_MESSAGES,
  PAPER_MESSAGES,
  REGISTRATION_EXTRA_MESSAGES,
  REGISTRATION_MESSAGES,
} from '@symposium/domain';
import { and, eq } from 'drizzle-orm';
import { auditLogTable } from '../../apps/api/src/modules/activity/activity.table.js';
import { paperRegistrationIdsTable } from '../../apps/api/src/modules/papers/papers.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { setupChair, type ChairEnv } from './papers-chair.helpers.js';

describe('registration editing', () => {
  let env: ChairEnv;

  beforeAll(async () => {
    env = await setupChair();
  });
  afterAll(async () => {
    await env.close();
  });

  const put = (id: number | string, body: unknown, who = env.chair, prefix = 'chair') =>
    env.t.call('put', `/api/${prefix}/papers/${id}`, who.auth).send(body as object);
  const numbers = async (paperId: number) =>
    (
      await env.t.db
        .select()
        .from(paperRegistrationIdsTable)
        .where(eq(paperRegistrationIdsTable.paperId, paperId))
    )
      .map((r) => `${r.kind}:${r.registrationId}`)
      .sort();
  const isRegistered = async (userId: number) =>
    (await env.t.db.select().from(usersTable).where(eq(usersTable.id, userId)))[0]!.isRegistered;

  it('stores the main and other registrations, their numbers, isRegistered and an activity entry', async () => {
    const author = await env.t.user({ firstName: 'Reg', lastName: 'One' });
    const co = await env.t.user({ firstName: 'Reg', lastName: 'Two' });
    const p = await env.paper({ title: 'Registered paper' }, [author.id, co.id]);
    const res = await put(p.id, {
      registration: { author: author.id, id: '4101', amount: 350.5, extra: 'early bird' },
      otherRegistrations: [
        { author: co.id, id: 'TR123-1', amount: 100, extra: '' },
        { author: co.id, id: 'Waived' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.registration).toEqual({
      author: author.id,
      id: '4101',
      amount: 350.5,
      extra: 'early bird',
    });
    expect(res.body.otherRegistrations).toEqual([
      { author: co.id, id: 'TR123-1', amount: 100, extra: '' },
      { author: co.id, id: 'Waived', amount: null, extra: '' },
    ]);
    const row = await env.row(p.id);
    expect(row.registration).toEqual({ author: author.id, id: '4101', amount: 350.5, extra: 'early bird' });
    expect(row.otherRegistrations).toHaveLength(2);
    // Waived gets no row: many papers may be waived
    expect(await numbers(p.id)).toEqual(['main:4101', 'other:TR123-1']);
    expect(await isRegistered(author.id)).toBe(true);
    expect(await isRegistered(co.id)).toBe(true);
    const [entry] = await env.t.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.paperId, p.id), eq(auditLogTable.action, 'paper.registration')));
    expect(entry).toMatchObject({ actorId: env.chair.id });
    expect(entry!.summary).toContain('4101');

    // the whole list replaces the stored one; the co-author is no longer registered
    await put(p.id, { otherRegistrations: [] }).expect(200);
    expect(await numbers(p.id)).toEqual(['main:4101']);
    expect(await isRegistered(co.id)).toBe(false);
    expect(await isRegistered(author.id)).toBe(true);
    // deleting the paper unregisters its author, restoring registers again
    await put(p.id, { isDeleted: true }).expect(200);
    expect(await isRegistered(author.id)).toBe(false);
    await put(p.id, { isDeleted: false }).expect(200);
    expect(await isRegistered(author.id)).toBe(true);
    // removing the main registration frees its number
    await put(p.id, { registration: null }).expect(200);
    expect(await numbers(p.id)).toEqual([]);
    expect(await isRegistered(author.id)).toBe(false);
  });

  it("answers 409 'Paper registration number already in use!' for another paper's number and changes nothing", async () => {
    const p = await env.paper();
    const q = await env.paper();
    await put(p.id, {
      registration: { author: env.alice.id, id: '4202' },
      otherRegistrations: [{ author: env.alice.id, id: '4203' }],
    }).expect(200);
    for (const body of [
      { registration: { id: '4202' } },
      { registration: { id: '4203' } },
      { otherRegistrations: [{ id: '4202' }] },
      { otherRegistrations: [{ id: '9999' }, { id: '4203' }] },
      { registration: { id: '4204' }, otherRegistrations: [{ id: '4203' }] },
    ]) {
      const res = await put(q.id, body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(CHAIR_PAPER_MESSAGES.registrationInUse);
    }
    const row = await env.row(q.id);
    expect(row.registration).toBeNull();
    expect(row.otherRegistrations).toEqual([]);
    expect(await numbers(q.id)).toEqual([]);
    // the same number twice within one paper: the same 409
    const twice = await put(q.id, { registration: { id: '4210' }, otherRegistrations: [{ id: '4210' }] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CHAIR_PAPER_MESSAGES.registrationInUse);
    // a paper keeps its own number; Waived and Volunteer may be shared
    await put(p.id, { registration: { id: '4202', amount: 10 } }).expect(200);
    await put(p.id, { registration: { id: 'Waived' } }).expect(200);
    await put(q.id, { registration: { id: 'Waived' }, otherRegistrations: [{ id: 'Volunteer' }] }).expect(
      200,
    );
    // the freed number may now be used by the other paper
    await put(q.id, { otherRegistrations: [{ id: '4202' }] }).expect(200);
    expect(await numbers(q.id)).toEqual(['other:4202']);
  });

  it('refuses ids outside the §5 rule, other registrations without an id, bad amounts and foreign authors', async () => {
    const p = await env.paper({}, [env.alice.id]);
    const cases: [unknown, number, string | null][] = [
      [{ registration: { id: '12' } }, 400, REGISTRATION_MESSAGES.invalidId],
      [{ otherRegistrations: [{ id: '' }] }, 400, REGISTRATION_MESSAGES.otherIdRequired],
      [{ otherRegistrations: [{ id: '   ' }] }, 400, REGISTRATION_MESSAGES.otherIdRequired],
      [{ otherRegistrations: [{ id: 'CK123' }] }, 400, REGISTRATION_MESSAGES.invalidId],
      [{ registration: { id: '4301', amount: -1 } }, 400, null],
      [{ registration: { id: '4301', amount: '12' } }, 400, null],
      [{ otherRegistrations: [{ id: '4302', amount: 'ten' }] }, 400, null],
      [{ otherRegistrations: [{ amount: 5 }] }, 400, null],
      [{ otherRegistrations: 'x' }, 400, null],
      [
        { registration: { id: '4301', author: env.bob.id } },
        400,
        REGISTRATION_EXTRA_MESSAGES.authorNotOfPaper,
      ],
      [
        { otherRegistrations: [{ id: '4301', author: env.bob.id }] },
        400,
        REGISTRATION_EXTRA_MESSAGES.authorNotOfPaper,
      ],
      [{ registration: { id: '4301', author: 999999 } }, 400, PAPER_MESSAGES.authorNotFound],
    ];
    for (const [body, status, message] of cases) {
      const res = await put(p.id, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      if (message) expect(res.body.message).toBe(message);
    }
    const row = await env.row(p.id);
    expect(row.registration).toBeNull();
    expect(row.otherRegistrations).toEqual([]);
    expect(await numbers(p.id)).toEqual([]);
  });

  it('is chair-only: a track chair gets 403 for registrations, yet may edit other fields', async () => {
    const p = await env.paper();
    for (const body of [
      { registration: { id: '4401' } },
      { otherRegistrations: [] },
      { registration: null },
    ]) {
      const res = await put(p.id, body, env.cochair, 'cochair');
      expect(res.status).toBe(403);
    }
    await put(p.id, { notes: 'seen' }, env.cochair, 'cochair').expect(200);
    expect((await env.row(p.id)).registration).toBeNull();
    // a chair under the cochair prefix still reaches every track and may edit registrations
    await put(p.id, { registration: { id: '4401' } }, env.chair, 'cochair').expect(200);
  });

  it('lets exactly one of two papers saved at once with the same number win', async () => {
    const p = await env.paper();
    const q = await env.paper();
    const [a, b] = await Promise.all([
      put(p.id, { registration: { id: '4501' } }),
      put(q.id, { otherRegistrations: [{ id: '4501' }] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const owners = await env.t.db
      .select()
      .from(paperRegistrationIdsTable)
      .where(eq(paperRegistrationIdsTable.registrationId, '4501'));
    expect(owners).toHaveLength(1);
    const winner = a.status === 200 ? p.id : q.id;
    const loser = a.status === 200 ? q.id : p.id;
    expect(owners[0]!.paperId).toBe(winner);
    const lost = await env.row(loser);
    expect(lost.registration).toBeNull();
    expect(lost.otherRegistrations).toEqual([]);
  });
});
