import type { DatabaseHandle } from '../../database/database.js';
import { openWith, seedPaper, seedTrack, seedUser } from '../../database/test-database.js';
import { ReviewRoundsRepository } from './review-rounds.repository.js';
import { ReviewsRepository } from './reviews.repository.js';
import { reviewRequestsTable } from './reviews.table.js';

describe('ReviewRoundsRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: ReviewRoundsRepository;
  let t1: number;
  let t2: number;

  beforeAll(async () => {
    ({ handle, repo } = await openWith((db) => new ReviewRoundsRepository(db)));
    t1 = (await seedTrack(handle.db)).id;
    t2 = (await seedTrack(handle.db)).id;
  });
  afterAll(() => handle.close());

  it('finds R1 of every new track (the trigger of migration 0016), with no dates and no limit', async () => {
    const rounds = await repo.list(t1);
    expect(rounds).toEqual([
      expect.objectContaining({
        trackId: t1,
        number: 1,
        name: 'R1',
        reviewDueAt: null,
        responseOpensAt: null,
        responseClosesAt: null,
        responseLimit: null,
        responseLimitUnit: 'words',
      }),
    ]);
    expect(await repo.find(t1, 1)).toEqual(rounds[0]);
    expect(await repo.find(t1, 2)).toBeUndefined();
    expect(await repo.nextNumber(t1)).toBe(2);
  });

  it('inserts, finds by name ignoring case (except a number), updates and deletes', async () => {
    const due = new Date('2027-03-01T12:00:00Z');
    const r2 = await repo.insert({
      trackId: t1,
      number: 2,
      name: 'Second',
      reviewDueAt: due,
      responseLimit: 300,
    });
    expect(r2).toMatchObject({ number: 2, name: 'Second', reviewDueAt: due, responseLimit: 300 });
    expect((await repo.findByName(t1, 'second'))?.number).toBe(2);
    expect(await repo.findByName(t1, 'second', 2)).toBeUndefined();
    expect(await repo.findByName(t2, 'second')).toBeUndefined();
    const changed = await repo.update(t1, 2, { name: 'R2', responseLimitUnit: 'characters' });
    expect(changed).toMatchObject({ name: 'R2', responseLimitUnit: 'characters', responseLimit: 300 });
    expect(await repo.update(t1, 9, { name: 'x' })).toBeUndefined();
    expect((await repo.ofTracks([t1, t2])).map((r) => [r.trackId, r.number])).toEqual(
      expect.arrayContaining([
        [t1, 1],
        [t1, 2],
        [t2, 1],
      ]),
    );
    await repo.delete(t1, 2);
    expect(await repo.find(t1, 2)).toBeUndefined();
  });

  it('refuses a second name that differs only in case (unique index)', async () => {
    await expect(repo.insert({ trackId: t2, number: 2, name: 'r1' })).rejects.toThrow();
  });

  it('counts requests per round of one track', async () => {
    const paper = await seedPaper(handle.db, { trackId: t1 });
    const a = await seedUser(handle.db, { isReviewer: true });
    const b = await seedUser(handle.db, { isReviewer: true });
    const due = new Date();
    const row = (reviewerId: number, round: number) => ({
      trackId: t1,
      paperId: paper.id,
      reviewerId,
      round,
      replyDueAt: due,
      dueAt: due,
    });
    await handle.db.insert(reviewRequestsTable).values([row(a.id, 1), row(b.id, 1), row(a.id, 3)]);
    expect([...(await repo.requestCounts(t1))].sort()).toEqual([
      [1, 2],
      [3, 1],
    ]);
    expect((await repo.requestCounts(t2)).size).toBe(0);
    // the per-round loads of the reviews repository
    const reviews = new ReviewsRepository(handle.db);
    expect(await reviews.paperLoad(paper.id, false)).toBe(2);
    expect(await reviews.paperLoad(paper.id, false, undefined, undefined, 3)).toBe(1);
    expect((await reviews.reviewerLoads([a.id], undefined, 3)).get(a.id)?.total).toBe(1);
    expect((await reviews.reviewerLoads([a.id])).get(a.id)?.total).toBe(2);
    expect(await reviews.findPair(paper.id, a.id, false, undefined, 3)).toMatchObject({ round: 3 });
    expect(await reviews.findPair(paper.id, b.id, false, undefined, 3)).toBeUndefined();
  });
});
