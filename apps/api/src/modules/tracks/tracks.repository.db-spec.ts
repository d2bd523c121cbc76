import type { DatabaseHandle } from '../../database/database.js';
import { emptyTables, openWith } from '../../database/test-database.js';
import { TracksRepository } from './tracks.repository.js';
import { tracksTable } from './tracks.table.js';

describe('TracksRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: TracksRepository;

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new TracksRepository(db))));
  afterAll(() => handle.close());
  beforeEach(() => emptyTables(handle.db, tracksTable));

  it('nextPosition is 0 for the first track, then one after the last; insert applies the defaults', async () => {
    expect(await repo.nextPosition()).toBe(0);
    const t = await repo.insert({ name: 'Main', position: await repo.nextPosition() });
    expect(t).toMatchObject({
      id: expect.any(Number),
      name: 'Main',
      position: 0,
      canSubmitPaper: true,
      canEditPaper: false,
      maxFilesLimit: 1,
    });
    expect(await repo.nextPosition()).toBe(1);
  });

  it('list, listIds: by position then id, and only the given ids (none for an empty list)', async () => {
    const a = await repo.insert({ name: 'A', position: 2 });
    const b = await repo.insert({ name: 'B', position: 1 });
    const c = await repo.insert({ name: 'C', position: 1 });
    expect((await repo.list(null)).map((t) => t.name)).toEqual(['B', 'C', 'A']);
    expect(await repo.listIds()).toEqual([b.id, c.id, a.id]);
    expect((await repo.list([a.id, c.id])).map((t) => t.name)).toEqual(['C', 'A']);
    expect(await repo.list([])).toEqual([]);
  });

  it('findById and findByName (case and spaces ignored, one id left out); unknown → undefined', async () => {
    const t = await repo.insert({ name: 'Machine Learning' });
    expect(await repo.findById(t.id)).toEqual(t);
    expect(await repo.findById(t.id + 1)).toBeUndefined();
    expect(await repo.findByName(' machine learning  ')).toEqual(t);
    expect(await repo.findByName('MACHINE LEARNING', t.id)).toBeUndefined();
    expect(await repo.findByName('Vision')).toBeUndefined();
  });

  it('track names are unique ignoring case', async () => {
    await repo.insert({ name: 'Systems' });
    await expect(repo.insert({ name: 'SYSTEMS' })).rejects.toThrow();
  });

  it('update sets the patch and updatedAt (undefined for an unknown id); setPosition moves a track', async () => {
    const t = await repo.insert({ name: 'Old' });
    const u = await repo.update(t.id, { name: 'New', canEditPaper: true });
    expect(u).toMatchObject({ id: t.id, name: 'New', canEditPaper: true });
    expect(u!.updatedAt.getTime()).toBeGreaterThanOrEqual(t.updatedAt.getTime());
    expect(await repo.update(999, { name: 'x' })).toBeUndefined();
    await handle.db.transaction(async (tx) => {
      await repo.lockAll(tx);
      await repo.setPosition(t.id, 7, tx);
    });
    expect((await repo.findById(t.id))!.position).toBe(7);
  });

  it('subject areas: inserted, listed by track and position, renamed, and pruned to the ids kept', async () => {
    const t1 = await repo.insert({ name: 'T1' });
    const t2 = await repo.insert({ name: 'T2' });
    await repo.insertAreas([]);
    await repo.insertAreas([
      { trackId: t2.id, name: 'Z', position: 0 },
      { trackId: t1.id, name: 'B', position: 1 },
      { trackId: t1.id, name: 'A', position: 0 },
      { trackId: t1.id, name: 'C', position: 2 },
    ]);
    const names = async (ids: number[]) => (await repo.listAreas(ids)).map((a) => `${a.trackId}:${a.name}`);
    expect(await names([t1.id, t2.id])).toEqual([`${t1.id}:A`, `${t1.id}:B`, `${t1.id}:C`, `${t2.id}:Z`]);
    expect(await repo.listAreas([])).toEqual([]);
    const [a, b, c] = await repo.listAreas([t1.id]);
    // updateArea only touches an area of the track it names
    await repo.updateArea(t2.id, a!.id, { name: 'never', position: 9 });
    await repo.updateArea(t1.id, a!.id, { name: 'A2', position: 5 });
    expect(await names([t1.id])).toEqual([`${t1.id}:B`, `${t1.id}:C`, `${t1.id}:A2`]);
    await repo.deleteAreasExcept(t1.id, [b!.id, c!.id]);
    expect(await names([t1.id, t2.id])).toEqual([`${t1.id}:B`, `${t1.id}:C`, `${t2.id}:Z`]);
    await repo.deleteAreasExcept(t1.id, []);
    expect(await names([t1.id, t2.id])).toEqual([`${t2.id}:Z`]);
  });
});
