import { Inject, Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../database/database.js';
import { reminderRulesTable } from '../modules/jobs/jobs.table.js';

/**
 * Which reminder rules (jobs module) use an e-mail template (mail module): the mail module asks it before
 * deleting a template. Read here, not through the jobs module, which depends on mail (it renders through
 * MailRenderService).
 */
@Injectable()
export class TemplateUsageRead {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Names of the reminder rules that use the template, by name. */
  async remindersUsing(templateId: number, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex
      .select({ name: reminderRulesTable.name })
      .from(reminderRulesTable)
      .where(eq(reminderRulesTable.templateId, templateId))
      .orderBy(asc(reminderRulesTable.name));
    return rows.map((r) => r.name);
  }
}
