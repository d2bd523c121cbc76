import type { DatabaseHandle } from '../../database/database.js';
import { openWith } from '../../database/test-database.js';
import { ConferenceRepository } from './conference.repository.js';

describe('ConferenceRepository (PGlite)', () => {
  let handle: DatabaseHandle;
  let repo: ConferenceRepository;

  beforeAll(async () => ({ handle, repo } = await openWith((db) => new ConferenceRepository(db))));
  afterAll(() => handle.close());

  it('get answers the migrated conference row (1), and undefined for another id', async () => {
    const row = await repo.get(1);
    expect(row).toMatchObject({ id: 1, agreementVersion: 1, timeZone: 'UTC', publishingAgreementHtml: '' });
    expect(await repo.get(2)).toBeUndefined();
    expect(await handle.db.transaction((tx) => repo.getForUpdate(1, tx))).toEqual(row);
    expect(await handle.db.transaction((tx) => repo.getForUpdate(2, tx))).toBeUndefined();
  });

  it('update writes the patch and updatedAt; undefined for an unknown id', async () => {
    const before = (await repo.get(1))!;
    const row = await repo.update(1, { shortName: 'SYM', city: 'Porto' });
    expect(row).toMatchObject({ shortName: 'SYM', city: 'Porto', agreementVersion: before.agreementVersion });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(await repo.get(1)).toEqual(row);
    expect(await repo.update(99, { city: 'x' })).toBeUndefined();
  });

  it('a changed agreement text bumps agreementVersion; the same text does not', async () => {
    const v = (await repo.get(1))!.agreementVersion;
    expect((await repo.update(1, { publishingAgreementHtml: '<p>A</p>' }))!.agreementVersion).toBe(v + 1);
    expect((await repo.update(1, { publishingAgreementHtml: '<p>A</p>' }))!.agreementVersion).toBe(v + 1);
    expect((await repo.update(1, { city: 'Lyon' }))!.agreementVersion).toBe(v + 1);
    expect((await repo.update(1, { publishingAgreementHtml: '<p>B</p>' }))!.agreementVersion).toBe(v + 2);
  });

  it('saves, replaces, lists, reads and deletes the banner and logo', async () => {
    expect(await repo.listImages(1)).toEqual([]);
    expect(await repo.getImage(1, 'logo')).toBeUndefined();
    await repo.saveImage(1, 'logo', { contentType: 'image/png', data: Buffer.from([1, 2, 3]) });
    await repo.saveImage(1, 'banner', { contentType: 'image/jpeg', data: Buffer.from([4]) });
    await repo.saveImage(1, 'logo', { contentType: 'image/gif', data: Buffer.from([5, 6]) });
    const logo = await repo.getImage(1, 'logo');
    expect(logo).toEqual({
      contentType: 'image/gif',
      data: Buffer.from([5, 6]),
      updatedAt: expect.any(Date),
    });
    expect((await repo.listImages(1)).map((i) => i.kind).sort()).toEqual(['banner', 'logo']);
    await handle.db.transaction((tx) => repo.deleteImage(1, 'logo', tx));
    expect(await repo.getImage(1, 'logo')).toBeUndefined();
    expect(await repo.listImages(1)).toEqual([{ kind: 'banner', updatedAt: expect.any(Date) }]);
    await repo.deleteImage(1, 'logo'); // deleting what is not there is fine
  });
});
