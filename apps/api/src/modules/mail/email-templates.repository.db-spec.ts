import type { DatabaseHandle } from '../../database/database.js';
import { emptyTables, openWith } from '../../database/test-database.js';
import { TemplateUsageRead } from '../../reads/template-usage.read.js';
import { EmailTemplatesRepository } from './email-templates.repository.js';
import { emailTemplatesTable } from './mail.table.js';

describe('EmailTemplatesRepository', () => {
  let h: DatabaseHandle;
  let repo: EmailTemplatesRepository;

  beforeAll(async () => {
    ({ handle: h, repo } = await openWith(
      (db) => new EmailTemplatesRepository(db, new TemplateUsageRead(db)),
    ));
  });
  afterAll(() => h.close());
  beforeEach(() => emptyTables(h.db, emailTemplatesTable));

  const subjects = async () => (await repo.list()).map((t) => t.subject);

  it('adds each template after the last one and lists them by position', async () => {
    const a = await repo.insert({ subject: 'A', text: 'a' });
    const b = await repo.insert({ subject: 'B', text: 'b' });
    const c = await repo.insert({ subject: 'C', text: 'c' });
    expect([a.position, b.position, c.position]).toEqual([b.position - 1, c.position - 1, c.position]);
    expect(await subjects()).toEqual(['A', 'B', 'C']);
  });

  it('reorders by the ids given, in a transaction', async () => {
    const [a, b, c] = [
      await repo.insert({ subject: 'A', text: 'a' }),
      await repo.insert({ subject: 'B', text: 'b' }),
      await repo.insert({ subject: 'C', text: 'c' }),
    ];
    await h.db.transaction((tx) => repo.setPositions([c.id, a.id, b.id], tx));
    expect(await subjects()).toEqual(['C', 'A', 'B']);
  });

  it('finds, updates and removes one template; a missing one answers undefined or false', async () => {
    const t = await repo.insert({ subject: 'Old', text: 'old' });
    expect(await repo.findById(t.id)).toMatchObject({ subject: 'Old', text: 'old' });
    const updated = await repo.update(t.id, { subject: 'New', text: 'new' });
    expect(updated).toMatchObject({ id: t.id, subject: 'New', text: 'new', position: t.position });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(t.updatedAt.getTime());
    expect(await repo.update(t.id + 1000, { subject: 'x', text: 'x' })).toBeUndefined();
    expect(await h.db.transaction((tx) => repo.findForUpdate(t.id, tx))).toMatchObject({ subject: 'New' });
    expect(await repo.remove(t.id)).toBe(true);
    expect(await repo.remove(t.id)).toBe(false);
    expect(await repo.findById(t.id)).toBeUndefined();
  });

  it('locks every template inside a transaction', async () => {
    await repo.insert({ subject: 'A', text: 'a' });
    await expect(h.db.transaction((tx) => repo.lockAll(tx))).resolves.toBeUndefined();
  });

  it('names no reminder rule for a template nobody uses', async () => {
    const t = await repo.insert({ subject: 'A', text: 'a' });
    expect(await repo.remindersUsing(t.id)).toEqual([]);
  });
});
