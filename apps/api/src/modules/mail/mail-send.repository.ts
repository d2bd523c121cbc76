import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DB, type Db, type Executor } from '../../database/database.js';
import { mailSendsTable, type MailSendRow } from './mail.table.js';

/** All SQL of bulk sends' mail_sends rows (their messages go through OutboxService.enqueueMany). */
@Injectable()
export class MailSendRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async findByKey(createdBy: number, key: string, ex: Executor = this.db): Promise<MailSendRow | undefined> {
    const [row] = await ex
      .select()
      .from(mailSendsTable)
      .where(and(eq(mailSendsTable.createdBy, createdBy), eq(mailSendsTable.idempotencyKey, key)));
    return row;
  }

  async insertSend(row: typeof mailSendsTable.$inferInsert, ex: Executor): Promise<MailSendRow> {
    const [created] = await ex.insert(mailSendsTable).values(row).returning();
    return created!;
  }
}
