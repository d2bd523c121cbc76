import { asc } from 'drizzle-orm';
import type { DatabaseHandle } from '../../database/database.js';
import { emptyTables, openWith, seedPaper, seedUser } from '../../database/test-database.js';
import { PaperRegistrationsRepository } from './paper-registrations.repository.js';
import { paperRegistrationIdsTable, papersTable } from './papers.table.js';

const reg = (author: number | null, id: string) => ({ author, id, amount: null, extra: '' });

describe('PaperRegistrationsRepository', () => {
  let h: DatabaseHandle;
  let repo: PaperRegistrationsRepository;

  beforeAll(async () => {
    ({ handle: h, repo } = await openWith(() => new PaperRegistrationsRepository()));
  });
  afterAll(() => h.close());
  beforeEach(() => emptyTables(h.db, paperRegistrationIdsTable, papersTable));

  const numbers = async () =>
    (
      await h.db
        .select()
        .from(paperRegistrationIdsTable)
        .orderBy(asc(paperRegistrationIdsTable.registrationId))
    ).map((r) => [r.registrationId, r.paperId, r.kind]);

  it("replaces these papers' numbers and leaves other papers' alone", async () => {
    const [a, b] = [await seedPaper(h.db), await seedPaper(h.db)];
    await h.db.transaction((tx) =>
      repo.replaceIds(
        [a.id, b.id],
        [
          { registrationId: '1001', paperId: a.id, kind: 'main' },
          { registrationId: '2001', paperId: b.id, kind: 'main' },
        ],
        tx,
      ),
    );
    await h.db.transaction((tx) =>
      repo.replaceIds([a.id], [{ registrationId: '1002', paperId: a.id, kind: 'other' }], tx),
    );
    expect(await numbers()).toEqual([
      ['1002', a.id, 'other'],
      ['2001', b.id, 'main'],
    ]);
  });

  it('refuses a number another paper holds, changing nothing', async () => {
    const [a, b] = [await seedPaper(h.db), await seedPaper(h.db)];
    await h.db.transaction((tx) =>
      repo.replaceIds([a.id], [{ registrationId: '1001', paperId: a.id, kind: 'main' }], tx),
    );
    await expect(
      h.db.transaction((tx) =>
        repo.replaceIds([b.id], [{ registrationId: '1001', paperId: b.id, kind: 'main' }], tx),
      ),
    ).rejects.toThrow();
    expect(await numbers()).toEqual([['1001', a.id, 'main']]);
  });

  it('finds the holder of each number, leaving out numbers nobody holds', async () => {
    const a = await seedPaper(h.db);
    await h.db.transaction((tx) =>
      repo.replaceIds([a.id], [{ registrationId: 'TR12', paperId: a.id, kind: 'main' }], tx),
    );
    const owners = await h.db.transaction((tx) => repo.ownersOf(['TR12', '9999'], tx));
    expect([...owners]).toEqual([['TR12', a.id]]);
  });

  it('answers the users who are the author of a registration with a number on a live paper', async () => {
    const [u1, u2, u3, u4, u5] = await Promise.all([1, 2, 3, 4, 5].map(() => seedUser(h.db)));
    await seedPaper(h.db, { registration: reg(u1!.id, '1001') });
    await seedPaper(h.db, { registration: reg(u2!.id, '  '), otherRegistrations: [reg(u3!.id, '1002')] });
    await seedPaper(h.db, { registration: reg(u4!.id, '1003'), isDeleted: true });
    await seedPaper(h.db, { registration: null, otherRegistrations: [reg(u5!.id, '')] });
    const ids = [u1!.id, u2!.id, u3!.id, u4!.id, u5!.id];
    const found = await h.db.transaction((tx) => repo.registeredAuthors(ids, tx));
    expect([...found].sort((x, y) => x - y)).toEqual([u1!.id, u3!.id]);
  });

  it('locks the live papers among the ids, in id order', async () => {
    const [a, b, c] = [
      await seedPaper(h.db),
      await seedPaper(h.db, { isDeleted: true }),
      await seedPaper(h.db),
    ];
    const rows = await h.db.transaction((tx) => repo.lockPapers([c.id, b.id, a.id, c.id + 1000], tx));
    expect(rows.map((r) => r.id)).toEqual([a.id, c.id]);
  });
});
