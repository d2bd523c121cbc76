import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { TemplateUsageRead } from '../../reads/template-usage.read.js';
import { emailTemplatesTable, type EmailTemplateRow } from './mail.table.js';

/** All SQL of the e-mail templates (§3 EmailTemplate). */
@Injectable()
export class EmailTemplatesRepository {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly usage: TemplateUsageRead,
  ) {}

  list(ex: Executor = this.db): Promise<EmailTemplateRow[]> {
    return ex
      .select()
      .from(emailTemplatesTable)
      .orderBy(asc(emailTemplatesTable.position), asc(emailTemplatesTable.id));
  }

  async findById(id: number, ex: Executor = this.db): Promise<EmailTemplateRow | undefined> {
    const [row] = await ex.select().from(emailTemplatesTable).where(eq(emailTemplatesTable.id, id));
    return row;
  }

  async insert(input: { subject: string; text: string }, ex: Executor = this.db): Promise<EmailTemplateRow> {
    const [row] = await ex
      .insert(emailTemplatesTable)
      .values({
        ...input,
        position: sql`(select coalesce(max(${emailTemplatesTable.position}), 0) + 1 from ${emailTemplatesTable})`,
      })
      .returning();
    return row!;
  }

  async update(
    id: number,
    input: { subject: string; text: string },
    ex: Executor = this.db,
  ): Promise<EmailTemplateRow | undefined> {
    const [row] = await ex
      .update(emailTemplatesTable)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(emailTemplatesTable.id, id))
      .returning();
    return row;
  }

  async remove(id: number, ex: Executor = this.db): Promise<boolean> {
    const rows = await ex
      .delete(emailTemplatesTable)
      .where(eq(emailTemplatesTable.id, id))
      .returning({ id: emailTemplatesTable.id });
    return rows.length > 0;
  }

  async setPositions(ids: number[], ex: Executor): Promise<void> {
    for (const [i, id] of ids.entries())
      await ex
        .update(emailTemplatesTable)
        .set({ position: i + 1 })
        .where(eq(emailTemplatesTable.id, id));
  }

  /** The template, its row locked until the transaction ends (delete vs. a reminder starting to use it). */
  async findForUpdate(id: number, ex: Executor): Promise<EmailTemplateRow | undefined> {
    const [row] = await ex
      .select()
      .from(emailTemplatesTable)
      .where(eq(emailTemplatesTable.id, id))
      .for('update');
    return row;
  }

  async lockAll(ex: Executor): Promise<void> {
    await ex.execute(sql`select id from email_templates for update`);
  }

  /** Names of the reminder rules (jobs module) that use a template: the declared read TemplateUsageRead. */
  remindersUsing(templateId: number, ex: Executor = this.db): Promise<string[]> {
    return this.usage.remindersUsing(templateId, ex);
  }
}
