import { openDatabase, type DatabaseHandle } from '../database/database.js';
import { reminderRulesTable } from '../modules/jobs/jobs.table.js';
import { emailTemplatesTable } from '../modules/mail/mail.table.js';
import { TemplateUsageRead } from './template-usage.read.js';

describe('TemplateUsageRead', () => {
  let h: DatabaseHandle;
  let read: TemplateUsageRead;
  let used: number;
  let unused: number;

  beforeAll(async () => {
    h = await openDatabase({ inMemory: true });
    read = new TemplateUsageRead(h.db);
    [{ id: used }, { id: unused }] = await h.db
      .insert(emailTemplatesTable)
      .values([
        { subject: 'Camera-ready', text: 'Please upload' },
        { subject: 'Unused', text: '' },
      ])
      .returning({ id: emailTemplatesTable.id })
      .then((rows) => rows as [{ id: number }, { id: number }]);
    await h.db.insert(reminderRulesTable).values([
      { name: 'Zeta reminder', kind: 'cameraReadyNotSubmitted', offsets: [7], templateId: used },
      { name: 'Alpha reminder', kind: 'notRegistered', offsets: [1], templateId: used },
      { name: 'Beta reminder', kind: 'consentNotSigned', offsets: [0, 3], templateId: used },
    ]);
  });
  afterAll(() => h.close());

  it('answers the names of the reminder rules using the template, by name', async () => {
    expect(await read.remindersUsing(used)).toEqual(['Alpha reminder', 'Beta reminder', 'Zeta reminder']);
  });

  it('answers no names for a template no rule uses, or a missing one', async () => {
    expect(await read.remindersUsing(unused)).toEqual([]);
    expect(await read.remindersUsing(999_999)).toEqual([]);
  });

  it('reads within a transaction when given one', async () => {
    await h.db
      .transaction(async (tx) => {
        await tx
          .insert(reminderRulesTable)
          .values({ name: 'In tx', kind: 'notRegistered', offsets: [2], templateId: unused });
        expect(await read.remindersUsing(unused, tx)).toEqual(['In tx']);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await read.remindersUsing(unused)).toEqual([]);
  });
});
